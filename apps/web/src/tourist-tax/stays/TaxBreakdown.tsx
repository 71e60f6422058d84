import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Drawer, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatDate } from '../../i18n/format';
import { formatEuros, formatPercent } from '../../components/format';
import { useHasTranslation } from '../../components/forms';
import { useCustomMutation } from '../../dataProvider/hooks';
import type { TPreviewError, TStayComputation } from '../../dataProvider/stays';
import { previewInputFrom } from './preview';

export const PREVIEW_DEBOUNCE_MS = 300;

type TPreviewState = { kind: 'incomplete' } | { kind: 'loading'; last: TStayComputation | null } | { kind: 'ready'; computation: TStayComputation } | { kind: 'error'; error: TPreviewError };

const WATCHED = ['structureId', 'checkIn', 'checkOut', 'componentsNumber', 'appliedExemptions', 'appliedReductions', 'accommodationAmount', 'guest', 'guests', 'id', 'nightlyPrices'] as const;

/** What the breakdown shows: the live preview of the form, or the saved computation. */
const PreviewContext = createContext<{ state: TPreviewState; saved: boolean }>({ state: { kind: 'incomplete' }, saved: false });

/**
 * The tax of the stay being typed, recomputed by the server (POST /api/stays/preview) 300 ms after
 * the last change: totals, one row per night and one per guest category. Rule problems
 * (NO_TARIFF_FOR_NIGHT, a missing accommodation amount, too many exempt guests) show here, in place
 * of the breakdown. Answers to superseded requests are dropped. The state is shared with the panel
 * and the phone's summary bar through a context, so typing re-renders them and not the whole form.
 */
export function LiveTaxPreview({ children }: { children: ReactNode }) {
  const values = useWatch({ name: [...WATCHED] });
  const key = JSON.stringify(values);
  // A POST that changes nothing: called from the debounce below, answers to superseded inputs dropped.
  const { mutateAsync: previewTax } = useCustomMutation('previewStayTax');
  const [state, setState] = useState<TPreviewState>({ kind: 'incomplete' });
  const sequence = useRef(0);
  const lastComputation = useRef<TStayComputation | null>(null);

  useEffect(() => {
    const [structureId, checkIn, checkOut, componentsNumber, appliedExemptions, appliedReductions, accommodationAmount, guest, guests, id, nightlyPrices] = JSON.parse(key) as unknown[];
    const input = previewInputFrom({ structureId, checkIn, checkOut, componentsNumber, appliedExemptions, appliedReductions, accommodationAmount, guest, guests, id, nightlyPrices });
    const current = ++sequence.current;
    if (!input) {
      setState({ kind: 'incomplete' });
      return;
    }
    const timer = setTimeout(() => {
      setState({ kind: 'loading', last: lastComputation.current });
      previewTax([input]).then(
        (computation) => {
          if (current !== sequence.current) return;
          lastComputation.current = computation;
          setState({ kind: 'ready', computation });
        },
        (error: TPreviewError) => {
          if (current !== sequence.current) return;
          setState({ kind: 'error', error });
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [previewTax, key]);

  const value = useMemo(() => ({ state, saved: false }), [state]);
  return <PreviewContext.Provider value={value}>{children}</PreviewContext.Provider>;
}

/** The saved computation of a stay (read-only detail). */
export function SavedTaxPreview({ computation, children }: { computation: TStayComputation; children: ReactNode }) {
  const value = useMemo(() => ({ state: { kind: 'ready', computation } as const, saved: true }), [computation]);
  return <PreviewContext.Provider value={value}>{children}</PreviewContext.Provider>;
}

/** The full breakdown of the preview around it. */
export function TaxBreakdown({ sticky = false }: { sticky?: boolean }) {
  const { state, saved } = useContext(PreviewContext);
  return <BreakdownPanel state={state} saved={saved} sticky={sticky} />;
}

/**
 * Below the laptop layout the breakdown would come after every field: a bar that stays at the top of
 * the form with the tax to pay, and a button that opens the whole breakdown over the form.
 */
export function TaxSummaryBar() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { state, saved } = useContext(PreviewContext);
  const [open, setOpen] = useState(false);
  const computation = state.kind === 'ready' ? state.computation : state.kind === 'loading' ? state.last : null;
  const status = state.kind === 'error' ? translate('touristTax.breakdown.problem') : state.kind === 'incomplete' || !computation ? translate('touristTax.breakdown.incompleteShort') : null;
  return (
    <>
      <Paper
        elevation={3}
        sx={{ position: 'sticky', top: 0, zIndex: 2, display: { xs: 'flex', lg: 'none' }, alignItems: 'center', gap: 1, px: 2, py: 1, mb: 2 }}
        data-testid="tax-summary-bar"
        aria-live="polite"
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('touristTax.breakdown.toPay')}
          </Typography>
          <Typography
            variant="h6"
            component="div"
            data-testid="tax-summary-to-pay"
            sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.2, color: state.kind === 'error' ? 'warning.main' : undefined }}
          >
            {status ?? formatEuros(computation!.toPayAmount, locale)}
          </Typography>
        </Box>
        {state.kind === 'loading' ? <CircularProgress size={20} aria-label={translate('touristTax.breakdown.computing')} /> : null}
        <Button type="button" variant="outlined" size="small" onClick={() => setOpen(true)} data-testid="tax-summary-open">
          {translate('touristTax.breakdown.open')}
        </Button>
      </Paper>
      <Drawer anchor="bottom" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { maxHeight: '85vh' } } }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
          <Button type="button" onClick={() => setOpen(false)} data-testid="tax-summary-close">
            {translate('ra.action.close')}
          </Button>
        </Box>
        <Box sx={{ px: 1, pb: 2 }}>
          <BreakdownPanel state={state} saved={saved} />
        </Box>
      </Drawer>
    </>
  );
}

