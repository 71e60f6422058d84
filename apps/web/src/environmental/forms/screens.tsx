import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useLocaleState,
  useRecordContext,
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
import { DownloadButton } from '../../components/DownloadButton';
import { formatDate } from '../../i18n/format';
import { DetailActions, emptyToNull, FormGrid, RecordTitle, SectionTitle, TtSimpleForm, useSaveErrorNotification } from '../../components/forms';
import { useCan, useCanHere, useReachesAll } from '../../components/permissions';
import { required } from '../../components/validators';
import type { TAppDataProvider } from '../../dataProvider';
import { eerLabel, EerCodeInput } from './EerCodeInput';
import { FormDocument, FormReview, FormStatusChip, type TFormWebRecord } from './FormReview';
import { validAlbo, validFirNumber, validPartyTaxCode, validQuantity } from './validators';

/*
 * Waste forms (FIR): the list with its filters, totals and export; create and edit with the RENTRI
 * fields in RENTRI's order (form, waste, producer, transporters, receiver, intermediaries,
 * acceptance); the consortium's review on the edit page.
 */

const choices = (values: readonly string[], prefix?: string) => values.map((id) => ({ id, name: prefix ? `${prefix}.${id}` : id }));
const F = (field: string) => `resources.forms.fields.${field}`;

const FILTER_KEYS = ['status', 'lotId', 'orderId', 'targetAgencyId', 'cer', 'periodFrom', 'periodTo'] as const;
const filterQuery = (filterValues: Record<string, unknown>) =>
  Object.fromEntries(FILTER_KEYS.filter((k) => filterValues[k] !== undefined && filterValues[k] !== '' && filterValues[k] !== null).map((k) => [k, String(filterValues[k])]));

/** A decimal string in the user's locale, exactly as stored (no float rounding). */
function formatQuantity(value: string, locale: string): string {
  const [integer, decimals] = value.split('.');
  const grouped = BigInt(integer).toLocaleString(locale);
  const separator = (1.5).toLocaleString(locale).charAt(1);
  return decimals ? `${grouped}${separator}${decimals}` : grouped;
}

function useFormFilters() {
  const canPickAgency = useReachesAll('forms', 'list');
  // Lots are the consortium's registry: a supplier filters by its orders.
  const canPickLot = useCan('lots', 'list');
  return [
    <SelectInput key="status" source="status" label={F('status')} choices={choices(['pending', 'approved'], 'forms.status')} alwaysOn />,
    ...(canPickLot
      ? [
          <ReferenceInput key="lotId" source="lotId" reference="lots" alwaysOn>
            <AutocompleteInput optionText="name" label={F('lotId')} />
          </ReferenceInput>,
        ]
      : []),
    <ReferenceInput key="orderId" source="orderId" reference="orders" alwaysOn>
      <AutocompleteInput optionText="name" label={F('orderId')} />
    </ReferenceInput>,
    ...(canPickAgency
      ? [
          <ReferenceInput key="targetAgencyId" source="targetAgencyId" reference="agencies" alwaysOn>
            <AutocompleteInput optionText="businessName" label={F('targetAgencyId')} />
          </ReferenceInput>,
        ]
      : []),
    <TextInput key="cer" source="cer" label={F('cer')} parse={(v: string) => v.replace(/\D/g, '')} />,
    <DateInput key="periodFrom" source="periodFrom" label={F('periodFrom')} alwaysOn />,
    <DateInput key="periodTo" source="periodTo" label={F('periodTo')} alwaysOn />,
  ];
}

