import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { findEerCode } from '@app/domain/environmental/waste/eer';
import {
  ACCEPTANCE_TYPES,
  ANALYSIS_TYPES,
  HAZARD_PROPERTIES,
  PHYSICAL_STATES,
  QUANTITY_UNITS,
  RECEIVER_AUTHORIZATION_TYPES,
  REJECTION_CAUSES,
  TRANSPORT_TYPES,
  WASTE_OPERATIONS,
  WASTE_ORIGINS,
} from '@app/domain/environmental/waste/form-rules';
import { DateInput } from '../../components/DateInput';
import { emptyToNull, FormGrid, SectionTitle } from '../../components/forms';
import { useReachesAll } from '../../components/permissions';
import { required } from '../../components/validators';
import { EerCodeInput } from './EerCodeInput';
import { validFirNumber, validQuantity, validSiteNumber } from './validators';
import { F, choices } from './formLabels';
import { PartyFields } from './PartyFields';
import { rentriHint } from './rentriHint';
import { TextAddButton } from '../../components/TextAddButton';

/*
 * A waste form's fields in RENTRI's order (form, waste, producer, transporters, receiver,
 * intermediaries, acceptance), for the create and the edit page.
 */

export function FormFields({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const canPickAgency = useReachesAll('forms', 'create');
  return (
    <FormGrid>
      <SectionTitle>{translate('forms.sections.general')}</SectionTitle>
      <TextInput source="code" label={F('code')} validate={[required, validFirNumber]} readOnly={readOnly} />
      <TextInput source="contractNumber" label={F('contractNumber')} parse={emptyToNull} readOnly={readOnly} />
      {canPickAgency ? (
        <ReferenceInput source="targetAgencyId" reference="agencies" sort={{ field: 'businessName', order: 'ASC' }}>
          <AutocompleteInput optionText="businessName" label={F('targetAgencyId')} validate={required} readOnly={readOnly} />
        </ReferenceInput>
      ) : null}
      <FormDataConsumer<{ targetAgencyId?: string | null }>>
        {({ formData }) => (
          <ReferenceInput source="orderId" reference="orders" filter={formData.targetAgencyId ? { agencyIds: formData.targetAgencyId } : {}} sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput optionText="name" label={F('orderId')} validate={required} readOnly={readOnly} helperText={canPickAgency ? undefined : 'forms.hints.supplierAgency'} />
          </ReferenceInput>
        )}
      </FormDataConsumer>
      <DateInput source="referencePeriodFrom" label={F('referencePeriodFrom')} validate={required} readOnly={readOnly} />
      <DateInput source="referencePeriodTo" label={F('referencePeriodTo')} validate={required} readOnly={readOnly} />
      <TextInput source="wbs" label={F('wbs')} parse={emptyToNull} readOnly={readOnly} />

      <SectionTitle>{translate('forms.sections.waste')}</SectionTitle>
      <EerCodeInput source="cer" validate={required} readOnly={readOnly} />
      <FormDataConsumer>
        {({ formData }) => {
          const entry = typeof formData.cer === 'string' ? findEerCode(formData.cer) : null;
          return (
            <>
              <TextInput source="cerDescription" label={F('cerDescription')} validate={entry?.code.endsWith('99') ? required : undefined} parse={emptyToNull} readOnly={readOnly} />
              <AutocompleteArrayInput
                source="dangerClass"
                label={F('dangerClass')}
                choices={choices(HAZARD_PROPERTIES)}
                helperText="forms.hints.dangerClass"
                validate={entry?.hazardous ? required : undefined}
                readOnly={readOnly || (entry !== null && !entry.hazardous)}
              />
            </>
          );
        }}
      </FormDataConsumer>
      <SelectInput source="origin" label={F('origin')} choices={choices(WASTE_ORIGINS, 'forms.origin')} validate={required} readOnly={readOnly} />
      <SelectInput source="physicalState" label={F('physicalState')} choices={choices(PHYSICAL_STATES, 'forms.physicalState')} validate={required} readOnly={readOnly} />
      <TextInput source="quantity.value" label={F('quantity.value')} validate={[required, validQuantity]} helperText="forms.hints.quantity" readOnly={readOnly} />
      <SelectInput source="quantity.unit" label={F('quantity.unit')} choices={choices(QUANTITY_UNITS)} validate={required} defaultValue="kg" readOnly={readOnly} />
      <NumberInput source="packages" label={F('packages')} min={1} step={1} parse={(v: string) => (v === '' ? null : Number(v))} helperText={rentriHint('packages')} readOnly={readOnly} />
      <BooleanInput source="bulk" label={F('bulk')} readOnly={readOnly} />
      <BooleanInput source="verifiedAtDeparture" label={F('verifiedAtDeparture')} readOnly={readOnly} />
      <TextInput source="chemicalPhysicalCharacteristics" label={F('chemicalPhysicalCharacteristics')} parse={emptyToNull} readOnly={readOnly} />

      <SectionTitle>{translate('forms.sections.analysis')}</SectionTitle>
      <SelectInput source="certificate.type" label={F('certificate.type')} choices={choices(ANALYSIS_TYPES, 'forms.analysisType')} defaultValue="Analisi" readOnly={readOnly} />
      <FormDataConsumer>
        {({ formData }) => (
          <TextInput
            source="certificate.number"
            label={F('certificate.number')}
            validate={findEerCode(String(formData.cer ?? ''))?.mirror ? required : undefined}
            helperText="forms.hints.certificate"
            readOnly={readOnly}
          />
        )}
      </FormDataConsumer>
      <DateInput source="certificate.date" label={F('certificate.date')} parse={emptyToNull} readOnly={readOnly} />
      <ReferenceInput source="analysisRdpId" reference="rdps" sort={{ field: 'code', order: 'ASC' }}>
        <AutocompleteInput optionText="code" label={F('analysisRdpId')} helperText="forms.hints.analysisRdp" parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>

      <SectionTitle>{translate('forms.sections.adr')}</SectionTitle>
      <BooleanInput source="adr" label={F('adr')} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.adr ? (
            <>
              <TextInput source="adrData.unNumber" label={F('adrData.unNumber')} validate={required} readOnly={readOnly} />
              <TextInput source="adrData.class" label={F('adrData.class')} validate={required} readOnly={readOnly} />
              <TextInput source="adrData.notes" label={F('adrData.notes')} parse={emptyToNull} readOnly={readOnly} />
            </>
          ) : null
        }
      </FormDataConsumer>

      <SectionTitle>{translate('forms.sections.producer')}</SectionTitle>
      <PartyFields prefix="producer" labels="producer" readOnly={readOnly} cityCode />
      <TextInput source="producer.productionSite" label={F('producer.productionSite')} parse={emptyToNull} readOnly={readOnly} />
      <TextInput
        source="producer.siteRegistrationNumber"
        label={F('producer.siteRegistrationNumber')}
        validate={validSiteNumber}
        parse={emptyToNull}
        helperText={rentriHint('producer.siteRegistrationNumber')}
        readOnly={readOnly}
      />

      <SectionTitle>{translate('forms.sections.transporters')}</SectionTitle>
      <ArrayInput source="transporters" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator addButton={<TextAddButton />} disableReordering disableAdd={readOnly} disableRemove={readOnly} fullWidth>
          <FormGrid>
            <PartyFields prefix="" labels="transporter" readOnly={readOnly} />
            <SelectInput source="transportType" label={F('transporter.transportType')} choices={choices(TRANSPORT_TYPES, 'forms.transportType')} defaultValue="Terrestre" readOnly={readOnly} />
            <TextInput source="driverName" label={F('transporter.driverName')} parse={emptyToNull} readOnly={readOnly} />
            <TextInput source="driverSurname" label={F('transporter.driverSurname')} parse={emptyToNull} readOnly={readOnly} />
            <TextInput source="vehiclePlate" label={F('transporter.vehiclePlate')} parse={emptyToNull} readOnly={readOnly} />
            <TextInput source="trailerPlate" label={F('transporter.trailerPlate')} parse={emptyToNull} readOnly={readOnly} />
            <TextInput source="route" label={F('transporter.route')} parse={emptyToNull} readOnly={readOnly} />
          </FormGrid>
        </SimpleFormIterator>
      </ArrayInput>

      <SectionTitle>{translate('forms.sections.receiver')}</SectionTitle>
      <PartyFields prefix="receiver" labels="receiver" readOnly={readOnly} cityCode />
      <SelectInput source="receiver.authorizationType" label={F('receiver.authorizationType')} choices={choices(RECEIVER_AUTHORIZATION_TYPES)} parse={emptyToNull} readOnly={readOnly} />
      <SelectInput source="wasteDestination" label={F('wasteDestination')} choices={choices(WASTE_OPERATIONS)} validate={required} readOnly={readOnly} />

      <SectionTitle>{translate('forms.sections.intermediaries')}</SectionTitle>
      <ArrayInput source="intermediaries" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator addButton={<TextAddButton />} disableReordering disableAdd={readOnly} disableRemove={readOnly} fullWidth>
          <FormGrid>
            <PartyFields prefix="" labels="producer" readOnly={readOnly} />
          </FormGrid>
        </SimpleFormIterator>
      </ArrayInput>

      <SectionTitle>{translate('forms.sections.acceptance')}</SectionTitle>
      <SelectInput source="acceptance.type" label={F('acceptance.type')} choices={choices(ACCEPTANCE_TYPES, 'forms.acceptanceType')} emptyText=" " parse={emptyToNull} readOnly={readOnly} />
      <FormDataConsumer<{ acceptance?: { type?: string | null } | null }>>
        {({ formData }) => {
          const type = formData.acceptance?.type;
          if (!type) return null;
          return (
            <>
              <TextInput
                source="acceptance.acceptedQuantity"
                label={F('acceptance.acceptedQuantity')}
                validate={type === 'P' ? [required, validQuantity] : validQuantity}
                parse={emptyToNull}
                readOnly={readOnly || type === 'R'}
              />
              {type !== 'A' ? (
                <>
                  <SelectInput
                    source="acceptance.rejectionCause"
                    label={F('acceptance.rejectionCause')}
                    choices={choices(REJECTION_CAUSES, 'forms.rejectionCause')}
                    validate={required}
                    readOnly={readOnly}
                  />
                  <TextInput source="acceptance.rejectionReason" label={F('acceptance.rejectionReason')} validate={required} readOnly={readOnly} />
                </>
              ) : null}
              <DateTimeInput source="acceptance.arrivedAt" label={F('acceptance.arrivedAt')} parse={emptyToNull} readOnly={readOnly} />
              <BooleanInput source="acceptance.awaitingAnalysis" label={F('acceptance.awaitingAnalysis')} readOnly={readOnly} />
            </>
          );
        }}
      </FormDataConsumer>

      <TextInput source="notes" label={F('notes')} multiline minRows={2} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

/** Optional groups the API takes whole or as null: no acceptance without its outcome, no ADR data without ADR. */
export function cleanForm(data: Record<string, unknown>): Record<string, unknown> {
  const acceptance = data.acceptance as { type?: string | null } | null | undefined;
  const certificate = data.certificate as { number?: string | null } | null | undefined;
  return {
    ...data,
    acceptance: acceptance?.type ? acceptance : null,
    adrData: data.adr ? data.adrData : null,
    certificate: certificate?.number?.trim() ? certificate : null,
  };
}
