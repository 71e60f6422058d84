import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  NumberInput,
  ReferenceInput,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  Title,
  useTranslate,
  BooleanField,
  FunctionField,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { AGENCY_FUNCTION_TYPES, AMBIENT_CATEGORIES, ENVIRONMENTAL_SETTING_TYPES, LAB_ANALYSIS_SETTING_TYPES, NCA_SETTING_TYPES } from '@app/domain/environmental/settings';
import { DetailActions, emptyToNull, FormGrid, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCan, useCanHere } from '../../components/permissions';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { required } from '../../components/validators';
import { SigningTermsSettings } from './SigningTermsSettings';
import { useWatchedText } from '../../components/watchedValues';
import { isOneOf, textOf } from '@app/domain/platform/records/keys';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * NCA settings and laboratory analysis settings: one list per setting type, in tabs. A setting
 * still in use cannot be deleted (the server answers SETTING_IN_USE): switch it off instead.
 */

const choices = (values: readonly string[], prefix: string) => values.map((id) => ({ id, name: `${prefix}.${id}` }));

function SettingTypeList({ settingType }: { settingType: string }) {
  const canCreate = useCan('environmental-settings', 'create');
  return (
    <ResourceContextProvider value="environmental-settings">
      <List
        resource="environmental-settings"
        filter={{ settingType }}
        // Severity levels in their order of gravity, the rest by name.
        sort={settingType === 'severityLevel' ? { field: 'severityRank', order: 'ASC' } : { field: 'name', order: 'ASC' }}
        disableSyncWithLocation
        title={false as never}
        actions={
          <ListToolbar columnsVariant={settingType} views={false}>
            {canCreate ? <CreateButton state={{ record: { settingType } }} /> : null}
          </ListToolbar>
        }
        storeKey={`environmental-settings.${settingType}`}
      >
        <ListDataTable columnsVariant={settingType} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="code" />
          {settingType === 'severityLevel' ? (
            <DataTable.Col source="color">
              <FunctionField
                render={(r: { color?: string | null }) => <Box sx={{ width: 24, height: 16, borderRadius: 0.5, bgcolor: r.color ?? 'transparent', border: 1, borderColor: 'divider' }} />}
              />
            </DataTable.Col>
          ) : null}
          {settingType === 'severityLevel' ? (
            <DataTable.Col source="needsContainment">
              <BooleanField source="needsContainment" />
            </DataTable.Col>
          ) : null}
          {settingType === 'severityLevel' ? <DataTable.Col source="effectivenessCheckDays" /> : null}
          {settingType === 'severityLevel' ? <DataTable.Col source="severityRank" /> : null}
          {settingType === 'environmentalAspectType' ? <DataTable.Col source="ambientCategory" render={(r: { ambientCategory?: string }) => <AmbientCategory value={r.ambientCategory} />} /> : null}
          {settingType === 'companyFunction' ? (
            <DataTable.Col source="agencyFunctionType" render={(r: { agencyFunctionType?: string }) => <AgencyFunctionType value={r.agencyFunctionType} />} />
          ) : null}
          <DataTable.Col source="isActive">
            <BooleanField source="isActive" />
          </DataTable.Col>
        </ListDataTable>
      </List>
    </ResourceContextProvider>
  );
}

function AmbientCategory({ value }: { value?: string }) {
  const translate = useTranslate();
  return <>{value ? translate(`environmental.ambientCategory.${value}`) : ''}</>;
}
function AgencyFunctionType({ value }: { value?: string }) {
  const translate = useTranslate();
  return <>{value ? translate(`environmental.agencyFunctionType.${value}`) : ''}</>;
}

/** The tab of the signing terms on the NCA settings page (administrators: the ones who publish a new version). */
const TERMS_TAB = 'signingTerms';

