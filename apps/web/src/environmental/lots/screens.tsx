import { Alert, Stack } from '@mui/material';
import { Create, DataTable, Edit, List, SearchInput, TextInput, CreateButton, useRecordContext, useTranslate } from 'react-admin';
import { checkCig, checkCup } from '@app/domain/environmental/procurement-codes';
import { DetailActions, emptyToNull, FormGrid, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCanHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { useWatchedNullableText } from '../../components/watchedValues';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Lots: name, code, CIG, CUP. A malformed CIG or CUP is refused by the server naming the field; a
 * doubtful one (an unusual CUP, a PCP CIG off the inferred rule) is saved and shown as a warning.
 */

/** Warnings while typing (the same checks the server runs) and those the saved record carries. */
function CodeWarnings() {
  const translate = useTranslate();
  const record = useRecordContext();
  const cig = useWatchedNullableText('cig');
  const cup = useWatchedNullableText('cup');
  const doubts: string[] = [];
  if (cig && checkCig(cig).verdict === 'doubtful') doubts.push(translate('environmental.lots.cigDoubtful'));
  if (cup && checkCup(cup).verdict === 'doubtful') doubts.push(translate('environmental.lots.cupDoubtful'));
  if (doubts.length === 0 && Array.isArray(record?.warnings) && record.warnings.length > 0 && !cig && !cup) doubts.push(translate('environmental.lots.savedWithWarnings'));
  if (doubts.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ gridColumn: '1 / -1' }} data-testid="lot-warnings">
      {doubts.map((d) => (
        <Alert key={d} severity="warning">
          {d}
        </Alert>
      ))}
    </Stack>
  );
}

const validateCig = (value: unknown) => {
  if (!value) return undefined;
  const result = checkCig(String(value));
  return result.verdict === 'invalid' ? `validation.procurementCode.${result.reason}` : undefined;
};
const validateCup = (value: unknown) => {
  if (!value) return undefined;
  const result = checkCup(String(value));
  return result.verdict === 'invalid' ? `validation.procurementCode.${result.reason}` : undefined;
};

function LotFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <TextInput source="code" validate={required} readOnly={readOnly} />
      <TextInput source="cig" parse={emptyToNull} validate={validateCig} readOnly={readOnly} helperText="environmental.help.cig" />
      <TextInput source="cup" parse={emptyToNull} validate={validateCup} readOnly={readOnly} helperText="environmental.help.cup" />
      <TextInput source="functionalCode" parse={emptyToNull} readOnly={readOnly} />
      <CodeWarnings />
      <TextInput source="description" parse={emptyToNull} multiline minRows={3} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

export function LotList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('environmental.search')} />]}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<ListToolbar>{useCanHere('create') ? <CreateButton /> : null}</ListToolbar>}
    >
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="name" />
        <DataTable.Col source="cig" />
        <DataTable.Col source="cup" />
        <DataTable.Col source="functionalCode" />
      </ListDataTable>
    </List>
  );
}

export function LotEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle />} actions={<DetailActions />} redirect={false}>
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <LotFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function LotCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <DetailForm>
        <LotFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
