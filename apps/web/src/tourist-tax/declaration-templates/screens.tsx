import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
} from '@mui/material';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { Create, CreateButton, DataTable, Edit, List, NumberInput, SearchInput, TextInput, useGetList, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DateInput } from '../../components/DateInput';
import { generatePeriods, type TPeriodFrequency } from '@app/domain/tourist-tax/periods';
import { formatDate } from '../../i18n/format';
import { useSelectedYear } from '../../session/useSession';
import { DayField, DetailActions, FormGrid, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { CityFilterInput, CityInput, cityColumn } from '../shared/cityInputs';
import { ListDataTable, ListToolbar, YearListEmpty, YearListTitle } from '../../components/listScaffolding';
import { useCanHere, useReachesAllHere } from '../../components/permissions';
import { required, wholeNumber } from '../../components/validators';
import { useCustomMutation } from '../../dataProvider/hooks';
import { dateInYear, dateToNotBeforeFrom, deadlineNotBeforeEnd } from './periodValidation';
import { DEADLINE_KINDS, deadlineBody, deadlineRuleOf, deadlineValueProblem, type TDeadlineKind } from './deadlineChoices';
import type { TNamedRecord } from '../../components/records';
import { errorDetailsOf } from '../../dataProvider/errors';
import { isOneOf } from '@app/domain/platform/records/keys';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Declaration periods of a comune (declaration templates): the comune writes them, its hoteliers
 * declare against them. "Generate a year" creates all the periods of the selected year at once.
 */

const FREQUENCIES: TPeriodFrequency[] = ['quarterly', 'monthly', 'fourMonthly'];

type TGenerateState = {
  frequency: TPeriodFrequency;
  submitKind: TDeadlineKind;
  submitOffsetDays: string;
  payKind: TDeadlineKind;
  payOffsetDays: string;
  workingDays: boolean;
  cityId: string;
};

/** One deadline of the dialog: its kind (as the regulation writes it) and the number it needs. */
function DeadlineInputs({
  which,
  kind,
  value,
  problem,
  onChange,
}: {
  which: 'submit' | 'pay';
  kind: TDeadlineKind;
  value: string;
  problem: string | undefined;
  onChange: (patch: Partial<TGenerateState>) => void;
}) {
  const translate = useTranslate();
  const kindKey = which === 'submit' ? 'submitKind' : 'payKind';
  const valueKey = which === 'submit' ? 'submitOffsetDays' : 'payOffsetDays';
  return (
    <Stack spacing={1}>
      <MuiTextField
        select
        size="small"
        label={translate(`filings.templates.${which}Deadline`)}
        value={kind}
        onChange={(event) => isOneOf(DEADLINE_KINDS, event.target.value) && onChange({ [kindKey]: event.target.value })}
        slotProps={{ htmlInput: { 'data-testid': `${which}-kind` } }}
      >
        {DEADLINE_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {translate(`filings.templates.deadlineKinds.${k}`)}
          </MenuItem>
        ))}
      </MuiTextField>
      {kind === 'endOfMonthAfter' ? null : (
        <MuiTextField
          label={translate(kind === 'daysAfter' ? `filings.templates.${valueKey}` : 'filings.templates.dayOfMonth')}
          type="number"
          size="small"
          value={value}
          onChange={(event) => onChange({ [valueKey]: event.target.value })}
          error={!!problem}
          helperText={translate(problem ?? (kind === 'daysAfter' ? 'filings.templates.offsetHelp' : 'filings.templates.dayOfMonthHelp'))}
          slotProps={{ htmlInput: kind === 'daysAfter' ? { min: 0, max: 366 } : { min: 1, max: 31 } }}
        />
      )}
    </Stack>
  );
}

