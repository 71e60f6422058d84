import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { BooleanInput, Form, NumberInput, RadioButtonGroupInput, TextInput, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { checkManualFigures, type TManualFiguresInput } from '@app/domain/tourist-tax/filings/declaration-figures';
import { parseEuroAmount } from '@app/domain/tourist-tax/money';
import { FormGrid } from '../../components/forms';
import { Panel } from '../../components/Panel';
import type { TDeclaration } from './components';
import { errorMessageOf, fieldErrorsOf } from '../../dataProvider/errors';

/*
 * What the hotelier changes while the declaration is theirs (draft, or sent back): automatic or
 * manual, "no guests in the period", the notes, and for a manual declaration the totals typed by
 * hand. The totals are checked with the server's own rule (checkManualFigures) before saving.
 */

const COUNT_FIELDS = ['numberOfStays', 'guestsNumber', 'nightsNumber', 'payingPresences', 'reducedPresences', 'exemptPresences', 'rejectedPayments'] as const;
const AMOUNT_FIELDS = ['tariff', 'reduction', 'totalAmount', 'toPayAmount', 'unpaidAmount'] as const;
const REQUIRED_FIELDS = new Set(['numberOfStays', 'nightsNumber', 'totalAmount', 'toPayAmount', 'unpaidAmount', 'rejectedPayments']);

type TFigureValues = Partial<Record<(typeof COUNT_FIELDS)[number] | (typeof AMOUNT_FIELDS)[number], number | null>>;
export type TFormValues = { type: 'automatic' | 'manual'; noGuests: boolean; notes: string | null; figures: TFigureValues };

const ISSUE_KEYS: Record<string, string> = {
  'must be a whole number, not negative': 'filings.validation.wholeNotNegative',
  'must equal the amount paid by guests plus the unpaid amount': 'filings.validation.totalIsPaidPlusUnpaid',
  'must equal the tariff total minus the reductions': 'filings.validation.totalIsTariffMinusReduction',
  'cannot be more than the stays': 'filings.validation.rejectedNotMoreThanStays',
  'an unpaid amount needs the number of stays not paid, and the other way round': 'filings.validation.unpaidNeedsRejected',
  'every stay has at least one night': 'filings.validation.nightPerStay',
  'a period declared without guests has no stays and no tax': 'filings.validation.noGuestsNoTax',
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Form values -> the API's manual figures in cents, or the problems per field. */
export function manualFiguresFrom(figures: TFigureValues): { input: TManualFiguresInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: Record<string, number | undefined> = {};
  for (const key of COUNT_FIELDS) {
    const value = figures[key];
    if (isEmpty(value)) {
      if (REQUIRED_FIELDS.has(key)) errors[key] = 'validation.required';
      continue;
    }
    if (!Number.isInteger(Number(value)) || Number(value) < 0) errors[key] = 'filings.validation.wholeNotNegative';
    else out[key] = Number(value);
  }
  for (const key of AMOUNT_FIELDS) {
    const value = figures[key];
    if (isEmpty(value)) {
      if (REQUIRED_FIELDS.has(key)) errors[key] = 'validation.required';
      continue;
    }
    const cents = parseEuroAmount(value);
    if (cents === null) errors[key] = 'validation.twoDecimals';
    else if (cents < 0) errors[key] = 'validation.notNegative';
    else out[`${key}Cents`] = cents;
  }
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return { input: out as unknown as TManualFiguresInput, errors };
}

/** Form-level check: the same sums the server enforces, shown under the field they concern. */
export function validateDeclarationForm(values: TFormValues): Record<string, unknown> {
  if (values.type !== 'manual' || values.noGuests) return {};
  const { input, errors } = manualFiguresFrom(values.figures ?? {});
  if (!input) return { figures: errors };
  const figureErrors: Record<string, string> = {};
  for (const issue of checkManualFigures(input, false)) {
    const field = issue.path.replace(/Cents$/, '');
    if (!(field in figureErrors)) figureErrors[field] = ISSUE_KEYS[issue.message] ?? issue.message;
  }
  return Object.keys(figureErrors).length > 0 ? { figures: figureErrors } : {};
}

export function payloadOf(values: TFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = { type: values.type, noGuests: !!values.noGuests, notes: values.notes?.trim() ? values.notes.trim() : null };
  if (values.type === 'manual' && !values.noGuests) {
    const figures: Record<string, number> = {};
    for (const key of [...COUNT_FIELDS, ...AMOUNT_FIELDS]) {
      const value = values.figures?.[key];
      if (!isEmpty(value)) figures[key] = Number(value);
    }
    payload.figures = figures;
  }
  return payload;
}

export function ManualFigureInputs() {
  const translate = useTranslate();
  const type = useWatch<{ type?: string }>({ name: 'type' });
  const noGuests = useWatch<{ noGuests?: boolean }>({ name: 'noGuests' });
  if (type !== 'manual' || noGuests) return null;
  const field = (name: string) => `resources.declarations.fields.${name}`;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('filings.declarations.manualFiguresHelp')}
      </Typography>
      <FormGrid columns={3}>
        {COUNT_FIELDS.filter((name) => name !== 'rejectedPayments').map((name) => (
          <NumberInput key={name} source={`figures.${name}`} label={field(name)} min={0} step={1} />
        ))}
        <NumberInput source="figures.tariff" label={field('tariff')} min={0} step={0.01} helperText="filings.declarations.tariffHelp" />
        <NumberInput source="figures.reduction" label={field('reduction')} min={0} step={0.01} />
        <NumberInput source="figures.totalAmount" label={field('totalAmount')} min={0} step={0.01} helperText="filings.declarations.totalHelp" />
        <NumberInput source="figures.toPayAmount" label={field('toPayAmount')} min={0} step={0.01} />
        <NumberInput source="figures.unpaidAmount" label={field('unpaidAmount')} min={0} step={0.01} />
        <NumberInput source="figures.rejectedPayments" label={field('rejectedPayments')} min={0} step={1} />
      </FormGrid>
    </>
  );
}

function SaveFiguresButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const { formState } = useFormContext();
  return (
    <Button type="submit" variant="contained" startIcon={isSubmitting ? <CircularProgress size={16} /> : <SaveIcon />} disabled={isSubmitting} data-testid="declaration-save">
      {translate(formState.isDirty ? 'ra.action.save' : 'filings.declarations.recompute')}
    </Button>
  );
}

export function DeclarationEditPanel({ record, onSaved }: { record: TDeclaration; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate(undefined, undefined, { returnPromise: true });
  const defaults: TFormValues = {
    type: record.type,
    noGuests: record.noGuests,
    notes: record.notes,
    figures: Object.fromEntries([...COUNT_FIELDS, ...AMOUNT_FIELDS].map((key) => [key, record[key]])),
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      await update('declarations', { id: record.id, data: payloadOf(values as TFormValues), previousData: record });
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      onSaved();
      return undefined;
    } catch (error) {
      const message = errorMessageOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return fieldErrorsOf(error);
    }
  };
  return (
    <Panel title={translate('filings.declarations.editTitle')}>
      <Form key={record.updatedAt} defaultValues={defaults} onSubmit={submit} validate={validateDeclarationForm as never} noValidate>
        <Box>
          <RadioButtonGroupInput
            source="type"
            label="resources.declarations.fields.type"
            choices={[
              { id: 'automatic', name: 'touristTax.declarationType.automatic' },
              { id: 'manual', name: 'touristTax.declarationType.manual' },
            ]}
            helperText={false}
          />
          <BooleanInput source="noGuests" label="filings.declarations.noGuestsInput" helperText="filings.declarations.noGuestsHelp" />
          <ManualFigureInputs />
          <TextInput source="notes" label="resources.declarations.fields.notes" multiline minRows={2} fullWidth sx={{ maxWidth: 960 }} />
          {record.type === 'automatic' ? (
            <Alert severity="info" sx={{ mb: 2, maxWidth: 960 }}>
              {translate('filings.declarations.recomputeHelp')}
            </Alert>
          ) : null}
          <SaveFiguresButton />
        </Box>
      </Form>
    </Panel>
  );
}
