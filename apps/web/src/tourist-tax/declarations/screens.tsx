import { Box, Stack } from '@mui/material';
import {
  Create,
  DataTable,
  FunctionField,
  List,
  RadioButtonGroupInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  Show,
  TabbedShowLayout,
  TextField,
  TextInput,
  BooleanInput,
  useLocaleState,
  useRecordContext,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { formatDate } from '../../i18n/format';
import { DayField, DetailActions, FormGrid, FormIntro, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useBulkActionButtons } from '../../components/BulkActions';
import { FilterCreateActions, YearListTitle, YearListEmpty, ResponsiveDataTable } from '../../components/listScaffolding';
import { formatEuros } from '../../components/format';
import { required } from '../../components/validators';
import { can } from '@app/domain/platform/access/access-table';
import { isEditableByHotelier } from '@app/domain/tourist-tax/filings/declaration-flow';
import { currentRole } from '../../components/permissions';
import { AttachmentsPanel } from './AttachmentsPanel';
import { PagopaPanel } from './PagopaPanel';
import { ImportPagopaPaymentsButton } from '../pagopa/ImportPagopaPayments';
import { DeclarationActionBar } from './actions';
import { DECLARATION_STATUSES, DeclarationHeaderPanel, DeclarationStatusChip, FiguresPanel, OverdueBadges, PaymentPanel, type TDeclaration } from './components';
import { DeclarationEditPanel, ManualFigureInputs, payloadOf, validateDeclarationForm, type TFormValues } from './ManualFiguresForm';
import { useListFilterValues } from '../../components/records';
import { textOf } from '@app/domain/platform/records/keys';
import { RecordHistoryHere } from '../../components/RecordHistory';

const statusChoices = DECLARATION_STATUSES.map((id) => ({ id, name: `touristTax.declarationStatus.${id}` }));
const typeChoices = [
  { id: 'automatic', name: 'touristTax.declarationType.automatic' },
  { id: 'manual', name: 'touristTax.declarationType.manual' },
];
const overdueChoices = [
  { id: 'submission', name: 'filings.declarations.overdueSubmission' },
  { id: 'payment', name: 'filings.declarations.overduePayment' },
];

function StatusCell() {
  const record = useRecordContext<TDeclaration>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <DeclarationStatusChip status={record.status} />
      <OverdueBadges record={record} />
    </Stack>
  );
}

/** The period's name (read in any year: the data provider asks for periods by id across the years) and dates. */
function PeriodCell() {
  const record = useRecordContext<TDeclaration>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Box>
      <ReferenceField source="declarationTemplateId" reference="declaration-templates" link={false}>
        <TextField source="periodName" />
      </ReferenceField>
      <Box
        component="span"
        sx={{ display: 'block', whiteSpace: 'nowrap', color: 'text.secondary', fontSize: '0.75rem' }}
      >{`${formatDate(record.dateFrom, locale)} – ${formatDate(record.dateTo, locale)}`}</Box>
    </Box>
  );
}

type TPeriod = { periodName: string; dateFrom: string; dateTo: string };

/**
 * The period filter: the selected year's periods by name, or with "all years" on the periods of every
 * year, most recent first, each with its dates (the names repeat from one year to the next).
 */
function PeriodFilterInput({ source, alwaysOn }: { source: string; alwaysOn?: boolean }) {
  const filterValues = useListFilterValues();
  const [locale] = useLocaleState();
  const allYears = filterValues.allYears === true;
  return (
    <ReferenceInput
      source={source}
      alwaysOn={alwaysOn}
      reference="declaration-templates"
      sort={{ field: 'dateFrom', order: allYears ? 'DESC' : 'ASC' }}
      perPage={allYears ? 500 : 100}
      filter={allYears ? { allYears: true } : {}}
    >
      <SelectInput
        optionText={(period: TPeriod) => (allYears ? `${period.periodName} (${formatDate(period.dateFrom, locale)} – ${formatDate(period.dateTo, locale)})` : period.periodName)}
        label="resources.declarations.fields.declarationTemplateId"
        data-testid="declaration-period-filter"
      />
    </ReferenceInput>
  );
}

/** The year in the title, or "all years" while that filter is on. */
function DeclarationListTitle() {
  const translate = useTranslate();
  const filterValues = useListFilterValues();
  if (!filterValues.allYears) return <YearListTitle />;
  return <>{`${translate('resources.declarations.name', { smart_count: 2 })} · ${translate('filings.declarations.allYearsTitle')}`}</>;
}