function BreakdownPanel({ state, saved = false, sticky = false }: { state: TPreviewState; saved?: boolean; sticky?: boolean }) {
  const translate = useTranslate();
  const computation = state.kind === 'ready' ? state.computation : state.kind === 'loading' ? state.last : null;
  // On a laptop the panel stays in view while the form scrolls; taller than the window, it scrolls
  // inside itself with the totals at its top.
  const stickySx = sticky ? { position: 'sticky', top: 72, maxHeight: 'calc(100vh - 88px)', overflowY: 'auto' } : {};
  return (
    <Paper variant="outlined" sx={{ p: 2, ...stickySx }} data-testid="tax-breakdown" aria-live="polite">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('touristTax.breakdown.title')}
        </Typography>
        <Chip size="small" label={translate(saved ? 'touristTax.breakdown.saved' : 'touristTax.breakdown.live')} color={saved ? 'default' : 'primary'} variant="outlined" />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{state.kind === 'loading' ? <LinearProgress data-testid="tax-breakdown-loading" /> : null}</Box>
      {state.kind === 'incomplete' ? <Typography color="text.secondary">{translate('touristTax.breakdown.incomplete')}</Typography> : null}
      {state.kind === 'error' ? <PreviewErrorAlert error={state.error} /> : null}
      {computation ? <ComputationTables computation={computation} stale={state.kind === 'loading'} /> : null}
    </Paper>
  );
}

