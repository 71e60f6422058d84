import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Create, DataTable, Edit, List, NumberInput, ReferenceInput, SearchInput, SelectInput, TabbedForm, TextInput, AutocompleteInput, useRecordContext, useTranslate } from 'react-admin';
import { DetailActions, FormGrid, RecordTitle, SectionTitle, DetailForm, DetailTabbedForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { FilterCreateActions, ListExportButton, ResponsiveDataTable } from '../../components/listScaffolding';
import { useCanHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { RecordHistoryHere } from '../../components/RecordHistory';

/* Customers, projects and short links: administration records, administrators only. */

function ListActions() {
  return (
    <FilterCreateActions>
      <ListExportButton />
    </FilterCreateActions>
  );
}

const searchFilter = (placeholder: string) => [<SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />];
const numberOrNull = (value: string) => (value === '' || value === null ? null : Number(value));
const languageChoices = [
  { id: 'it', name: 'admin.languages.it' },
  { id: 'en', name: 'admin.languages.en' },
];

// ---- customers ----

export function CustomerList() {
  const translate = useTranslate();
  return (
    <List filters={searchFilter(translate('admin.search'))} sort={{ field: 'businessName', order: 'ASC' }} perPage={25} actions={<ListActions />}>
      <ResponsiveDataTable
        bulkActionButtons={false}
        phone={{ primaryText: (r) => String(r.businessName ?? ''), secondaryText: (r) => [r.vat, (r.address as { city?: string } | null)?.city].filter(Boolean).join(' · ') }}
      >
        <DataTable.Col source="businessName" />
        <DataTable.Col source="vat" />
        <DataTable.Col source="businessSector" />
        <DataTable.Col source="address.city" label="admin.address.city" disableSort />
        <DataTable.Col source="paymentDays" align="right" />
      </ResponsiveDataTable>
    </List>
  );
}

/** One address (registered office, billing or shipping): street, postcode, city, province, region, country. */
function AddressInputs({ source, title, readOnly }: { source: string; title: string; readOnly: boolean }) {
  const translate = useTranslate();
  // Every field of an address is required once any is given: the API takes a whole address or none.
  return (
    <>
      <SectionTitle>{translate(title)}</SectionTitle>
      <TextInput source={`${source}.streetName`} label="admin.address.streetName" readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <TextInput source={`${source}.zipCode`} label="admin.address.zipCode" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={`${source}.city`} label="admin.address.city" readOnly={readOnly} />
      <TextInput source={`${source}.province`} label="admin.address.province" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={`${source}.region`} label="admin.address.region" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={`${source}.country`} label="admin.address.country" parse={emptyToNull} readOnly={readOnly} />
    </>
  );
}

/** An address the form left with no street and no city is "no address" (null), not an invalid half. */
function customerPayload(values: Record<string, unknown>) {
  const out = { ...values };
  for (const key of ['address', 'billingAddress', 'shippingAddress']) {
    const address = out[key] as Record<string, unknown> | null | undefined;
    if (address && !address.streetName && !address.city) out[key] = null;
  }
  return out;
}

function CustomerTabs({ readOnly }: { readOnly: boolean }) {
  return [
    <TabbedForm.Tab key="registry" label="admin.customers.tabs.registry">
      <FormGrid>
        <TextInput source="businessName" validate={required} readOnly={readOnly} />
        <TextInput source="vat" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="businessSector" parse={emptyToNull} readOnly={readOnly} />
        <SelectInput source="language" choices={languageChoices} readOnly={readOnly} />
        <NumberInput source="defaultMarginPercentage" step={0.01} min={0} parse={numberOrNull} readOnly={readOnly} />
        <NumberInput source="paymentDays" step={1} min={0} max={365} parse={numberOrNull} readOnly={readOnly} />
        <TextInput source="currencyId" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="defaultVatRateId" parse={emptyToNull} readOnly={readOnly} />
        <ReferenceInput source="agentId" reference="users" filter={{ role: 'admin' }} sort={{ field: 'surname', order: 'ASC' }}>
          <AutocompleteInput
            optionText={(u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email || ''}
            parse={emptyToNull}
            readOnly={readOnly}
          />
        </ReferenceInput>
        <TextInput source="notes" multiline minRows={3} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      </FormGrid>
    </TabbedForm.Tab>,
    <TabbedForm.Tab key="addresses" label="admin.customers.tabs.addresses" path="addresses">
      <FormGrid>
        <AddressInputs source="address" title="admin.customers.registeredOffice" readOnly={readOnly} />
        <AddressInputs source="billingAddress" title="admin.customers.billingAddress" readOnly={readOnly} />
        <AddressInputs source="shippingAddress" title="admin.customers.shippingAddress" readOnly={readOnly} />
      </FormGrid>
    </TabbedForm.Tab>,
    <TabbedForm.Tab key="contacts" label="admin.customers.tabs.contacts" path="contacts">
      <FormGrid>
        <TextInput source="billingInfo.pec" label="admin.customers.pec" type="email" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="billingInfo.taxCode" label="admin.customers.taxCode" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="billingInfo.vatNumber" label="admin.customers.billingVatNumber" parse={emptyToNull} readOnly={readOnly} />
      </FormGrid>
    </TabbedForm.Tab>,
  ];
}

export function CustomerEdit() {
  const canSave = useCanHere('update');
  return (
    <Edit
      mutationOptions={useSaveErrorNotification()}
      title={<RecordTitle source="businessName" />}
      actions={<DetailActions />}
      mutationMode="pessimistic"
      redirect={false}
      transform={customerPayload}
    >
      <DetailTabbedForm canSave={canSave} canDelete={useCanHere('delete')} readOnlyTabs={['history']}>
        {CustomerTabs({ readOnly: !canSave })}
        <TabbedForm.Tab label="history.tab" path="history">
          <RecordHistoryHere />
        </TabbedForm.Tab>
      </DetailTabbedForm>
    </Edit>
  );
}

export function CustomerCreate() {
  return (
    <Create mutationOptions={useSaveErrorNotification()} redirect="edit" transform={customerPayload}>
      <DetailTabbedForm defaultValues={{ language: 'it' }}>{CustomerTabs({ readOnly: false })}</DetailTabbedForm>
    </Create>
  );
}

// ---- projects ----

export function ProjectList() {
  const translate = useTranslate();
  return (
    <List filters={searchFilter(translate('admin.search'))} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<ListActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.name ?? ''), secondaryText: (r) => String(r.domain ?? '') }}>
        <DataTable.Col source="name" />
        <DataTable.Col source="domain" />
        <DataTable.Col source="iosBundleId" />
        <DataTable.Col source="androidPackageName" />
      </ResponsiveDataTable>
    </List>
  );
}

