import { Alert, Box, Typography } from '@mui/material';
import { BooleanInput, Edit, SelectInput, TextInput, required, useRecordContext, useTranslate } from 'react-admin';
import { DetailForm, useSaveErrorNotification } from '../../../components/forms';
import type { TSettingRecord } from '@app/domain/platform/settings/settings';
import { useCanHere } from '../../../components/permissions';
import { useSettingDescription, useSettingName } from './settingName';
import { settingTypeChoices } from './settingTypes';
import { RecordHistoryHere } from '../../../components/RecordHistory';

function SettingTitle() {
  const record = useRecordContext<TSettingRecord>();
  return <>{useSettingName()(record)}</>;
}

/** Save, and delete for a list setting: feature flags are part of the product (the API refuses to delete them); a list setting still in use gets 409 SETTING_IN_USE, which the toast explains. */
function SettingForm() {
  const record = useRecordContext<TSettingRecord>();
  const canDelete = useCanHere('delete');
  return (
    <DetailForm canDelete={canDelete && !!record && !record.isSystem}>
      <SettingFields />
    </DetailForm>
  );
}

/** A feature flag has a name, a description and a switch: only the switch is the administrator's. */
function FeatureFlagFields() {
  const record = useRecordContext<TSettingRecord>();
  const name = useSettingName();
  const description = useSettingDescription();
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 700 }}>
      <Typography variant="h6" component="h2">
        {name(record)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, mb: 2 }} color="text.secondary">
        {description(record)}
      </Typography>
      <BooleanInput source="isActive" />
      <Alert severity="info" variant="outlined">
        {/* The code stays visible for support: it is the flag's name in the API and in features.ts. */}
        <span data-testid="system-flag-note">{translate('settings.systemFlag')}</span> ({record?.code})
      </Alert>
    </Box>
  );
}

/** The NCA list settings: name, code, description, colour, active. */
function ListSettingFields() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 900 }}>
      <TextInput source="code" disabled />
      <SelectInput source="settingType" choices={settingTypeChoices} disabled />
      <TextInput source="name" validate={required()} />
      <TextInput source="color" type="color" sx={{ maxWidth: 160 }} />
      <TextInput source="description" multiline minRows={2} sx={{ gridColumn: { md: '1 / span 2' } }} />
      <BooleanInput source="isActive" />
    </Box>
  );
}

function SettingFields() {
  const record = useRecordContext<TSettingRecord>();
  if (!record) return null;
  return record.settingType === 'feature' ? <FeatureFlagFields /> : <ListSettingFields />;
}

/** management/settings/{settingId}: switch a feature flag; rename and describe a list setting. */
export function SettingEdit() {
  return (
    <Edit title={<SettingTitle />} mutationMode="pessimistic" mutationOptions={useSaveErrorNotification()}>
      <SettingForm />
      <RecordHistoryHere section />
    </Edit>
  );
}
