import { Box } from '@mui/material';
import { Create, SimpleForm } from 'react-admin';
import { AccountFields, PersonalFields } from './UserFields';

export function UserCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm>
        <Box sx={{ width: '100%', maxWidth: 960 }}>
          <AccountFields create />
          <PersonalFields />
        </Box>
      </SimpleForm>
    </Create>
  );
}
