import { useEffect, useMemo, useState } from 'react';
import type { TModello21Record } from '@app/domain/tourist-tax/filings/modello21-schemas';
import type { TRaRecordOf } from '../../dataProvider/query';
import { Alert, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import SyncIcon from '@mui/icons-material/Sync';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PreviewIcon from '@mui/icons-material/Preview';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Create,
  DataTable,
  FunctionField,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  Show,
  TextField as RaTextField,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { can } from '@app/domain/platform/access/access-table';
import { MODELLO21_STATUSES, modello21Workflow, type TModello21Facts } from '@app/domain/tourist-tax/filings/modello21-flow';
import { parseEuroAmount } from '@app/domain/tourist-tax/money';
import { formatCents, formatDate } from '../../i18n/format';
import { useSelectedYear } from '../../session/useSession';
import { CalendarDateField } from '../../components/DateInput';
import { DayField, DetailActions, FormGrid, FormIntro, TtSimpleForm, useSaveErrorNotification } from '../../components/forms';
import { FilterCreateActions, YearListTitle, YearListEmpty } from '../../components/listScaffolding';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { DownloadButton } from '../../components/DownloadButton';
import { formatEuros } from '../../components/format';
import { currentRole } from '../../components/permissions';
import { WorkflowActions } from '../../components/WorkflowActions';
import { required, wholeNumber } from '../../components/validators';
import type { TAppDataProvider } from '../../dataProvider';
import type { TModello21Info } from '../../dataProvider/filings';
import { FilingStatusChip, LateChip, ReferencedName } from '../shared/filingParts';
import { CaricoScarico, MonthPayments, MonthReceipts } from './monthDetails';
import { checkDraft, draftOfMonth, eurosToText, todayInItaly, updatePayload, type TMonthDraft, type TOwnerDraft } from './monthRows';

/** A Modello 21 as the screens receive it: the API record plus react-admin's `id`. */
export type TModello21 = TRaRecordOf<TModello21Record>;

const statusChoices = MODELLO21_STATUSES.map((id) => ({ id, name: `touristTax.declarationStatus.${id}` }));

/** The state, and "late" while a draft is past its deadline. */
function M21StatusChips({ record }: { record: Pick<TModello21, 'status' | 'isLate'> }) {
  return (
    <>
      <FilingStatusChip status={record.status} testId="m21-status" />
      {record.isLate && record.status === 'draft' ? <LateChip label="filings.m21.late" /> : null}
    </>
  );
}

// ---------------------------------------------------------------- list and create

/** twentyOneModels: the Modello 21 of the selected year, one per structure. */
export function Modello21List() {
  const [locale] = useLocaleState();
  const filters = [
    <ReferenceInput key="structureId" source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200} alwaysOn>
      <SelectInput optionText="name" label="resources.twentyOneModels.fields.structureId" />
    </ReferenceInput>,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} actions={<FilterCreateActions />} title={<YearListTitle />} empty={false}>
      <DataTable rowClick="edit" bulkActionButtons={false} empty={<YearListEmpty />}>
        <DataTable.Col source="structureId">
          <ReferenceField source="structureId" reference="structures" link={false}>
            <RaTextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="year" />
        <DataTable.Col source="status">
          <FunctionField
            render={(record: TModello21) => (
              <Stack direction="row" spacing={0.5}>
                <M21StatusChips record={record} />
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="tax" align="right" disableSort>
          <FunctionField render={(record: TModello21) => formatEuros(record.tax, locale)} />
        </DataTable.Col>
        <DataTable.Col source="totalPaid" align="right" disableSort>
          <FunctionField render={(record: TModello21) => formatEuros(record.totalPaid, locale)} />
        </DataTable.Col>
        <DataTable.Col source="due" align="right" disableSort>
          <FunctionField render={(record: TModello21) => formatEuros(record.due, locale)} />
        </DataTable.Col>
        <DataTable.Col source="deadline" disableSort>
          <DayField source="deadline" />
        </DataTable.Col>
        <DataTable.Col source="validationNumber" />
      </DataTable>
    </List>
  );
}

export function Modello21Create() {
  const saveErrors = useSaveErrorNotification();
  const year = useSelectedYear();
  return (
    <Create mutationOptions={saveErrors} redirect="edit">
      <FormIntro text="filings.m21.createIntro" />
      <TtSimpleForm defaultValues={{ year }}>
        <FormGrid>
          <ReferenceInput source="structureId" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
            <SelectInput optionText="name" label="resources.twentyOneModels.fields.structureId" validate={required} />
          </ReferenceInput>
          <NumberInput source="year" validate={[required, wholeNumber(2021, 2050)]} />
        </FormGrid>
      </TtSimpleForm>
    </Create>
  );
}

// ---------------------------------------------------------------- detail

function ownerDraftOf(record: TModello21, locale: string): TOwnerDraft {
  return {
    ownerName: record.ownerName ?? '',
    ownerSurname: record.ownerSurname ?? '',
    ownerTaxCode: record.ownerTaxCode ?? '',
    ownerVatNumber: record.ownerVatNumber ?? '',
    ownerAddress: record.ownerAddress ?? '',
    ownerCompanyName: record.ownerCompanyName ?? '',
    ownerLegalRepresentative: record.ownerLegalRepresentative ?? '',
    ownerRole: record.ownerRole ?? '',
    openingBalance: eurosToText(record.openingBalance, locale),
    signatureDate: record.signatureDate ?? '',
    notes: record.notes ?? '',
  };
}

function MonthTable({
  record,
  months,
  editable,
  problems,
  onChange,
  onReset,
}: {
  record: TModello21;
  months: TMonthDraft[];
  editable: boolean;
  problems: Record<string, string>;
  onChange: (index: number, patch: Partial<TMonthDraft>) => void;
  onReset: (index: number) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const cents = (text: string) => parseEuroAmount(text) ?? 0;
  const totals = months.reduce((acc, m) => ({ collected: acc.collected + cents(m.collected), paid: acc.paid + cents(m.paid) }), { collected: 0, paid: 0 });
  const problem = (path: string) => (problems[path] ? translate(problems[path], { _: problems[path] }) : undefined);
  const field = (name: string) => translate(`filings.m21.columns.${name}`);
  return (
    // width 0 + minWidth 100%: the table scrolls inside the panel instead of widening the page on a phone.
    <TableContainer sx={{ width: 0, minWidth: '100%' }}>
      <Table size="small" data-testid="m21-months" sx={{ '& td, & th': { px: 1 }, '& .MuiInputBase-input': { py: 0.75, fontSize: '0.875rem' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{field('month')}</TableCell>
            <TableCell>{field('receipts')}</TableCell>
            <TableCell align="right" sx={{ width: 120 }}>
              {field('collected')}
            </TableCell>
            <TableCell align="right" sx={{ width: 120 }}>
              {field('paid')}
            </TableCell>
            <TableCell sx={{ minWidth: 220 }}>{field('payments')}</TableCell>
            <TableCell sx={{ width: 150 }}>{field('paymentDate')}</TableCell>
            <TableCell sx={{ width: 190 }}>{field('trn')}</TableCell>
            <TableCell>{field('note')}</TableCell>
            {editable ? <TableCell sx={{ width: 40 }} /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((month, index) => {
            const source = record.months[index];
            const differs = cents(month.collected) !== cents(month.paid);
            const cellProblem = (name: string) => problem(`months.${index}.${name}`);
            return (
              <TableRow
                key={month.number}
                data-testid={`m21-month-${month.number}`}
                sx={differs ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08), '& > td:first-of-type': { borderLeft: 3, borderLeftColor: 'warning.main' } } : undefined}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {source.name}
                  {source.corrected ? (
                    <Tooltip title={translate('filings.m21.correctedHelp', { collected: formatEuros(source.prefill.collectedImport, locale), paid: formatEuros(source.prefill.paidImport, locale) })}>
                      <EditNoteIcon fontSize="small" color="action" sx={{ verticalAlign: 'middle', ml: 0.5 }} aria-label={translate('filings.m21.corrected')} />
                    </Tooltip>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <MonthReceipts month={source} />
                </TableCell>
                {editable ? (
                  <>
                    <TableCell>
                      <TextField
                        size="small"
                        value={month.collected}
                        onChange={(event) => onChange(index, { collected: event.target.value })}
                        error={!!cellProblem('collected')}
                        helperText={cellProblem('collected')}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${field('collected')} ${source.name}`, style: { textAlign: 'right' } } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={month.paid}
                        onChange={(event) => onChange(index, { paid: event.target.value })}
                        error={!!cellProblem('paid')}
                        helperText={cellProblem('paid')}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${field('paid')} ${source.name}`, style: { textAlign: 'right' } } }}
                      />
                    </TableCell>
                    <TableCell>
                      <MonthPayments month={source} />
                    </TableCell>
                    <TableCell>
                      <CalendarDateField
                        value={month.paymentDate}
                        onChange={(value) => onChange(index, { paymentDate: value })}
                        label={`${field('paymentDate')} ${source.name}`}
                        hideLabel
                        variant="filled"
                        sx={{ minWidth: 150 }}
                        error={!!cellProblem('paymentDate')}
                        helperText={cellProblem('paymentDate')}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={month.trn}
                        onChange={(event) => onChange(index, { trn: event.target.value })}
                        error={!!cellProblem('trn')}
                        helperText={cellProblem('trn')}
                        slotProps={{ htmlInput: { maxLength: 100, 'aria-label': `${field('trn')} ${source.name}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        fullWidth
                        value={month.note}
                        onChange={(event) => onChange(index, { note: event.target.value })}
                        error={!!cellProblem('note')}
                        helperText={cellProblem('note')}
                        placeholder={differs ? translate('filings.m21.notePlaceholder') : undefined}
                        slotProps={{ htmlInput: { maxLength: 1000, 'aria-label': `${field('note')} ${source.name}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {source.corrected ? (
                        <Tooltip title={translate('filings.m21.resetMonth')}>
                          <IconButton size="small" onClick={() => onReset(index)} aria-label={`${translate('filings.m21.resetMonth')} ${source.name}`}>
                            <RestartAltIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </TableCell>
                  </>
                ) : (
                  <>
                    <TableCell align="right">{formatCents(cents(month.collected), locale)}</TableCell>
                    <TableCell align="right">{formatCents(cents(month.paid), locale)}</TableCell>
                    <TableCell>
                      <MonthPayments month={source} />
                    </TableCell>
                    <TableCell>{formatDate(month.paymentDate || null, locale) || '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{month.trn || '—'}</TableCell>
                    <TableCell>{month.note || '—'}</TableCell>
                  </>
                )}
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
            <TableCell>{translate('filings.m21.total')}</TableCell>
            <TableCell>{record.receiptsCount}</TableCell>
            <TableCell align="right" data-testid="m21-total-collected">
              {formatCents(totals.collected, locale)}
            </TableCell>
            <TableCell align="right" data-testid="m21-total-paid">
              {formatCents(totals.paid, locale)}
            </TableCell>
            <TableCell colSpan={editable ? 5 : 4}>
              {translate('filings.m21.dueLabel')}: <span data-testid="m21-due">{formatCents(totals.collected - totals.paid, locale)}</span>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

function OwnerPanel({
  owner,
  editable,
  problems,
  warnings,
  onChange,
}: {
  owner: TOwnerDraft;
  editable: boolean;
  problems: Record<string, string>;
  warnings: Record<string, string>;
  onChange: (patch: Partial<TOwnerDraft>) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = (name: string) => translate(`resources.twentyOneModels.fields.${name}`);
  const problem = (path: string) => (problems[path] ? translate(problems[path], { _: problems[path] }) : warnings[path] ? translate(warnings[path], { _: warnings[path] }) : undefined);
  if (!editable) {
    return (
      <Panel title={translate('filings.m21.owner')}>
        <FactGrid>
          <Fact label={label('ownerCompanyName')} testId="m21-owner-company">
            {owner.ownerCompanyName}
          </Fact>
          <Fact label={label('ownerLegalRepresentative')}>{owner.ownerLegalRepresentative}</Fact>
          <Fact label={label('ownerRole')}>{owner.ownerRole}</Fact>
          <Fact label={label('ownerSurname')}>{owner.ownerSurname}</Fact>
          <Fact label={label('ownerName')}>{owner.ownerName}</Fact>
          <Fact label={label('ownerTaxCode')}>{owner.ownerTaxCode}</Fact>
          <Fact label={label('ownerVatNumber')}>{owner.ownerVatNumber}</Fact>
          <Fact label={label('ownerAddress')}>{owner.ownerAddress}</Fact>
          <Fact label={label('signatureDate')}>{formatDate(owner.signatureDate || null, locale)}</Fact>
          <Fact label={label('notes')}>{owner.notes}</Fact>
        </FactGrid>
      </Panel>
    );
  }
  const input = (name: keyof TOwnerDraft, extra: Record<string, unknown> = {}) => (
    <TextField
      key={name}
      size="small"
      label={label(name)}
      value={owner[name]}
      onChange={(event) => onChange({ [name]: event.target.value })}
      error={!!problems[name]}
      helperText={problem(name) ?? ' '}
      color={warnings[name] && !problems[name] ? 'warning' : undefined}
      {...extra}
    />
  );
  return (
    <Panel title={translate('filings.m21.owner')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2 }}>
        {input('ownerSurname')}
        {input('ownerName', { required: true })}
        {input('ownerTaxCode', { required: true })}
        {input('ownerVatNumber')}
        {input('ownerAddress')}
        <CalendarDateField
          value={owner.signatureDate}
          onChange={(value) => onChange({ signatureDate: value })}
          label={label('signatureDate')}
          variant="filled"
          required
          error={!!problems.signatureDate}
          helperText={problem('signatureDate') ?? ' '}
        />
      </Box>
      {/* A company is the agente contabile through its legale rappresentante, whose name goes under the signature. */}
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
        {translate('filings.m21.company')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('filings.m21.companyHelp')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2 }}>
        {input('ownerCompanyName', { slotProps: { htmlInput: { maxLength: 300 } } })}
        {input('ownerLegalRepresentative', { slotProps: { htmlInput: { maxLength: 200 } } })}
        {input('ownerRole', { placeholder: translate('filings.m21.ownerRolePlaceholder'), slotProps: { htmlInput: { maxLength: 100 } } })}
        {input('notes', { multiline: true, minRows: 2, sx: { gridColumn: '1 / -1' } })}
      </Box>
    </Panel>
  );
}

/** The opening balance carried from the previous year (prefilled, correctable) and the carico/scarico it gives. */
function OpeningBalance({
  value,
  months,
  editable,
  problem,
  onChange,
}: {
  value: string;
  months: readonly TMonthDraft[];
  editable: boolean;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: editable ? '260px 1fr' : '1fr' }, gap: 2, alignItems: 'start' }}>
      {editable ? (
        <TextField
          size="small"
          label={translate('resources.twentyOneModels.fields.openingBalance')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={!!problem}
          helperText={problem ? translate(problem) : translate('filings.m21.openingBalanceHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' }, 'data-testid': 'm21-opening-balance-input' } }}
        />
      ) : null}
      <CaricoScarico months={months} openingBalance={value} />
    </Box>
  );
}

/** The comune's side: validation number (visto di regolarità) and notes, then validate, or a return with a reason. */
function ComunePanel({ record, facts }: { record: TModello21; facts: TModello21Facts }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [validationNumber, setValidationNumber] = useState(record.validationNumber ?? '');
  const [cityNotes, setCityNotes] = useState(record.cityNotes ?? '');
  const [touched, setTouched] = useState(false);
  const canDecide = modello21Workflow.offeredActions(record.status, facts, { role: currentRole() ?? '' }).some((o) => o.action === 'validate' || o.action === 'return');

  if (!canDecide) {
    if (record.status !== 'validated') return null;
    return (
      <Panel title={translate('filings.m21.comuneTitle')}>
        <FactGrid columns={3}>
          <Fact label={translate('resources.twentyOneModels.fields.validationNumber')} testId="m21-validation-number">
            {record.validationNumber}
          </Fact>
          <Fact label={translate('resources.twentyOneModels.fields.validatedAt')} testId="m21-validated-at">
            {formatDate(record.validatedAt ? todayInItaly(new Date(record.validatedAt)) : null, locale)}
          </Fact>
          <Fact label={translate('resources.twentyOneModels.fields.cityNotes')}>{record.cityNotes}</Fact>
        </FactGrid>
      </Panel>
    );
  }
  const missingNumber = validationNumber.trim() === '';
  return (
    <Panel title={translate('filings.m21.comuneTitle')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, columnGap: 2 }}>
        <TextField
          size="small"
          label={translate('resources.twentyOneModels.fields.validationNumber')}
          value={validationNumber}
          onChange={(event) => setValidationNumber(event.target.value)}
          required
          error={touched && missingNumber}
          helperText={touched && missingNumber ? translate('validation.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField size="small" label={translate('resources.twentyOneModels.fields.cityNotes')} value={cityNotes} onChange={(event) => setCityNotes(event.target.value)} multiline helperText=" " />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <WorkflowActions
          workflow={modello21Workflow}
          resource="twentyOneModels"
          record={record}
          facts={facts}
          buttons={{
            validate: {
              label: 'filings.m21.validate',
              icon: <CheckCircleIcon />,
              color: 'success',
              testId: 'm21-validate',
              done: 'filings.m21.done.validate',
              confirm: { title: 'filings.m21.validateTitle', content: 'filings.m21.validateConfirm' },
              translateOptions: { number: validationNumber.trim() },
              before: () => {
                setTouched(true);
                return !missingNumber;
              },
              body: () => ({ validationNumber: validationNumber.trim(), cityNotes: cityNotes.trim() || null }),
            },
            return: {
              label: 'filings.m21.return',
              icon: <ReplyIcon />,
              variant: 'outlined',
              color: 'warning',
              testId: 'm21-return',
              done: 'filings.m21.done.return',
              reason: { intro: 'filings.m21.returnIntro', label: 'filings.declarations.returnReason' },
            },
          }}
        />
      </Stack>
    </Panel>
  );
}

/** Model info: whether the comune requires it, the deadline, and what still stops it. */
function InfoPanel({ record, info }: { record: TModello21; info: TModello21Info | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Panel title={translate('filings.m21.info')}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <M21StatusChips record={record} />
      </Stack>
      {info && !info.required ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('filings.m21.notRequired', { city: info.cityName })}
        </Alert>
      ) : null}
      {record.returnReason && record.status === 'draft' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('filings.m21.returnedBecause', { reason: record.returnReason })}
        </Alert>
      ) : null}
      <FactGrid>
        <Fact label={translate('resources.twentyOneModels.fields.structureId')}>
          <ReferencedName reference="structures" id={record.structureId} />
        </Fact>
        <Fact label={translate('resources.twentyOneModels.fields.year')}>{record.year}</Fact>
        <Fact label={translate('resources.twentyOneModels.fields.deadline')}>
          {formatDate(record.deadline, locale)}
          {info && record.status === 'draft' ? ` (${translate(info.daysToDeadline >= 0 ? 'filings.m21.daysLeft' : 'filings.m21.daysLate', { smart_count: Math.abs(info.daysToDeadline) })})` : ''}
        </Fact>
        <Fact label={translate('resources.twentyOneModels.fields.validationNumber')}>{record.validationNumber}</Fact>
      </FactGrid>
    </Panel>
  );
}

function Modello21Body() {
  const record = useRecordContext<TModello21>();
  const { refetch } = useShowContext();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const [months, setMonths] = useState<TMonthDraft[]>([]);
  const [owner, setOwner] = useState<TOwnerDraft | null>(null);
  const [dirty, setDirty] = useState(false);

  // The info follows the saved version of the record; without it (a failed call) the page still works.
  const { data: info = null } = useQuery({
    queryKey: ['twentyOneModels', 'info', record?.id, record?.updatedAt],
    queryFn: () => dataProvider.modello21Info(record!.id).then(({ data }) => data),
    enabled: !!record,
    placeholderData: keepPreviousData,
  });

  const onSaveError = (error: Error) => notify(errorText(translate, error), { type: 'error' });
  const saving = useMutation({
    mutationFn: (data: Record<string, unknown>) => dataProvider.update('twentyOneModels', { id: record!.id, data, previousData: record }),
    onSuccess: () => {
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      void refetch();
    },
    onError: onSaveError,
  });
  const resetting = useMutation({
    mutationFn: (index: number) => dataProvider.update('twentyOneModels', { id: record!.id, data: { months: [{ number: index + 1, reset: true }] }, previousData: record }),
    onSuccess: () => void refetch(),
    onError: onSaveError,
  });
  const busy = saving.isPending || resetting.isPending;

  useEffect(() => {
    if (!record) return;
    setMonths(record.months.map((m) => draftOfMonth(m, locale)));
    setOwner(ownerDraftOf(record, locale));
    setDirty(false);
    // A new version of the record (after save, refresh, submit) replaces the draft; the same version
    // fetched again (a new object) must not discard the user's unsaved edits, hence updatedAt, not record.
  }, [record?.updatedAt, locale]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the record's version, see above

  const check = useMemo(() => (record && owner ? checkDraft(record.year, months, owner, todayInItaly()) : { problems: {}, warnings: {} }), [record, months, owner]);
  if (!record || !owner || months.length !== 12) return null;

  const editable = can(currentRole(), 'twentyOneModels', 'update') && record.status === 'draft';
  const problemCount = Object.keys(check.problems).length;
  const reconciled = problemCount === 0;
  const save = () => saving.mutate(updatePayload(months, owner));
  const reset = (index: number) => resetting.mutate(index);

  // The submit guard looks at the months as typed on this page (the server checks the saved ones again).
  const facts: TModello21Facts = { issues: Object.entries(check.problems).map(([path, message]) => ({ path, message: String(message) })) };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <InfoPanel record={record} info={info} />
      <Panel
        title={translate('filings.m21.months', { year: record.year })}
        action={
          editable ? (
            <WorkflowActions
              workflow={modello21Workflow}
              resource="twentyOneModels"
              record={record}
              facts={facts}
              buttons={{
                refresh: {
                  label: 'filings.m21.refresh',
                  icon: <SyncIcon />,
                  variant: 'text',
                  size: 'small',
                  testId: 'm21-refresh',
                  done: 'filings.m21.done.refresh',
                  disabled: busy || dirty,
                },
              }}
            />
          ) : null
        }
      >
        {editable ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('filings.m21.editHelp')}
          </Typography>
        ) : null}
        <MonthTable
          record={record}
          months={months}
          editable={editable}
          problems={check.problems}
          onChange={(index, patch) => {
            setMonths((current) => current.map((m, i) => (i === index ? { ...m, ...patch } : m)));
            setDirty(true);
          }}
          onReset={reset}
        />
        <OpeningBalance
          value={owner.openingBalance}
          months={months}
          editable={editable}
          problem={check.problems.openingBalance}
          onChange={(openingBalance) => {
            setOwner((current) => (current ? { ...current, openingBalance } : current));
            setDirty(true);
          }}
        />
      </Panel>
      <OwnerPanel
        owner={owner}
        editable={editable}
        problems={check.problems}
        warnings={check.warnings}
        onChange={(patch) => {
          setOwner((current) => (current ? { ...current, ...patch } : current));
          setDirty(true);
        }}
      />
      {editable || record.status !== 'draft' ? (
        <Box>
          {editable && !reconciled ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="m21-not-reconciled">
              {translate('filings.m21.notReconciled', { smart_count: problemCount })}
            </Alert>
          ) : null}
          {editable && reconciled ? (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="m21-reconciled">
              {translate(dirty ? 'filings.m21.reconciledSaveFirst' : 'filings.m21.reconciled')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {editable ? (
              <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={busy || !dirty} data-testid="m21-save">
                {translate('ra.action.save')}
              </Button>
            ) : null}
            {editable ? (
              <WorkflowActions
                workflow={modello21Workflow}
                resource="twentyOneModels"
                record={record}
                facts={facts}
                buttons={{
                  submit: {
                    label: 'filings.m21.submit',
                    icon: <SendIcon />,
                    color: 'secondary',
                    testId: 'm21-submit',
                    done: 'filings.m21.done.submit',
                    confirm: { title: 'filings.m21.submitTitle', content: 'filings.m21.submitConfirm' },
                    translateOptions: { year: record.year },
                    disabled: busy,
                    disabledReason: dirty ? 'filings.m21.saveBeforeSubmit' : null,
                    blockedHint: 'filings.m21.submitBlocked',
                  },
                }}
              />
            ) : null}
            {reconciled && !dirty ? (
              <DownloadButton path={`/twenty-one-models/${record.id}/pdf`} fileName={`modello21-${record.year}.pdf`} label="filings.m21.pdf" icon={<PictureAsPdfIcon />} testId="m21-pdf" />
            ) : null}
            {/* The preview prints the saved model as it is, reconciled or not, watermarked "bozza". */}
            {record.status === 'draft' ? (
              <DownloadButton
                path={`/twenty-one-models/${record.id}/pdf`}
                query={{ draft: 'true' }}
                fileName={`modello21-${record.year}-bozza.pdf`}
                label={dirty ? 'filings.m21.pdfDraftSaved' : 'filings.m21.pdfDraft'}
                icon={<PreviewIcon />}
                testId="m21-pdf-draft"
              />
            ) : null}
          </Stack>
        </Box>
      ) : null}
      <ComunePanel key={record.updatedAt} record={record} facts={facts} />
    </Stack>
  );
}

function Modello21Title() {
  const record = useRecordContext<TModello21>();
  const translate = useTranslate();
  return <>{`${translate('resources.twentyOneModels.name', { smart_count: 1 })} ${record?.year ?? ''}`}</>;
}

/**
 * twentyOneModels/{twentyOneModelId}, also the "model info" route (same path, same page): the
 * monthly account, the reconciliation that gates submit and print, and the comune's validation.
 */
export function Modello21Page() {
  return (
    <Show title={<Modello21Title />} actions={<DetailActions />}>
      <Modello21Body />
    </Show>
  );
}
