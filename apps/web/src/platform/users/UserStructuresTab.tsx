import { Typography } from '@mui/material';
import { DataTable, ReferenceManyField, useResourceDefinitions, useTranslate } from 'react-admin';

/**
 * The structures tab of the user detail. The structures screens belong to the tourist-tax work:
 * until a `structures` resource is registered this tab says so instead of showing a fake list.
 */
export function UserStructuresTab() {
  const translate = useTranslate();
  const resources = useResourceDefinitions();
  if (!resources.structures) {
    return <Typography color="text.secondary">{translate('users.structures.notAvailable')}</Typography>;
  }
  return (
    <ReferenceManyField reference="structures" target="userIds" perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="address" />
      </DataTable>
    </ReferenceManyField>
  );
}
