import { Box, Typography } from '@mui/material';
import { Create, CreateButton, DataTable, Edit, FormTab, List, ReferenceField, ReferenceManyField, SearchInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { DetailActions, RecordTitle, DetailForm, DetailTabbedForm, useSaveErrorNotification } from '../../components/forms';
import { useCan, useCanHere, useReachesAllHere } from '../../components/permissions';
import { AgencyReports } from './AgencyReports';
import { CompanyFields, CompanyUsers, ContactsInput, InviteButtons, InviteStatusField, OwnContactsEditor } from '../shared/companies';
import { AgencyChips } from '../orders/screens';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Agencies (the consortium's contractors). The consortium keeps the registry and invites the
 * manager; the agency's own users see it as "My company", edit its contacts and invite colleagues.
 */

export const INVITE_STATUS_CHOICES = ['to_invite', 'invited', 'accepted'].map((id) => ({ id, name: `environmental.inviteStatus.${id}` }));

export function AgencyList() {
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
        <DataTable.NumberCol source="userCount" disableSort />
        <DataTable.NumberCol source="openNcaCount" disableSort />
      </ListDataTable>
    </List>
  );
}

function AgencyOrders() {
  const translate = useTranslate();
  const record = useRecordContext();
  // A supplier reads its orders but not the consortium's lots: the lot column is the consortium's.
  const seesLots = useCan('lots', 'read');
  if (!record) return null;
  return (
    <ReferenceManyField
      reference="orders"
      target="agencyIds"
      sort={{ field: 'name', order: 'ASC' }}
      empty={<Typography color="text.secondary">{translate('environmental.agencies.noOrders')}</Typography>}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" label="resources.orders.fields.name" />
        {seesLots ? (
          <DataTable.Col source="lotId" label="resources.orders.fields.lotId">
            <ReferenceField source="lotId" reference="lots" link={false} />
          </DataTable.Col>
        ) : null}
        <DataTable.Col source="orderType" label="resources.orders.fields.orderType" render={(r) => translate(`environmental.orderType.${r.orderType}`)} />
        <DataTable.Col source="agencyIds" label="resources.orders.fields.agencyIds">
          <AgencyChips />
        </DataTable.Col>
      </DataTable>
    </ReferenceManyField>
  );
}

function AgencyTitle() {
  const translate = useTranslate();
  const own = !useReachesAllHere('read');
  const record = useRecordContext();
  if (own) return <>{`${translate('environmental.myCompany')}${record ? `: ${record.businessName}` : ''}`}</>;
  return <RecordTitle source="businessName" />;
}

/** `id` shows a given record outside its route (My company). */
export function AgencyEdit({ id }: { id?: string } = {}) {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  const own = !useReachesAllHere('read');
  return (
    <Edit
      id={id}
      mutationOptions={saveErrors}
      mutationMode="pessimistic"
      title={<AgencyTitle />}
      actions={
        own ? (
          false
        ) : (
          <DetailActions>
            <InviteButtons kind="agency" />
          </DetailActions>
        )
      }
      redirect={false}
    >
      <DetailTabbedForm canSave={canSave} canDelete={useCanHere('delete')} syncWithLocation={false}>
        <FormTab label="environmental.tabs.registry">
          <Box sx={{ mb: 1 }}>
            <InviteStatusField />
          </Box>
          <CompanyFields readOnly={!canSave} />
          {canSave ? <ContactsInput readOnly={false} /> : <OwnContactsEditor kind="agency" />}
        </FormTab>
        <FormTab label="environmental.tabs.users">
          <CompanyUsers kind="agency" />
        </FormTab>
        <FormTab label="environmental.tabs.nca">
          <AgencyReports />
        </FormTab>
        <FormTab label="environmental.tabs.orders">
          <AgencyOrders />
        </FormTab>
        <FormTab label="history.tab">
          <RecordHistoryHere />
        </FormTab>
      </DetailTabbedForm>
    </Edit>
  );
}

export function AgencyCreate() {
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
