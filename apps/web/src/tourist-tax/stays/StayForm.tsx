import { useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetList,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../components/DateInput';
import { paymentStatusChoices, sexChoices } from '../shared/choices';
import { FormGrid, SectionTitle, emptyToNull } from '../../components/forms';
import { dateAfter, required, validEmail, validEuros, validPersonalTaxCode, validPhone, validTaxCode, validVatNumber, wholeNumber } from '../../components/validators';
import { LiveTaxPreview, SavedTaxPreview, TaxBreakdown, TaxSummaryBar } from './TaxBreakdown';
import { StayFiles } from './StayFiles';
import { DuplicateStayWarning } from './DuplicateStayWarning';
import { NightlyPricesInput } from './NightlyPricesInput';
import { PoliceCodeInput } from '../police-files/PoliceCodeInput';
import { PoliceReadiness } from '../police-files/PoliceReadiness';
import type { TStayComputation } from '../../dataProvider/stays';
import type { TNamedRecord } from '../../components/records';
import { TextAddButton } from '../../components/TextAddButton';
import { useWatchedText } from '../../components/watchedValues';

const partyKindChoices = [
  { id: 'family', name: 'touristTax.policeFiles.family' },
  { id: 'group', name: 'touristTax.policeFiles.group' },
];

const countParse = (value: string) => (value === '' || value === null ? null : Number(value));

/** Exempt plus reduced guests may not exceed the guests of the stay (the engine's TOO_MANY_EXEMPT_OR_REDUCED). */
function validateCounts(_value: unknown, values: Record<string, unknown>) {
  const total = Number(values.componentsNumber);
  if (!Number.isInteger(total) || total < 1) return undefined;
  const sum = (rows: unknown) => (Array.isArray(rows) ? rows : []).reduce((acc: number, row) => acc + (Number((row as { count?: unknown })?.count) || 0), 0);
  return sum(values.appliedExemptions) + sum(values.appliedReductions) > total ? 'touristTax.validation.tooManyExemptOrReduced' : undefined;
}

/** At least the codice fiscale or the partita IVA of the invoiced party (the API's rule). */
function invoiceIdentifierRequired(_value: unknown, values: Record<string, unknown>) {
  const invoice = (values.invoice ?? {}) as { taxCode?: string | null; vatNumber?: string | null };
  if (!values.hasInvoice) return undefined;
  return invoice.taxCode || invoice.vatNumber ? undefined : 'touristTax.validation.invoiceIdentifier';
}

/** The comune of the chosen structure: the exemptions and reductions offered are that comune's. */
function useStructureCityId(): string | undefined {
  const structureId = useWatchedText('structureId');
  const { data } = useGetOne<{ id: string; cityId: string }>('structures', { id: structureId ?? '' }, { enabled: !!structureId });
  return data?.cityId;
}

function AppliedRulesInputs({ readOnly }: { readOnly: boolean }) {
  const cityId = useStructureCityId();
  const translate = useTranslate();
  const filter = cityId ? { cityId } : {};
  return (
    <>
      <SectionTitle>{translate('touristTax.sections.exemptions')}</SectionTitle>
      <ArrayInput source="appliedExemptions" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator addButton={<TextAddButton label="touristTax.stays.addExemption" />} inline disableReordering disableClear disableAdd={readOnly} disableRemove={readOnly}>
          <ReferenceInput source="exemptionId" reference="exemptions" filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={200}>
            <SelectInput optionText="name" label="touristTax.fields.exemptionId" validate={required} readOnly={readOnly} sx={{ minWidth: 320 }} />
          </ReferenceInput>
          <NumberInput
            source="count"
            label="touristTax.fields.guestCount"
            step={1}
            min={0}
            parse={countParse}
            validate={[required, wholeNumber(0, 10_000), validateCounts]}
            readOnly={readOnly}
            sx={{ width: 140 }}
          />
        </SimpleFormIterator>
      </ArrayInput>
      <SectionTitle>{translate('touristTax.sections.reductions')}</SectionTitle>
      <ArrayInput source="appliedReductions" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator addButton={<TextAddButton label="touristTax.stays.addReduction" />} inline disableReordering disableClear disableAdd={readOnly} disableRemove={readOnly}>
          <ReferenceInput source="reductionId" reference="reductions" filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={200}>
            <SelectInput optionText="name" label="touristTax.fields.reductionId" validate={required} readOnly={readOnly} sx={{ minWidth: 320 }} />
          </ReferenceInput>
          <NumberInput
            source="count"
            label="touristTax.fields.guestCount"
            step={1}
            min={0}
            parse={countParse}
            validate={[required, wholeNumber(0, 10_000), validateCounts]}
            readOnly={readOnly}
            sx={{ width: 140 }}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

function GuestInputs({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const text = { readOnly, parse: emptyToNull } as const;
  const label = (field: string) => `touristTax.guest.${field}`;
  return (
    <>
      <SectionTitle>{translate('touristTax.sections.guest')}</SectionTitle>
      <TextInput source="guest.surname" label={label('surname')} validate={required} readOnly={readOnly} />
      <TextInput source="guest.name" label={label('name')} validate={required} readOnly={readOnly} />
      <TextInput source="guest.taxCode" label={label('taxCode')} validate={validPersonalTaxCode} {...text} />
      <SelectInput source="guest.sex" label={label('sex')} choices={sexChoices} {...text} />
      <DateInput source="guest.birthDate" label={label('birthDate')} {...text} />
      <PoliceCodeInput source="guest.birthCountry" kind="state" label={label('birthCountry')} readOnly={readOnly} />
      <PoliceCodeInput source="guest.birthPlace" kind="comune" label={label('birthPlace')} readOnly={readOnly} provinceSource="guest.birthProvince" countrySource="guest.birthCountry" />
      <TextInput source="guest.birthProvince" label={label('birthProvince')} {...text} />
      <PoliceCodeInput source="guest.citizenship" kind="state" label={label('citizenship')} readOnly={readOnly} />
      <TextInput source="guest.address" label={label('address')} {...text} />
      <TextInput source="guest.city" label={label('city')} {...text} />
      <TextInput source="guest.province" label={label('province')} {...text} />
      <TextInput source="guest.postalCode" label={label('postalCode')} {...text} />
      <TextInput source="guest.country" label={label('country')} {...text} />
      <TextInput source="guest.email" label={label('email')} validate={validEmail} {...text} />
      <TextInput source="guest.phone" label={label('phone')} validate={validPhone} {...text} />
      <PoliceCodeInput source="guest.documentType" kind="document" label={label('documentType')} readOnly={readOnly} />
      <TextInput source="guest.documentNumber" label={label('documentNumber')} {...text} />
      <PoliceCodeInput source="guest.documentIssuePlace" kind="place" label={label('documentIssuePlace')} readOnly={readOnly} />
      <BooleanInput source="guest.resident" label={label('resident')} readOnly={readOnly} />
      <BooleanInput source="guest.tourLeader" label={label('tourLeader')} readOnly={readOnly} />
    </>
  );
}

/** The other guests: enough to apply the comune's age, residence and tour-leader rules (the police data of each too). */
function OtherGuestsInputs({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const text = { readOnly, parse: emptyToNull } as const;
  const label = (field: string) => `touristTax.guest.${field}`;
  return (
    <>
      <SectionTitle>{translate('touristTax.sections.otherGuests')}</SectionTitle>
      <Box sx={{ gridColumn: '1 / -1', color: 'text.secondary', fontSize: '0.875rem' }}>{translate('touristTax.help.otherGuests')}</Box>
      <FormDataConsumer>
        {({ formData }) =>
          Number(formData.componentsNumber) > 1 ? (
            <RadioButtonGroupInput source="partyKind" label="touristTax.fields.partyKind" choices={partyKindChoices} defaultValue="family" readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
          ) : null
        }
      </FormDataConsumer>
      <ArrayInput source="guests" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator
          addButton={<TextAddButton label="touristTax.stays.addGuest" />}
          inline
          disableReordering
          disableClear
          disableAdd={readOnly}
          disableRemove={readOnly}
          sx={{ '& .RaSimpleFormIterator-form': { flexWrap: { sm: 'wrap' }, flex: 1 } }}
        >
          <TextInput source="surname" label={label('surname')} validate={required} readOnly={readOnly} />
          <TextInput source="name" label={label('name')} validate={required} readOnly={readOnly} />
          <DateInput source="birthDate" label={label('birthDate')} {...text} />
          <SelectInput source="sex" label={label('sex')} choices={sexChoices} {...text} />
          <PoliceCodeInput source="birthCountry" kind="state" label={label('birthCountry')} readOnly={readOnly} />
          <PoliceCodeInput source="birthPlace" kind="comune" label={label('birthPlace')} readOnly={readOnly} provinceSource="birthProvince" countrySource="birthCountry" />
          <TextInput source="birthProvince" label={label('birthProvince')} {...text} />
          <PoliceCodeInput source="citizenship" kind="state" label={label('citizenship')} readOnly={readOnly} />
          <BooleanInput source="resident" label={label('resident')} readOnly={readOnly} />
          <BooleanInput source="tourLeader" label={label('tourLeader')} readOnly={readOnly} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

function InvoiceInputs({ readOnly }: { readOnly: boolean }) {
  const text = { readOnly, parse: emptyToNull } as const;
  const label = (field: string) => `touristTax.invoice.${field}`;
  return (
    <>
      <TextInput source="invoice.name" label={label('name')} validate={required} readOnly={readOnly} />
      <TextInput source="invoice.taxCode" label={label('taxCode')} validate={[validTaxCode, invoiceIdentifierRequired]} {...text} />
      <TextInput source="invoice.vatNumber" label={label('vatNumber')} validate={validVatNumber} {...text} />
      <TextInput source="invoice.address" label={label('address')} {...text} />
      <TextInput source="invoice.cap" label={label('cap')} {...text} />
      <TextInput source="invoice.city" label={label('city')} {...text} />
      <TextInput source="invoice.officeCity" label={label('officeCity')} {...text} />
      <TextInput source="invoice.country" label={label('country')} {...text} />
      <TextInput source="invoice.email" label={label('email')} validate={validEmail} {...text} />
      <TextInput source="invoice.emailPec" label={label('emailPec')} validate={validEmail} {...text} />
      <TextInput source="invoice.phone" label={label('phone')} validate={validPhone} {...text} />
      <TextInput source="invoice.fax" label={label('fax')} validate={validPhone} {...text} />
    </>
  );
}

function StructureSelect({ readOnly }: { readOnly: boolean }) {
  return (
    <ReferenceInput source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200} filter={{ isActive: true }}>
      <SelectInput optionText="name" label="touristTax.fields.structureId" validate={required} readOnly={readOnly} />
    </ReferenceInput>
  );
}

/** Preselects the structure when the hotelier has just one. */
export function useDefaultStructureId(): string | undefined {
  const { data } = useGetList<TNamedRecord>('structures', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: { isActive: true } });
  return data && data.length === 1 ? String(data[0].id) : undefined;
}

/**
 * The stay: dates and guests, applied exemptions and reductions (repeatable rows), the lead guest,
 * payment and invoice; next to it the tax breakdown, live while editing or as saved when read-only.
 */
export function StayFields({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<TStayComputation & { breakdown?: Pick<TStayComputation, 'nights' | 'categories' | 'guestLines'> | null; isLocked?: boolean }>();
  const saved = useMemo(
    () => (readOnly && record ? { ...record, nights: record.breakdown?.nights ?? [], categories: record.breakdown?.categories ?? [], guestLines: record.breakdown?.guestLines ?? [] } : null),
    [readOnly, record],
  );
  const content = (
    // The summary bar sits outside the grid so that it can stay at the top along the whole form.
    <Box sx={{ width: '100%' }}>
      <TaxSummaryBar />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 3, width: '100%', alignItems: 'start' }}>
        <Box>
          {record?.isLocked ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('touristTax.stays.locked')}
            </Alert>
          ) : null}
          <FormGrid>
            <SectionTitle>{translate('touristTax.sections.stay')}</SectionTitle>
            <StructureSelect readOnly={readOnly} />
            <NumberInput
              source="componentsNumber"
              step={1}
              min={1}
              parse={countParse}
              validate={[required, wholeNumber(1, 10_000)]}
              helperText="touristTax.help.componentsNumber"
              readOnly={readOnly}
            />
            <DateInput source="checkIn" validate={required} readOnly={readOnly} />
            <DateInput source="checkOut" validate={[required, dateAfter('checkIn', 'touristTax.validation.checkOutAfterCheckIn')]} readOnly={readOnly} />
            <NumberInput source="accommodationAmount" step={0.01} min={0} parse={countParse} validate={validEuros} helperText="touristTax.help.accommodationAmount" readOnly={readOnly} />
            <NightlyPricesInput readOnly={readOnly} />
            <AppliedRulesInputs readOnly={readOnly} />
            <GuestInputs readOnly={readOnly} />
            {readOnly ? null : <DuplicateStayWarning />}
            <OtherGuestsInputs readOnly={readOnly} />
            <SectionTitle>{translate('touristTax.policeFiles.formTitle')}</SectionTitle>
            <PoliceReadiness />
            <SectionTitle>{translate('touristTax.sections.payment')}</SectionTitle>
            <RadioButtonGroupInput source="paymentStatus" label={false} choices={paymentStatusChoices} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
            <FormDataConsumer>
              {({ formData }) =>
                formData.paymentStatus === 'not_paid' ? <TextInput source="noPaymentReason" multiline minRows={2} validate={required} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} /> : null
              }
            </FormDataConsumer>
            <SectionTitle>{translate('touristTax.sections.invoice')}</SectionTitle>
            <BooleanInput source="hasInvoice" readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
            <FormDataConsumer>{({ formData }) => (formData.hasInvoice ? <InvoiceInputs readOnly={readOnly} /> : null)}</FormDataConsumer>
            <TextInput source="notes" multiline minRows={2} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
            <StayFiles />
          </FormGrid>
        </Box>
        {/* Stretched to the form's height, so that the sticky panel can travel along it. */}
        <Box sx={{ display: { xs: 'none', lg: 'block' }, alignSelf: 'stretch' }}>
          <TaxBreakdown sticky />
        </Box>
      </Box>
    </Box>
  );
  return saved ? <SavedTaxPreview computation={saved}>{content}</SavedTaxPreview> : <LiveTaxPreview>{content}</LiveTaxPreview>;
}

/** What the form sends: the invoice only with hasInvoice, the reason only when not paid. */
export function stayPayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload = { ...data };
  if (!payload.hasInvoice) payload.invoice = null;
  if (payload.paymentStatus !== 'not_paid') payload.noPaymentReason = null;
  const rows = (value: unknown): unknown[] => (Array.isArray(value) ? value.filter(Boolean) : []);
  payload.appliedExemptions = rows(payload.appliedExemptions);
  payload.appliedReductions = rows(payload.appliedReductions);
  payload.guests = rows(payload.guests);
  return payload;
}