function SettingsPage({ types, title, withTerms = false }: { types: readonly string[]; title: string; withTerms?: boolean }) {
  const translate = useTranslate();
  const location = useLocation();
  const canPublishTerms = useCan('sign-requests', 'publishTerms');
  const tabs = withTerms && canPublishTerms ? [...types, TERMS_TAB] : types;
  const initial = new URLSearchParams(location.search).get('type');
  const [type, setType] = useState(initial && tabs.includes(initial) ? initial : types[0]);
  return (
    <Box>
      <Title title={translate(title)} />
      <Tabs value={type} onChange={(_, value: string) => setType(value)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {tabs.map((t) => (
          <Tab key={t} value={t} label={translate(t === TERMS_TAB ? 'nca.termsSettings.tab' : `environmental.settingType.${t}`)} data-testid={`setting-tab-${t}`} />
        ))}
      </Tabs>
      {type === TERMS_TAB ? <SigningTermsSettings /> : <SettingTypeList key={type} settingType={type} />}
    </Box>
  );
}

export function NcaSettingsPage() {
  return <SettingsPage types={NCA_SETTING_TYPES} title="environmental.menu.ncaSettings" withTerms />;
}

export function LabAnalysisSettingsPage() {
  return <SettingsPage types={LAB_ANALYSIS_SETTING_TYPES} title="environmental.menu.labAnalysisSettings" />;
}

function SettingFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  const type = useWatchedText('settingType');
  return (
    <FormGrid>
      <SelectInput source="settingType" choices={choices(ENVIRONMENTAL_SETTING_TYPES, 'environmental.settingType')} validate={required} readOnly={readOnly || !isCreate} />
      {type === 'defaultObserver' ? (
        <ReferenceInput source="userId" reference="users">
          <AutocompleteInput
            optionText={(u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email}
            validate={required}
            readOnly={readOnly || !isCreate}
          />
        </ReferenceInput>
      ) : (
        <TextInput source="name" validate={required} readOnly={readOnly} />
      )}
      {type !== 'defaultObserver' ? <TextInput source="code" parse={emptyToNull} readOnly={readOnly} helperText="environmental.help.settingCode" /> : null}
      {type === 'severityLevel' ? <TextInput source="color" type="color" parse={emptyToNull} readOnly={readOnly} /> : null}
      {type === 'severityLevel' ? <BooleanInput source="needsContainment" readOnly={readOnly} helperText="nca.capa.help.needsContainment" /> : null}
      {type === 'severityLevel' ? <NumberInput source="effectivenessCheckDays" min={1} max={730} step={1} readOnly={readOnly} helperText="nca.capa.help.effectivenessCheckDays" /> : null}
      {type === 'severityLevel' ? <NumberInput source="severityRank" min={1} max={99} step={1} readOnly={readOnly} helperText="nca.capa.help.severityRank" /> : null}
      {type === 'environmentalAspectType' ? (
        <SelectInput source="ambientCategory" choices={choices(AMBIENT_CATEGORIES, 'environmental.ambientCategory')} validate={required} readOnly={readOnly} />
      ) : null}
      {type === 'companyFunction' ? (
        <SelectInput source="agencyFunctionType" choices={choices(AGENCY_FUNCTION_TYPES, 'environmental.agencyFunctionType')} validate={required} readOnly={readOnly} />
      ) : null}
      <BooleanInput source="isActive" readOnly={readOnly} />
      <TextInput source="description" parse={emptyToNull} multiline minRows={2} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

const backTo = (type?: string) => (isOneOf(LAB_ANALYSIS_SETTING_TYPES, type) ? `/lab-analysis-settings?type=${type}` : `/nca-settings?type=${type ?? ''}`);

export function SettingEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  return (
    <Edit
      mutationOptions={saveErrors}
      mutationMode="pessimistic"
      title={<RecordTitle />}
      actions={<DetailActions />}
      redirect={(_r?: string, _id?: unknown, data?: Record<string, unknown>) => backTo(textOf(data?.settingType)).slice(1)}
    >
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <SettingFields readOnly={!canSave} isCreate={false} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function SettingCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect={(_r?: string, _id?: unknown, data?: Record<string, unknown>) => backTo(textOf(data?.settingType)).slice(1)}>
      <DetailForm defaultValues={{ isActive: true }}>
        <SettingFields readOnly={false} isCreate />
      </DetailForm>
    </Create>
  );
}