export function GenerateYearDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const year = useSelectedYear();
  const isAdmin = useReachesAllHere('list');
  const { data: cities = [] } = useGetList<TNamedRecord>('cities', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } }, { enabled: isAdmin && open });
  const [state, setState] = useState<TGenerateState>({
    frequency: 'quarterly',
    submitKind: 'daysAfter',
    submitOffsetDays: '30',
    payKind: 'daysAfter',
    payOffsetDays: '30',
    workingDays: true,
    cityId: '',
  });
  const { total: existing = 0 } = useGetList(
    'declaration-templates',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'dateFrom', order: 'ASC' }, filter: isAdmin ? { cityId: state.cityId } : {}, meta: { year } },
    { enabled: open && (!isAdmin || !!state.cityId) },
  );
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const problems = {
    submitOffsetDays: deadlineValueProblem(state.submitKind, state.submitOffsetDays),
    payOffsetDays: deadlineValueProblem(state.payKind, state.payOffsetDays),
    cityId: isAdmin && !state.cityId ? 'validation.required' : undefined,
  };
  const submitRule = deadlineRuleOf(state.submitKind, state.submitOffsetDays);
  const payRule = deadlineRuleOf(state.payKind, state.payOffsetDays);
  const valid = !!submitRule && !!payRule && !problems.cityId;
  // The preview is the domain's own generatePeriods, the function the API runs on confirm.
  const preview = useMemo(
    () => (submitRule && payRule && valid ? generatePeriods(year, state.frequency, 0, 0, { submitRule, payRule, workingDays: state.workingDays }) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rules are derived from these fields
    [valid, year, state.frequency, state.submitKind, state.submitOffsetDays, state.payKind, state.payOffsetDays, state.workingDays],
  );

  const generation = useCustomMutation('generatePeriods', {
    onSuccess: (rows) => {
      notify('filings.templates.generated', { type: 'success', messageArgs: { smart_count: rows.length, year } });
      refresh();
      onClose();
    },
    onError: (error) => {
      setServerProblem([translate(error.message || 'genericError', { _: error.message }), ...errorDetailsOf(error).map((d) => d.message)].join(' — '));
    },
  });
  const busy = generation.isPending;
  const generate = () => {
    if (!submitRule || !payRule) return;
    setServerProblem(null);
    const submit = deadlineBody(submitRule);
    const pay = deadlineBody(payRule);
    generation.mutate([
      {
        year,
        frequency: state.frequency,
        submitOffsetDays: submit.offsetDays,
        payOffsetDays: pay.offsetDays,
        ...(submit.rule ? { submitRule: submit.rule } : {}),
        ...(pay.rule ? { payRule: pay.rule } : {}),
        workingDays: state.workingDays,
        ...(isAdmin ? { cityId: state.cityId } : {}),
      },
    ]);
  };

  const set = (patch: Partial<TGenerateState>) => setState((current) => ({ ...current, ...patch }));
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="generate-year-title">
      <DialogTitle id="generate-year-title">{translate('filings.templates.generateTitle', { year })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {isAdmin ? (
            <MuiTextField
              select
              label={translate('touristTax.fields.cityId')}
              value={state.cityId}
              onChange={(event) => set({ cityId: event.target.value })}
              error={!!problems.cityId}
              helperText={problems.cityId ? translate(problems.cityId) : ' '}
              size="small"
            >
              {cities.map((city) => (
                <MenuItem key={city.id} value={String(city.id)}>
                  {city.name}
                </MenuItem>
              ))}
            </MuiTextField>
          ) : null}
          <FormControl>
            <FormLabel id="frequency-label">{translate('filings.templates.frequency')}</FormLabel>
            <RadioGroup row aria-labelledby="frequency-label" value={state.frequency} onChange={(event) => isOneOf(FREQUENCIES, event.target.value) && set({ frequency: event.target.value })}>
              {FREQUENCIES.map((frequency) => (
                <FormControlLabel key={frequency} value={frequency} control={<Radio />} label={translate(`filings.templates.frequencies.${frequency}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <DeadlineInputs which="submit" kind={state.submitKind} value={state.submitOffsetDays} problem={problems.submitOffsetDays} onChange={set} />
            <DeadlineInputs which="pay" kind={state.payKind} value={state.payOffsetDays} problem={problems.payOffsetDays} onChange={set} />
          </Box>
          <FormControlLabel control={<Checkbox checked={state.workingDays} onChange={(event) => set({ workingDays: event.target.checked })} />} label={translate('filings.templates.workingDays')} />
          {preview.length > 0 ? (
            <Table size="small" aria-label={translate('filings.templates.preview')} data-testid="generate-preview">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.declaration-templates.fields.periodName')}</TableCell>
                  <TableCell>{translate('resources.declaration-templates.fields.dateFrom')}</TableCell>
                  <TableCell>{translate('resources.declaration-templates.fields.dateTo')}</TableCell>
                  <TableCell>{translate('resources.declaration-templates.fields.submitBy')}</TableCell>
                  <TableCell>{translate('resources.declaration-templates.fields.payBy')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.map((period) => (
                  <TableRow key={period.dateFrom}>
                    <TableCell>{period.periodName}</TableCell>
                    <TableCell>{formatDate(period.dateFrom, locale)}</TableCell>
                    <TableCell>{formatDate(period.dateTo, locale)}</TableCell>
                    <TableCell>{formatDate(period.submitBy, locale)}</TableCell>
                    <TableCell>{formatDate(period.payBy, locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
          {existing > 0 ? <Alert severity="warning">{translate('filings.templates.existing', { smart_count: existing, year })}</Alert> : null}
          {serverProblem ? <Alert severity="error">{serverProblem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={generate} disabled={!valid || busy} data-testid="generate-confirm">
          {translate('filings.templates.generate', { smart_count: preview.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TemplateListActions() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const canWrite = useCanHere('create');
  return (
    <ListToolbar>
      {canWrite ? <CreateButton /> : null}
      {canWrite ? (
        <Button size="small" startIcon={<DateRangeIcon />} onClick={() => setOpen(true)} data-testid="generate-year">
          {translate('filings.templates.generateOpen')}
        </Button>
      ) : null}
      {canWrite ? <GenerateYearDialog open={open} onClose={() => setOpen(false)} /> : null}
    </ListToolbar>
  );
}

export function DeclarationTemplateList() {
  const translate = useTranslate();
  const isAdmin = useReachesAllHere('list');
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('filings.templates.search')} />, ...(isAdmin ? [<CityFilterInput key="cityId" />] : [])];
  return (
    <List filters={filters} sort={{ field: 'dateFrom', order: 'ASC' }} perPage={25} actions={<TemplateListActions />} title={<YearListTitle />} empty={false}>
      <ListDataTable rowClick="edit" bulkActionButtons={false} empty={<YearListEmpty />}>
        <DataTable.Col source="periodName" />
        <DataTable.Col source="dateFrom">
          <DayField source="dateFrom" />
        </DataTable.Col>
        <DataTable.Col source="dateTo">
          <DayField source="dateTo" />
        </DataTable.Col>
        <DataTable.Col source="submitBy">
          <DayField source="submitBy" />
        </DataTable.Col>
        <DataTable.Col source="payBy">
          <DayField source="payBy" />
        </DataTable.Col>
        {cityColumn(isAdmin)}
      </ListDataTable>
    </List>
  );
}

function TemplateFields({ readOnly, isCreate }: { readOnly: boolean; isCreate: boolean }) {
  return (
    <FormGrid>
      <TextInput source="periodName" validate={required} readOnly={readOnly} />
      <NumberInput source="year" validate={[required, wholeNumber(2021, 2050)]} readOnly={readOnly} />
      <CityInput readOnly={readOnly || !isCreate} />
      <DateInput source="dateFrom" validate={[required, dateInYear]} readOnly={readOnly} />
      <DateInput source="dateTo" validate={[required, dateInYear, dateToNotBeforeFrom]} readOnly={readOnly} />
      <DateInput source="submitBy" validate={[required, deadlineNotBeforeEnd]} readOnly={readOnly} />
      <DateInput source="payBy" validate={[required, deadlineNotBeforeEnd]} readOnly={readOnly} />
    </FormGrid>
  );
}

export function DeclarationTemplateEdit() {
  const saveErrors = useSaveErrorNotification();
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={saveErrors} title={<RecordTitle source="periodName" />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list">
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <TemplateFields readOnly={!canSave} isCreate={false} />
      </DetailForm>
      <RecordHistoryHere section labelPrefixes={['touristTax.fields']} />
    </Edit>
  );
}

export function DeclarationTemplateCreate() {
  const saveErrors = useSaveErrorNotification();
  const year = useSelectedYear();
  return (
    <Create mutationOptions={saveErrors} redirect="list">
      <DetailForm defaultValues={{ year }}>
        <TemplateFields readOnly={false} isCreate />
      </DetailForm>
    </Create>
  );
}