/** One SHA-256 fingerprint per line in the form, a list in the API. */
const linesToList = (value: string | null) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const listToLines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : '');

function ProjectFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <TextInput source="domain" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source="iosTeamId" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source="iosAppId" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source="iosBundleId" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source="androidPackageName" parse={emptyToNull} readOnly={readOnly} />
      <TextInput
        source="androidShaFingerprints"
        multiline
        minRows={2}
        format={listToLines}
        parse={linesToList}
        helperText="admin.projects.fingerprintsHelp"
        readOnly={readOnly}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextInput source="shortLink" type="url" parse={emptyToNull} readOnly={readOnly} />
    </FormGrid>
  );
}

export function ProjectEdit() {
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={useSaveErrorNotification()} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list">
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <ProjectFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function ProjectCreate() {
  return (
    <Create mutationOptions={useSaveErrorNotification()} redirect="list">
      <DetailForm defaultValues={{ androidShaFingerprints: [] }}>
        <ProjectFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}

// ---- short links ----

/** The public address of a short link: this server's /l/<code>, which redirects to the long link. */
export function shortAddress(code: string): string {
  return `${window.location.origin}/l/${code}`;
}

function ShortAddressField() {
  const record = useRecordContext<{ shortCode?: string }>();
  if (!record?.shortCode) return null;
  const address = shortAddress(record.shortCode);
  return (
    <MuiLink href={address} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
      {address}
    </MuiLink>
  );
}

export function LinkList() {
  const translate = useTranslate();
  return (
    <List filters={searchFilter(translate('admin.search'))} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} actions={<ListActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => `/l/${String(r.shortCode)}`, secondaryText: (r) => String(r.longLink ?? '') }}>
        <DataTable.Col source="shortCode" label="admin.links.shortAddress">
          <ShortAddressField />
        </DataTable.Col>
        <DataTable.Col source="longLink" />
        <DataTable.Col source="socialTitle" />
      </ResponsiveDataTable>
    </List>
  );
}

/** What a social network shows when the short link is shared. */
function SocialPreview() {
  const record = useRecordContext<{ shortCode?: string; longLink?: string; socialTitle?: string | null; socialDescription?: string | null }>();
  const translate = useTranslate();
  if (!record?.shortCode) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, maxWidth: 560 }} data-testid="link-preview">
      <Typography variant="overline" component="p">
        {translate('admin.links.preview')}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {record.socialTitle || record.longLink}
      </Typography>
      {record.socialDescription ? <Typography variant="body2">{record.socialDescription}</Typography> : null}
      <Typography variant="body2" sx={{ mt: 1 }}>
        <ShortAddressField />
      </Typography>
    </Box>
  );
}

function LinkFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="longLink" type="url" validate={required} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <TextInput source="shortCode" helperText="admin.links.shortCodeHelp" readOnly={readOnly} />
      <TextInput source="shortLink" type="url" parse={emptyToNull} helperText="admin.links.shortLinkHelp" readOnly={readOnly} />
      <TextInput source="socialTitle" parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <TextInput source="socialDescription" multiline minRows={2} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <TextInput source="socialImage" type="url" parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <SocialPreview />
    </FormGrid>
  );
}

export function LinkEdit() {
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={useSaveErrorNotification()} title={<RecordTitle source="shortCode" />} actions={<DetailActions />} mutationMode="pessimistic" redirect={false}>
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <LinkFields readOnly={!canSave} />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

/** An empty short code is left out: the API generates one. */
const linkPayload = (values: Record<string, unknown>) => (values.shortCode ? values : { ...values, shortCode: undefined });

export function LinkCreate() {
  return (
    <Create mutationOptions={useSaveErrorNotification()} redirect="edit" transform={linkPayload}>
      <DetailForm>
        <LinkFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