/** Quantity per EER code, unit and month over the forms the filters select (the API sums them exactly). */
function FormTotals() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const query = filterQuery(filterValues);
  const { data } = useQuery({
    queryKey: ['forms', 'totals', query],
    queryFn: async () => (await dataProvider.formTotals(query)).data,
  });
  return (
    <Box sx={{ px: 2, py: 1.5 }} data-testid="form-totals">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('forms.sections.totals')}
      </Typography>
      {data && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('forms.noTotals')}
        </Typography>
      ) : (
        // On a phone the table scrolls sideways: a keyboard user must be able to focus it to scroll (axe scrollable-region-focusable).
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('forms.sections.totals')}>
          <Table size="small" sx={{ maxWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('forms.period')}</TableCell>
                <TableCell>{translate(F('cer'))}</TableCell>
                <TableCell align="right">{translate(F('quantity'))}</TableCell>
                <TableCell align="right">{translate('forms.forms')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((row) => {
                const entry = findEerCode(row.cer);
                const [year, month] = row.period.split('-');
                return (
                  <TableRow key={`${row.period}-${row.cer}-${row.unit}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(Number(year), Number(month) - 1, 1).toLocaleDateString(locale, { month: 'long', year: 'numeric' })}</TableCell>
                    <TableCell>{entry ? eerLabel(entry, locale) : row.cerDisplay}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatQuantity(row.quantity, locale)} {row.unit}
                    </TableCell>
                    <TableCell align="right">{row.forms}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

function FormListActions() {
  const { filterValues } = useListContext();
  const canCreate = useCanHere('create');
  const canExport = useCan('forms', 'export');
  return (
    <TopToolbar>
      {canExport ? <DownloadButton path="/forms/export.xlsx" query={filterQuery(filterValues)} fileName="formulari.xlsx" label="forms.export" testId="forms-export" /> : null}
      {canCreate ? <CreateButton /> : null}
    </TopToolbar>
  );
}

export function FormList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = useFormFilters();
  return (
    <List filters={filters} sort={{ field: 'referencePeriodFrom', order: 'DESC' }} actions={<FormListActions />}>
      <FormTotals />
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" label={F('code')} />
        <DataTable.Col source="status" label={F('status')} render={(r: TFormWebRecord) => <FormStatusChip status={r.status} />} />
        <DataTable.Col
          source="cer"
          label={F('cer')}
          render={(r: TFormWebRecord) => {
            const entry = findEerCode(r.cer);
            return <span title={entry ? eerLabel(entry, locale) : undefined}>{r.cerDisplay}</span>;
          }}
        />
        <DataTable.Col source="quantity" label={F('quantity')} align="right" render={(r: TFormWebRecord) => `${formatQuantity(r.quantity.value, locale)} ${r.quantity.unit}`} />
        <DataTable.Col
          source="referencePeriodFrom"
          label={translate('forms.period')}
          render={(r: TFormWebRecord) => `${formatDate(r.referencePeriodFrom, locale)} – ${formatDate(r.referencePeriodTo, locale)}`}
        />
        <DataTable.Col source="targetAgencyId" label={F('targetAgencyId')} disableSort>
          <ReferenceField source="targetAgencyId" reference="agencies" link={false} />
        </DataTable.Col>
        <DataTable.Col source="orderId" label={F('orderId')} disableSort>
          <ReferenceField source="orderId" reference="orders" link={false} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Name, tax code (checked against the nation), address and register number of one party. */
function PartyFields({ prefix, labels, readOnly }: { prefix: string; labels: string; readOnly: boolean }) {
  const src = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const label = (field: string) => `resources.forms.fields.${labels}.${field}`;
  return (
    <>
      <TextInput source={src('name')} label={label('name')} validate={required} readOnly={readOnly} />
      <TextInput source={src('taxCode')} label={label('taxCode')} validate={[required, validPartyTaxCode]} readOnly={readOnly} />
      <TextInput source={src('address.street')} label={label('address.street')} validate={required} readOnly={readOnly} />
      <TextInput source={src('address.streetNumber')} label={label('address.streetNumber')} parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={src('address.postalCode')} label={label('address.postalCode')} parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={src('address.city')} label={label('address.city')} validate={required} readOnly={readOnly} />
      <TextInput source={src('nationId')} label={label('nationId')} defaultValue="IT" readOnly={readOnly} />
      <TextInput source={src('registrationNumber')} label={label('registrationNumber')} validate={validAlbo} parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={src('authorization')} label={label('authorization')} parse={emptyToNull} readOnly={readOnly} />
    </>
  );
}

function FormFields({ readOnly }: { readOnly: boolean }) {
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
      <FormDataConsumer>
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
      <NumberInput source="packages" label={F('packages')} min={1} step={1} parse={(v: string) => (v === '' ? null : Number(v))} readOnly={readOnly} />
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
      <PartyFields prefix="producer" labels="producer" readOnly={readOnly} />
      <TextInput source="producer.productionSite" label={F('producer.productionSite')} parse={emptyToNull} readOnly={readOnly} />

      <SectionTitle>{translate('forms.sections.transporters')}</SectionTitle>
      <ArrayInput source="transporters" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator disableReordering disableAdd={readOnly} disableRemove={readOnly} fullWidth>
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
      <PartyFields prefix="receiver" labels="receiver" readOnly={readOnly} />
      <SelectInput source="receiver.authorizationType" label={F('receiver.authorizationType')} choices={choices(RECEIVER_AUTHORIZATION_TYPES)} parse={emptyToNull} readOnly={readOnly} />
      <SelectInput source="wasteDestination" label={F('wasteDestination')} choices={choices(WASTE_OPERATIONS)} validate={required} readOnly={readOnly} />

      <SectionTitle>{translate('forms.sections.intermediaries')}</SectionTitle>
      <ArrayInput source="intermediaries" label={false} sx={{ gridColumn: '1 / -1' }}>
        <SimpleFormIterator disableReordering disableAdd={readOnly} disableRemove={readOnly} fullWidth>
          <FormGrid>
            <PartyFields prefix="" labels="producer" readOnly={readOnly} />
          </FormGrid>
        </SimpleFormIterator>
      </ArrayInput>

      <SectionTitle>{translate('forms.sections.acceptance')}</SectionTitle>
      <SelectInput source="acceptance.type" label={F('acceptance.type')} choices={choices(ACCEPTANCE_TYPES, 'forms.acceptanceType')} emptyText=" " parse={emptyToNull} readOnly={readOnly} />
      <FormDataConsumer>
        {({ formData }) => {
          const type = formData.acceptance?.type as string | null | undefined;
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
function cleanForm(data: Record<string, unknown>): Record<string, unknown> {
  const acceptance = data.acceptance as { type?: string | null } | null | undefined;
  const certificate = data.certificate as { number?: string | null } | null | undefined;
  return {
    ...data,
    acceptance: acceptance?.type ? acceptance : null,
    adrData: data.adr ? data.adrData : null,
    certificate: certificate?.number?.trim() ? certificate : null,
  };
}

function FormEditBody() {
  const record = useRecordContext<TFormWebRecord>();
  const mayUpdate = useCanHere('update');
  const mayDelete = useCanHere('delete');
  if (!record) return null;
  const canSave = mayUpdate && record.status === 'pending';
  return (
    <>
      <Stack spacing={2} sx={{ p: 2 }}>
        <FormReview record={record} />
        <FormDocument record={record} canUpload={canSave} />
      </Stack>
      <TtSimpleForm canSave={canSave} canDelete={canSave && mayDelete}>
        <FormFields readOnly={!canSave} />
      </TtSimpleForm>
    </>
  );
}

export function FormEdit() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle source="code" />} actions={<DetailActions />} transform={cleanForm}>
      <FormEditBody />
    </Edit>
  );
}

export function FormCreate() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Create mutationOptions={saveErrors} redirect="edit" transform={cleanForm}>
      <TtSimpleForm defaultValues={{ transporters: [{ nationId: 'IT', transportType: 'Terrestre' }], intermediaries: [], dangerClass: [], quantity: { unit: 'kg' }, bulk: false, adr: false }}>
        <FormFields readOnly={false} />
      </TtSimpleForm>
    </Create>
  );
}
