import { Box } from '@mui/material';
import { ArrayInput, AutocompleteArrayInput, AutocompleteInput, NumberInput, ReferenceArrayInput, ReferenceInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useCustomQuery } from '../../dataProvider/hooks';
import { DateInput } from '../../components/DateInput';
import type { TAnalyticRow } from '@app/domain/environmental/rdp/rdps';
import { emptyToNull, FormGrid, SectionTitle } from '../../components/forms';
import { useCan } from '../../components/permissions';
import { required } from '../../components/validators';
import { TextAddButton } from '../../components/TextAddButton';

/* The report's data: the form of the create, and of the RDP tab while the report is in processing. */

/** The lots and agencies by name, for a laboratory: it reads neither registry, yet names them on its reports. */
function useSampleChoices(enabled: boolean) {
  return useCustomQuery('rdpSampleChoices', [], { enabled, retry: false, staleTime: 60_000 });
}

export function RdpFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  const translate = useTranslate();
  // The lot and the agency are the consortium's registries: a laboratory picks them from their names only.
  const readsLots = useCan('lots', 'list');
  const readsAgencies = useCan('agencies', 'list');
  const readsLaboratories = useCan('laboratories', 'read');
  const { data: choices } = useSampleChoices(useCan('rdps', 'sampleChoices') && (!readsLots || !readsAgencies));
  return (
    <>
      <FormGrid columns={3}>
        <SectionTitle>{translate('environmental.rdps.sections.sample')}</SectionTitle>
        <TextInput source="code" validate={required} readOnly={readOnly} />
        {/* An agency reads the reports of its samples, not the laboratories' registry: the field is the laboratory's and the consortium's. */}
        {readsLaboratories ? (
          <ReferenceInput source="laboratoryId" reference="laboratories">
            <AutocompleteInput optionText="businessName" validate={required} readOnly={readOnly || !isCreate} />
          </ReferenceInput>
        ) : null}
        {readsLots ? (
          <ReferenceInput source="lotId" reference="lots">
            <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
          </ReferenceInput>
        ) : choices ? (
          <AutocompleteInput source="lotId" choices={choices.lots} optionValue="_id" optionText="name" parse={emptyToNull} readOnly={readOnly} />
        ) : null}
        {readsAgencies ? (
          <ReferenceInput source="agencyId" reference="agencies">
            <AutocompleteInput optionText="businessName" parse={emptyToNull} readOnly={readOnly} />
          </ReferenceInput>
        ) : choices ? (
          <AutocompleteInput source="agencyId" choices={choices.agencies} optionValue="_id" optionText="businessName" parse={emptyToNull} readOnly={readOnly} />
        ) : null}
        <TextInput source="wbs" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="label" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="sampleManufacturer" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="samplingAgency" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="samplingMethod" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="sampler" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="sampleDate" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="samplingReportCode" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="sampleLocation" parse={emptyToNull} readOnly={readOnly} />
        <NumberInput source="lat" min={-90} max={90} step={0.0001} readOnly={readOnly} />
        <NumberInput source="long" min={-180} max={180} step={0.0001} readOnly={readOnly} />
        <SectionTitle>{translate('environmental.rdps.sections.analyses')}</SectionTitle>
        <ReferenceInput source="matrixSettingId" reference="environmental-settings" filter={{ settingType: 'matrix' }}>
          <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
        </ReferenceInput>
        <ReferenceArrayInput source="analyticPackageSettingIds" reference="environmental-settings" filter={{ settingType: 'analyticPackage' }}>
          <AutocompleteArrayInput optionText="name" readOnly={readOnly} />
        </ReferenceArrayInput>
        <TextInput source="cer" parse={emptyToNull} readOnly={readOnly} helperText="17 05 04" />
        <TextInput source="producer" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="receivingDate" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="analysisStartDate" parse={emptyToNull} readOnly={readOnly} />
        <DateInput source="analysisEndDate" parse={emptyToNull} readOnly={readOnly} />
      </FormGrid>
      {readOnly ? null : (
        <Box sx={{ width: '100%', maxWidth: 1200 }}>
          <SectionTitle>{translate('environmental.rdps.sections.rows')}</SectionTitle>
          <ArrayInput source="analyticData" label={false}>
            <SimpleFormIterator addButton={<TextAddButton />} inline disableReordering>
              <TextInput source="activity" label="resources.rdps.fields.activity" validate={required} sx={{ width: { xs: '100%', md: 200 } }} />
              <TextInput source="unit" label="resources.rdps.fields.unit" parse={emptyToNull} sx={{ width: { xs: '100%', md: 110 } }} />
              <TextInput source="method" label="resources.rdps.fields.method" parse={emptyToNull} sx={{ width: { xs: '100%', md: 200 } }} />
              <NumberInput source="lowerLimit" label="resources.rdps.fields.lowerLimit" sx={{ width: { xs: '100%', md: 140 } }} />
              <NumberInput source="upperLimit" label="resources.rdps.fields.upperLimit" sx={{ width: { xs: '100%', md: 140 } }} />
              <TextInput source="value" label="resources.rdps.fields.value" parse={emptyToNull} sx={{ width: { xs: '100%', md: 120 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </Box>
      )}
    </>
  );
}

/** Body of the create and of the update: the analytic rows without their derived checks. */
export function toWritable(data: Record<string, unknown>) {
  const rows = (data.analyticData as Partial<TAnalyticRow>[] | undefined) ?? [];
  return {
    ...data,
    analyticData: rows.map((r) => ({
      activity: r.activity,
      description: r.description ?? null,
      unit: r.unit ?? null,
      method: r.method ?? null,
      lowerLimit: r.lowerLimit ?? null,
      upperLimit: r.upperLimit ?? null,
      value: r.value === undefined || r.value === null ? null : String(r.value),
    })),
  };
}