/** declarations: the filings of the selected year (or of every year), by structure, period, status, lateness, code or structure name. */
export function DeclarationList() {
  const translate = useTranslate();
  // The comune validates many submitted declarations at once (the API asks the prompt's confirmation, as for one).
  const bulkActionButtons = useBulkActionButtons('declarations', { confirmInput: { validate: { confirm: true } } });
  const [locale] = useLocaleState();
  const filters = [
    <ReferenceInput key="structureId" source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200} alwaysOn>
      <SelectInput optionText="name" label="resources.declarations.fields.structureId" />
    </ReferenceInput>,
    <PeriodFilterInput key="declarationTemplateId" source="declarationTemplateId" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="overdue" source="overdue" label="filings.declarations.overdue" choices={overdueChoices} alwaysOn />,
    <SelectInput key="type" source="type" choices={typeChoices} />,
    <TextInput key="q" source="q" label="filings.declarations.searchCodeOrStructure" alwaysOn />,
    // The comune browses every year at once (the year selector picks one otherwise).
    <BooleanInput key="allYears" source="allYears" label="filings.declarations.allYears" alwaysOn />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'dateFrom', order: 'DESC' }}
      perPage={25}
      actions={
        <FilterCreateActions>
          <ImportPagopaPaymentsButton />
        </FilterCreateActions>
      }
      title={<DeclarationListTitle />}
      empty={false}
    >
      <ResponsiveDataTable
        bulkActionButtons={bulkActionButtons}
        phone={{
          primaryText: () => (
            <ReferenceField source="structureId" reference="structures" link={false}>
              <TextField source="name" />
            </ReferenceField>
          ),
          secondaryText: (r) => `${formatDate(textOf(r.dateFrom), locale)} – ${formatDate(textOf(r.dateTo), locale)}`,
          tertiaryText: () => <StatusCell />,
        }}
        empty={<YearListEmpty />}
      >
        <DataTable.Col source="code" disableSort>
          <FunctionField render={(record: TDeclaration) => record.code ?? translate('filings.declarations.notSubmittedYet')} />
        </DataTable.Col>
        <DataTable.Col source="structureId">
          <ReferenceField source="structureId" reference="structures" link={false}>
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="declarationTemplateId" disableSort>
          <PeriodCell />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusCell />
        </DataTable.Col>
        <DataTable.Col source="totalAmount" align="right" disableSort>
          <FunctionField render={(record: TDeclaration) => formatEuros(record.totalAmount, locale)} />
        </DataTable.Col>
        <DataTable.Col source="toPayAmount" align="right" disableSort>
          <FunctionField render={(record: TDeclaration) => formatEuros(record.toPayAmount, locale)} />
        </DataTable.Col>
        <DataTable.Col source="submitBy" label="filings.declarations.deadlines">
          <FunctionField
            render={(record: TDeclaration) => (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(record.submitBy, locale)}
                {record.payBy !== record.submitBy ? ` / ${formatDate(record.payBy, locale)}` : ''}
              </Box>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="paymentDate">
          <DayField source="paymentDate" />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}

function DeclarationTitle() {
  const record = useRecordContext<TDeclaration>();
  const translate = useTranslate();
  const name = translate('resources.declarations.name', { smart_count: 1 });
  return <>{record?.code ? `${name} ${record.code}` : name}</>;
}

function DetailsTab() {
  const record = useRecordContext<TDeclaration>();
  const { refetch } = useShowContext();
  if (!record) return null;
  const changed = () => void refetch();
  const editable = can(currentRole(), 'declarations', 'update') && isEditableByHotelier(record.status);
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <DeclarationActionBar record={record} allowDelete />
      <DeclarationHeaderPanel record={record} />
      <FiguresPanel record={record} />
      {editable ? <DeclarationEditPanel record={record} onSaved={changed} /> : null}
      {record.status === 'submitted' || record.status === 'validated' ? <PaymentPanel record={record} /> : null}
      <PagopaPanel declarationId={String(record.id)} />
    </Stack>
  );
}

function AttachmentsTab() {
  const record = useRecordContext<TDeclaration>();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <AttachmentsPanel record={record} />
    </Box>
  );
}

/** declarations/{declarationId}: tabs details and attachments; the actions follow role and state. */
export function DeclarationPage() {
  return (
    <Show title={<DeclarationTitle />} actions={<DetailActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="filings.declarations.tabs.details">
          <DetailsTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="filings.declarations.tabs.attachments" path="attachments">
          <AttachmentsTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="history.tab" path="history">
          <RecordHistoryHere labelPrefixes={['touristTax.fields']} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

/** A hotelier opens the declaration of one of their structures for a period of the comune. */
export function DeclarationCreate() {
  const saveErrors = useSaveErrorNotification();
  const transform = (values: Record<string, unknown>) => ({
    structureId: values.structureId,
    declarationTemplateId: values.declarationTemplateId,
    ...payloadOf(values as unknown as TFormValues),
  });
  return (
    <Create mutationOptions={saveErrors} redirect="edit" transform={transform}>
      <FormIntro text="filings.declarations.createIntro" />
      <DetailForm defaultValues={{ type: 'automatic', noGuests: false, figures: {} }} validate={validateDeclarationForm as never}>
        <FormGrid>
          <ReferenceInput source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
            <SelectInput optionText="name" label="resources.declarations.fields.structureId" validate={required} />
          </ReferenceInput>
          <ReferenceInput source="declarationTemplateId" reference="declaration-templates" sort={{ field: 'dateFrom', order: 'ASC' }} perPage={100}>
            <SelectInput optionText="periodName" label="resources.declarations.fields.declarationTemplateId" validate={required} />
          </ReferenceInput>
        </FormGrid>
        <RadioButtonGroupInput source="type" choices={typeChoices} helperText="filings.declarations.typeHelp" />
        <BooleanInput source="noGuests" label="filings.declarations.noGuestsInput" helperText="filings.declarations.noGuestsHelp" />
        <ManualFigureInputs />
        <TextInput source="notes" multiline minRows={2} fullWidth sx={{ maxWidth: 960 }} />
      </DetailForm>
    </Create>
  );
}