function PreviewErrorAlert({ error }: { error: TPreviewError }) {
  const translate = useTranslate();
  const hasKey = useHasTranslation();
  const [locale] = useLocaleState();
  const code = error.code;
  const dateValue = error.details?.map((detail) => detail.value).find((value): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));
  const title = code && hasKey(`errors.${code}`) ? translate(`errors.${code}`) : error.message ? translate(error.message, { _: error.message }) : translate('genericError');
  return (
    <Alert severity="warning" data-testid="tax-breakdown-error" data-code={code ?? ''}>
      <strong>{title}</strong>
      {dateValue ? ` (${formatDate(dateValue, locale)})` : null}
      {error.details?.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {error.details.map((detail, index) => (
            <li key={index}>{translate(detail.message, { _: detail.message })}</li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

function ComputationTables({ computation, stale }: { computation: TStayComputation; stale: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const euros = (value: number | null) => formatEuros(value, locale);
  const hasReductions = computation.reductionImport !== 0 || computation.categories.some((category) => category.reduction !== 0);
  return (
    <Box
      sx={{
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
        '& .MuiTableCell-root': { px: 0.75, py: 0.5, fontSize: '0.8125rem' },
        '& .MuiTableCell-head': { fontWeight: 600, lineHeight: 1.2 },
        '& .MuiTableBody-root .MuiTableCell-alignRight': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mb: 2 }}>
        <Total label={translate('touristTax.breakdown.tariffImport')} value={euros(computation.tariffImport)} testId="tax-tariff" />
        <Total label={translate('touristTax.breakdown.reductionImport')} value={euros(computation.reductionImport)} testId="tax-reduction" />
        <Total label={translate('touristTax.breakdown.toPay')} value={euros(computation.toPayAmount)} testId="tax-to-pay" strong />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('touristTax.breakdown.summary', {
          nights: computation.nightsNumber,
          taxableNights: computation.taxableNights,
          paying: computation.payingGuests,
          reduced: computation.reducedGuests,
          exempt: computation.exemptGuests,
        })}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {translate('touristTax.breakdown.perCategory')}
      </Typography>
      <Table size="small" data-testid="tax-categories">
        <TableHead>
          <TableRow>
            <TableCell>{translate('touristTax.breakdown.category')}</TableCell>
            <TableCell align="right">{translate('touristTax.breakdown.guests')}</TableCell>
            <TableCell align="right">{translate('touristTax.breakdown.guestNights')}</TableCell>
            <TableCell align="right">{translate('touristTax.breakdown.tariff')}</TableCell>
            {hasReductions ? <TableCell align="right">{translate('touristTax.breakdown.reduction')}</TableCell> : null}
            <TableCell align="right">{translate('touristTax.breakdown.toPay')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {computation.categories.map((category) => (
            <TableRow key={`${category.kind}-${category.id ?? ''}`}>
              <TableCell>
                {category.kind === 'full' ? translate('touristTax.breakdown.fullPaying') : category.name}
                {category.kind !== 'full' ? (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {` · ${translate(`touristTax.breakdown.kind.${category.kind}`)}`}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{category.guests}</TableCell>
              <TableCell align="right">{category.taxableGuestNights}</TableCell>
              <TableCell align="right">{euros(category.tariff)}</TableCell>
              {hasReductions ? <TableCell align="right">{euros(category.reduction)}</TableCell> : null}
              <TableCell align="right">{euros(category.toPay)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {computation.guestLines?.some((line) => line.guestIndex !== null) ? <GuestLinesTable lines={computation.guestLines} hasReductions={hasReductions} /> : null}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {translate('touristTax.breakdown.perNight')}
      </Typography>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        <Table size="small" stickyHeader data-testid="tax-nights">
          <TableHead>
            <TableRow>
              <TableCell>{translate('touristTax.breakdown.night')}</TableCell>
              <TableCell align="right">{translate('touristTax.breakdown.rate')}</TableCell>
              <TableCell align="right">{translate('touristTax.breakdown.tariff')}</TableCell>
              {hasReductions ? <TableCell align="right">{translate('touristTax.breakdown.reduction')}</TableCell> : null}
              <TableCell align="right">{translate('touristTax.breakdown.toPay')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {computation.nights.map((night) => (
              <TableRow key={night.date} sx={night.taxable ? undefined : { '& td': { color: 'text.disabled' } }}>
                <TableCell>
                  {formatDate(night.date, locale)}
                  <Typography component="div" variant="caption" color="text.secondary">
                    {night.tariffId === null ? translate('touristTax.breakdown.noTariffBeyondCap') : night.tariffName}
                    {night.taxable || night.tariffId === null ? null : ` · ${translate('touristTax.breakdown.notTaxable')}`}
                  </Typography>
                </TableCell>
                <TableCell align="right">{night.tariffType === null ? '–' : night.tariffType === 'flat' ? euros(night.nightlyPrice) : formatPercent(night.percentage, locale)}</TableCell>
                <TableCell align="right">{euros(night.tariff)}</TableCell>
                {hasReductions ? <TableCell align="right">{euros(night.reduction)}</TableCell> : null}
                <TableCell align="right">{euros(night.toPay)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** Which guest got what: each recorded guest with the rule applied and why, then the guests not recorded. */
function GuestLinesTable({ lines, hasReductions }: { lines: NonNullable<TStayComputation['guestLines']>; hasReductions: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const euros = (value: number | null) => formatEuros(value, locale);
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {translate('touristTax.guestLines.title')}
      </Typography>
      <Table size="small" data-testid="tax-guest-lines">
        <TableHead>
          <TableRow>
            <TableCell>{translate('touristTax.guestLines.guest')}</TableCell>
            <TableCell align="right">{translate('touristTax.guestLines.age')}</TableCell>
            <TableCell>{translate('touristTax.guestLines.rule')}</TableCell>
            {hasReductions ? <TableCell align="right">{translate('touristTax.breakdown.reduction')}</TableCell> : null}
            <TableCell align="right">{translate('touristTax.breakdown.toPay')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={`${line.guestIndex ?? 'group'}-${line.ruleId ?? ''}-${index}`}>
              <TableCell>{line.guestIndex === null ? `${translate('touristTax.guestLines.others')} (${line.guests})` : (line.name ?? '–')}</TableCell>
              <TableCell align="right">{line.age ?? '–'}</TableCell>
              <TableCell>
                {line.kind === 'full' ? translate('touristTax.guestLines.full') : line.ruleName}
                {line.reason ? (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {` · ${translate(`touristTax.guestLines.reason.${line.reason}`)}`}
                  </Typography>
                ) : null}
              </TableCell>
              {hasReductions ? <TableCell align="right">{euros(line.reduction)}</TableCell> : null}
              <TableCell align="right">{euros(line.toPay)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function Total({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ p: 1, borderRadius: 1, bgcolor: strong ? 'primary.main' : 'action.hover', color: strong ? 'primary.contrastText' : 'text.primary' }}>
      <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
        {label}
      </Typography>
      <Typography variant="h6" component="div" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}
