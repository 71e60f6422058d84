import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  FormTab,
  List,
  NumberField,
  ReferenceField,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { DetailActions, RecordTitle, DetailForm, DetailTabbedForm, useSaveErrorNotification } from '../../components/forms';
import { useCan, useCanHere, useReachesAllHere } from '../../components/permissions';
import { uploadWithProgress } from '../../dataProvider/files';
import { CompanyFields, CompanyUsers, ContactsInput, InviteButtons, InviteStatusField, OwnContactsEditor } from '../shared/companies';
import { INVITE_STATUS_CHOICES } from '../agencies/screens';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { errorDetailsOf, errorMessageOf, type TErrorDetail } from '../../dataProvider/errors';
import { RecordHistoryHere } from '../../components/RecordHistory';

/* Laboratories: registry, invitation, users, and their price lists (contracts) with xlsx import and export. */

export function LaboratoryList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('environmental.search')} />, <SelectInput key="s" source="inviteStatus" choices={INVITE_STATUS_CHOICES} />]}
      sort={{ field: 'businessName', order: 'ASC' }}
      actions={<ListToolbar>{useCanHere('create') ? <CreateButton /> : null}</ListToolbar>}
    >
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="businessName" />
        <DataTable.Col source="vatNumber" />
        <DataTable.Col source="managerEmail" />
        <DataTable.Col source="inviteStatus">
          <InviteStatusField />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}

function ImportPriceListButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [problems, setProblems] = useState<TErrorDetail[] | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const result = await uploadWithProgress<{ created: number; updated: number; total: number }>(`/laboratories/${record.id}/price-list`, form, () => undefined);
      notify('environmental.priceList.imported', { type: 'success', messageArgs: result });
      refresh();
    } catch (error) {
      const details = errorDetailsOf(error);
      if (details.length) setProblems(details);
      else notify(errorMessageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" component="label" startIcon={<UploadIcon />} disabled={busy} data-testid="price-list-import">
        {translate('environmental.priceList.import')}
        <input hidden type="file" accept=".xlsx" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} data-testid="price-list-file" />
      </Button>
      <Dialog open={!!problems} onClose={() => setProblems(null)} fullWidth maxWidth="md">
        <DialogTitle>{translate('environmental.priceList.refused')}</DialogTitle>
        <DialogContent>
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('environmental.priceList.nothingWritten')}
          </Alert>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="price-list-problems">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('environmental.priceList.row')}</TableCell>
                  <TableCell>{translate('environmental.priceList.field')}</TableCell>
                  <TableCell>{translate('environmental.priceList.value')}</TableCell>
                  <TableCell>{translate('environmental.priceList.problem')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {problems?.map((p, i) => (
                  <TableRow key={i}>
                    <TableCell>{p.row}</TableCell>
                    <TableCell>{p.path}</TableCell>
                    <TableCell>{p.value === undefined || p.value === null ? '' : String(p.value)}</TableCell>
                    <TableCell>{p.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setProblems(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function PriceList() {
  const record = useRecordContext();
  const translate = useTranslate();
  const canImport = useCan('contracts', 'import');
  if (!record) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        {canImport ? <ImportPriceListButton /> : null}
        <DownloadButton path={`/laboratories/${record.id}/price-list.xlsx`} fileName="listino.xlsx" label="environmental.priceList.export" testId="price-list-export" />
      </Stack>
      <ReferenceManyField
        reference="contracts"
        target="laboratoryId"
        sort={{ field: 'code', order: 'ASC' }}
        perPage={100}
        empty={<Typography color="text.secondary">{translate('environmental.priceList.empty')}</Typography>}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="code" label="resources.contracts.fields.code" />
          <DataTable.Col source="articleCode" label="resources.contracts.fields.articleCode" />
          <DataTable.Col source="articleName" label="resources.contracts.fields.articleName" />
          <DataTable.Col source="matrixSettingId" label="resources.contracts.fields.matrixSettingId">
            <ReferenceField source="matrixSettingId" reference="environmental-settings" link={false} />
          </DataTable.Col>
          <DataTable.Col source="price" label="resources.contracts.fields.price">
            <NumberField source="price" options={{ style: 'currency', currency: 'EUR' }} />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}

function LaboratoryTitle() {
  const translate = useTranslate();
  const own = !useReachesAllHere('read');
  const record = useRecordContext();
  if (own) return <>{`${translate('environmental.myLaboratory')}${record ? `: ${record.businessName}` : ''}`}</>;
  return <RecordTitle source="businessName" />;
}

/** `id` shows a given record outside its route (My company). */
export function LaboratoryEdit({ id }: { id?: string } = {}) {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  const own = !useReachesAllHere('read');
  return (
    <Edit
      id={id}
      mutationOptions={saveErrors}
      mutationMode="pessimistic"
      title={<LaboratoryTitle />}
      actions={
        own ? (
          false
        ) : (
          <DetailActions>
            <InviteButtons kind="laboratory" />
          </DetailActions>
        )
      }
      redirect={false}
    >
      <DetailTabbedForm canSave={canSave} canDelete={useCanHere('delete')} syncWithLocation={false}>
        <FormTab label="environmental.tabs.information">
          <Box sx={{ mb: 1 }}>
            <InviteStatusField />
          </Box>
          <CompanyFields readOnly={!canSave} />
          {canSave ? <ContactsInput readOnly={false} /> : <OwnContactsEditor kind="laboratory" />}
        </FormTab>
        <FormTab label="environmental.tabs.priceLists">
          <PriceList />
        </FormTab>
        <FormTab label="environmental.tabs.users">
          <CompanyUsers kind="laboratory" />
        </FormTab>
        <FormTab label="history.tab">
          <RecordHistoryHere />
        </FormTab>
      </DetailTabbedForm>
    </Edit>
  );
}

export function LaboratoryCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <DetailForm>
        <CompanyFields readOnly={false} />
        <ContactsInput readOnly={false} />
      </DetailForm>
    </Create>
  );
}
