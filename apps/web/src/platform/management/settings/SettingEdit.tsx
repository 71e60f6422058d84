import { Box } from '@mui/material';
import { BooleanInput, DeleteWithConfirmButton, Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required, useRecordContext } from 'react-admin';
import { settingTypeChoices } from './settingTypes';

function SettingTitle() {
  const record = useRecordContext<{ name?: string; code?: string }>();
  return <>{record ? record.name || record.code : ''}</>;
}

function SettingToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {/* The API answers 409 SETTING_IN_USE for a setting still referenced; the toast says so. */}
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

/** management/settings/{settingId}: turn a flag on or off, rename, describe. */
export function SettingEdit() {
  return (
    <Edit title={<SettingTitle />} mutationMode="pessimistic">
      <SimpleForm toolbar={<SettingToolbar />}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 900 }}>
          <TextInput source="code" disabled />
          <SelectInput source="settingType" choices={settingTypeChoices} disabled />
          <TextInput source="name" validate={required()} />
          <TextInput source="color" type="color" sx={{ maxWidth: 160 }} />
          <TextInput source="description" multiline minRows={2} sx={{ gridColumn: { md: '1 / span 2' } }} />
          <BooleanInput source="isActive" />
        </Box>
      </SimpleForm>
    </Edit>
  );
}
