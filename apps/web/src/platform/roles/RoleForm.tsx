import { Box } from '@mui/material';
import { SelectInput, TextInput, required } from 'react-admin';
import { DetailForm } from '../../components/forms';
import { PermissionPicker } from './PermissionPicker';

export const roleTypeChoices = [
  { id: 'internal', name: 'rolesScreen.roleTypes.internal' },
  { id: 'supplier', name: 'rolesScreen.roleTypes.supplier' },
];

export function RoleForm() {
  return (
    <DetailForm>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 900 }}>
        <TextInput source="name" validate={required()} />
        <SelectInput source="roleType" choices={roleTypeChoices} validate={required()} />
        <TextInput source="description" multiline minRows={2} sx={{ gridColumn: { md: '1 / span 2' } }} />
      </Box>
      <PermissionPicker />
    </DetailForm>
  );
}
