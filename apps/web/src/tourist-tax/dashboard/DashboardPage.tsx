import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, ListItemButton, ListItemText, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { ButtonList } from '../../components/ButtonList';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useCustomMutation, useCustomQuery } from '../../dataProvider/hooks';
import type { TDashboardStructureItem } from '../../dataProvider/filings';
import { formatDate, formatNumber } from '../../i18n/format';
import { useSelectedYear, useSession } from '../../session/useSession';
import { formatEuros } from '../../components/format';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { DeclarationReviewDialog } from '../declarations/ReviewDialog';
import { DeclarationStatusChip, OverdueBadges, type TDeclaration } from '../declarations/components';
import { HorizontalBars, MonthlyStackedBars } from './charts';
import { HotelierToDo } from './HotelierToDo';
import { ComuneIdentity } from '../cities/CityLogo';
import { ChosenCity } from '../shared/cityInputs';
import { can, scopeOf } from '@app/domain/platform/access/access-table';
import type { TNamedRecord } from '../../components/records';

/*
 * dashboard: for a comune (and an admin choosing one) the figures of a period, charts of the year,
 * the declarations waiting for validation and the structures worth a check; for a hotelier their
 * structures, the next deadlines and what is still to do.
 */

/*
 * The dashboards of the API are refetched with the rest of the app (refresh button, after changes);
 * the figures shown stay while those of another period or year load (keepPreviousData).
 */

/** A section of the dashboard: a titled card that fills its grid row. */
function Section({ title, children, testId, action }: { title: string; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <Panel title={title} testId={testId} action={action} headingComponent="h2" fillHeight>
      {children}
    </Panel>
  );
}

function Figure({ label, value, tone, testId }: { label: string; value: string; tone?: 'error' | 'success' | 'warning'; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 150px', minWidth: 150 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography variant="h5" component="div" color={tone ? `${tone}.main` : undefined} sx={{ fontWeight: 600 }} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function StructureLinks({ items, empty }: { items: TDashboardStructureItem[]; empty: string }) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <ButtonList dense disablePadding>
      {items.map((item) => (
        <ListItemButton key={item.structureId} component={RouterLink} to={`/structures/${item.structureId}/declarations`}>
          <ListItemText primary={item.name} />
        </ListItemButton>
      ))}
    </ButtonList>
  );
}

/** Declarations submitted and waiting for the comune: each opens the review (validate, send back). */
function ToValidate({ year, cityId }: { year: number; cityId?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState<string | null>(null);
  const { data = [], isPending } = useGetList<TDeclaration>('declarations', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'submitBy', order: 'ASC' },
    filter: { status: 'submitted', ...(cityId ? { cityId } : {}) },
    meta: { year },
  });
  const { data: structures = [] } = useGetList<TNamedRecord>('structures', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' }, filter: cityId ? { cityId } : {} });
  const nameOf = (id: string) => structures.find((s) => s.id === id)?.name ?? '';
  return (
    <Section title={translate('filings.dashboard.toValidate', { smart_count: data.length })} testId="dashboard-to-validate">
      {!isPending && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('filings.dashboard.nothingToValidate')}
        </Typography>
      ) : null}
      <ButtonList dense disablePadding>
        {data.map((declaration) => (
          <ListItemButton key={declaration.id} onClick={() => setOpen(declaration.id)} data-testid={`to-validate-${declaration.code}`}>
            <ListItemText
              primary={`${nameOf(declaration.structureId)} · ${declaration.code ?? ''}`}
              secondary={`${formatDate(declaration.dateFrom, locale)} – ${formatDate(declaration.dateTo, locale)} · ${formatEuros(declaration.toPayAmount, locale)}`}
            />
            <Stack direction="row" spacing={0.5}>
              <DeclarationStatusChip status={declaration.status} />
              <OverdueBadges record={declaration} />
            </Stack>
          </ListItemButton>
        ))}
      </ButtonList>
      <DeclarationReviewDialog id={open} onClose={() => setOpen(null)} />
    </Section>
  );
}

function CityDashboard({ cityId }: { cityId?: string }) {
  const translate = useTranslate();
  const ownCityId = useSession()?.user.cityId;
  const theme = useTheme();
  const [locale] = useLocaleState();
  const year = useSelectedYear();
  const [periodId, setPeriodId] = useState<string>('');
  const [metric, setMetric] = useState<'presences' | 'nights' | 'stays'>('presences');
  const { data: periods = [] } = useGetList<{ id: string; periodName: string }>('declaration-templates', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'dateFrom', order: 'ASC' },
    filter: cityId ? { cityId } : {},
    meta: { year },
  });
  const { data, error, isPending } = useCustomQuery('cityDashboard', [{ year, declarationTemplateId: periodId || undefined, cityId }], { placeholderData: keepPreviousData });
  const notify = useNotify();
  const downloading = useCustomMutation('download', { onError: (caught) => notify(caught.message, { type: 'error' }) });
  const download = (path: string, query: Record<string, string | number | undefined>, fallbackName: string) => downloading.mutate([path, { query, fileName: fallbackName }]);
  useEffect(() => setPeriodId(''), [year, cityId]);

  const chart = useMemo(() => {
    const rows = data?.charts.byStructureTypeAndMonth ?? [];
    const types = [...new Map(rows.map((r) => [r.structureTypeId ?? 'none', r.structureTypeName ?? translate('filings.dashboard.noType')])).entries()].map(([key, label]) => ({ key, label }));
    const values: Record<number, Record<string, number>> = {};
    for (const r of rows) {
      values[r.month] ??= {};
      values[r.month][r.structureTypeId ?? 'none'] = (values[r.month][r.structureTypeId ?? 'none'] ?? 0) + r[metric];
    }
    return { types, values };
  }, [data, metric, translate]);

  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorText(translate, error)}</Alert>;
  if (!data) return null;
  const counts = data.counts;
  const amounts = data.amounts;
  const euros = (n: number) => formatEuros(n, locale);
  return (
    <Stack spacing={2}>
      <ComuneIdentity cityId={cityId ?? ownCityId} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate('filings.dashboard.period')}
          value={periodId || data.period?._id || ''}
          onChange={(event) => setPeriodId(event.target.value)}
          sx={{ minWidth: 240 }}
          data-testid="dashboard-period"
        >
          {periods.map((period) => (
            <MenuItem key={period.id} value={String(period.id)}>
              {period.periodName}
            </MenuItem>
          ))}
        </TextField>
        {data.period ? (
          <Typography variant="body2" color="text.secondary">
            {translate('filings.dashboard.periodDeadlines', {
              from: formatDate(data.period.dateFrom, locale),
              to: formatDate(data.period.dateTo, locale),
              submitBy: formatDate(data.period.submitBy, locale),
              payBy: formatDate(data.period.payBy, locale),
            })}
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {data.period ? (
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => download('/exports/declarations', { declarationTemplateId: data.period!._id, year }, 'dichiarazioni.xlsx')}
            data-testid="export-period"
          >
            {translate('filings.dashboard.exportPeriod')}
          </Button>
        ) : null}
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => download('/exports/annual-summary', { year, cityId }, `riepilogo-${year}.xlsx`)} data-testid="export-annual">
          {translate('filings.dashboard.exportAnnual')}
        </Button>
      </Stack>
      {!data.period ? <Alert severity="info">{translate('filings.dashboard.noPeriods', { year })}</Alert> : null}
      {counts && amounts ? (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Figure label={translate('filings.dashboard.counts.structures')} value={formatNumber(counts.structures, locale)} testId="count-structures" />
            <Figure label={translate('filings.dashboard.counts.declared')} value={formatNumber(counts.declared, locale)} tone="success" testId="count-declared" />
            <Figure label={translate('filings.dashboard.counts.notDeclared')} value={formatNumber(counts.notDeclared, locale)} tone={counts.notDeclared > 0 ? 'warning' : undefined} />
            <Figure label={translate('filings.dashboard.counts.paid')} value={formatNumber(counts.paid, locale)} />
            <Figure label={translate('filings.dashboard.counts.lateSubmission')} value={formatNumber(counts.lateSubmission, locale)} tone={counts.lateSubmission > 0 ? 'error' : undefined} />
            <Figure label={translate('filings.dashboard.counts.latePayment')} value={formatNumber(counts.latePayment, locale)} tone={counts.latePayment > 0 ? 'error' : undefined} />
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
            <Section title={translate('filings.dashboard.amountsTitle')} testId="dashboard-amounts">
              <HorizontalBars
                locale={locale}
                total={Math.max(amounts.taxDeclared, amounts.taxPaidToComune + amounts.taxOutstanding)}
                format={euros}
                rows={[
                  { label: translate('filings.dashboard.amounts.taxDeclared'), value: amounts.taxDeclared, color: theme.palette.primary.main },
                  { label: translate('filings.dashboard.amounts.taxCollectedFromGuests'), value: amounts.taxCollectedFromGuests, color: theme.palette.info.main },
                  { label: translate('filings.dashboard.amounts.taxNotCollected'), value: amounts.taxNotCollected, color: theme.palette.warning.main },
                  { label: translate('filings.dashboard.amounts.taxPaidToComune'), value: amounts.taxPaidToComune, color: theme.palette.success.main },
                  { label: translate('filings.dashboard.amounts.taxOutstanding'), value: amounts.taxOutstanding, color: theme.palette.error.main, testId: 'amount-outstanding' },
                ]}
              />
            </Section>
            <Section title={translate('filings.dashboard.filingStatus')}>
              <HorizontalBars
                locale={locale}
                total={counts.structures}
                rows={[
                  { label: translate('filings.dashboard.counts.declared'), value: counts.declared, color: theme.palette.success.main },
                  { label: translate('filings.dashboard.counts.paid'), value: counts.paid, color: theme.palette.primary.main },
                  { label: translate('filings.dashboard.counts.lateSubmission'), value: counts.lateSubmission, color: theme.palette.error.main },
                  { label: translate('filings.dashboard.counts.latePayment'), value: counts.latePayment, color: theme.palette.warning.main },
                ]}
              />
            </Section>
          </Box>
        </>
      ) : null}
      <Section
        title={translate('filings.dashboard.chartTitle', { year })}
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={metric}
            onChange={(_event, value: 'presences' | 'nights' | 'stays' | null) => value && setMetric(value)}
            aria-label={translate('filings.dashboard.metric')}
          >
            {(['presences', 'nights', 'stays'] as const).map((m) => (
              <ToggleButton key={m} value={m}>
                {translate(`filings.dashboard.metrics.${m}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      >
        {chart.types.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('filings.dashboard.noStays', { year })}
          </Typography>
        ) : (
          <MonthlyStackedBars series={chart.types} values={chart.values} locale={locale} ariaLabel={translate('filings.dashboard.chartTitle', { year })} />
        )}
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <ToValidate year={year} cityId={cityId} />
        <Section title={translate('filings.dashboard.toCheck', { smart_count: data.toCheck.length })} testId="dashboard-to-check">
          {data.toCheck.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('filings.dashboard.nothingToCheck')}
            </Typography>
          ) : null}
          <ButtonList dense disablePadding>
            {data.toCheck.map((item) => (
              <ListItemButton key={`${item.structureId}-${item.reason}`} component={RouterLink} to={`/structures/${item.structureId}/declarations`}>
                <ListItemText primary={item.name} secondary={translate(`filings.dashboard.reasons.${item.reason}`)} />
              </ListItemButton>
            ))}
          </ButtonList>
        </Section>
        {data.lists ? (
          <>
            <Section title={translate('filings.dashboard.lateSubmissionList')}>
              <StructureLinks items={data.lists.lateSubmission} empty={translate('filings.dashboard.noneLate')} />
            </Section>
            <Section title={translate('filings.dashboard.latePaymentList')}>
              <StructureLinks items={data.lists.latePayment} empty={translate('filings.dashboard.noneLate')} />
            </Section>
          </>
        ) : null}
      </Box>
    </Stack>
  );
}

/** How many of a structure's to-dos are late: the per-structure summary of the to-do list. */
function StructureLateCount({ count }: { count: number }) {
  const translate = useTranslate();
  if (count === 0) return null;
  return <Chip size="small" color="error" variant="outlined" label={translate('filings.dashboard.lateCount', { smart_count: count })} data-testid="structure-late-count" />;
}

function HotelierDashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const year = useSelectedYear();
  const { data, error, isPending } = useCustomQuery('hotelierDashboard', [{ year }], { placeholderData: keepPreviousData });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorText(translate, error)}</Alert>;
  if (!data) return null;
  if (data.structures.length === 0) return <Alert severity="info">{translate('filings.dashboard.noStructures')}</Alert>;
  return (
    // What to do comes first on a phone; on a laptop it takes the wider column on the right.
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, gridTemplateAreas: { xs: '"todo" "side"', lg: '"side todo"' }, gap: 2, alignItems: 'start' }}>
      <Stack spacing={2} sx={{ gridArea: 'side' }}>
        <Section title={translate('filings.dashboard.myStructures', { smart_count: data.structures.length })} testId="dashboard-structures">
          <ButtonList dense disablePadding>
            {data.structures.map((structure) => (
              <ListItemButton key={structure._id} component={RouterLink} to={`/structures/${structure._id}`}>
                <ListItemText primary={structure.name} secondary={structure.cityName} />
                <StructureLateCount count={data.toDo.filter((item) => item.structureId === structure._id && item.overdue).length} />
              </ListItemButton>
            ))}
          </ButtonList>
        </Section>
        <Section title={translate('filings.dashboard.nextDeadlines')} testId="dashboard-deadlines">
          {data.nextDeadlines.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('filings.dashboard.noDeadlines')}
            </Typography>
          ) : null}
          <ButtonList dense disablePadding>
            {data.nextDeadlines.map((deadline) => (
              <ListItemText
                key={`${deadline.structureId}-${deadline.declarationTemplateId}-${deadline.kind}`}
                sx={{ py: 0.5 }}
                primary={`${formatDate(deadline.date, locale)} · ${translate(`filings.dashboard.deadlineKinds.${deadline.kind}`)} ${deadline.periodName}`}
                secondary={`${deadline.structureName} · ${translate('filings.modello21.daysLeft', { smart_count: deadline.daysLeft })}`}
              />
            ))}
          </ButtonList>
        </Section>
      </Stack>
      <Box sx={{ gridArea: 'todo' }}>
        <Section title={translate('filings.dashboard.toDo', { smart_count: data.toDo.length })} testId="dashboard-todo">
          <HotelierToDo items={data.toDo} />
        </Section>
      </Box>
    </Box>
  );
}

/**
 * The tourist-tax part of /dashboard: the comune's or the hotelier's overview of the selected year
 * (the page itself is composed of the enabled areas' parts).
 */
export function TouristTaxDashboard() {
  const role = useSession()?.user.role;
  // The comune's figures: an admin picks the comune, a comune user sees its own.
  const comune = scopeOf(role, 'dashboard', 'comune');
  return (
    <Box data-testid="tourist-tax-dashboard">
      {comune === 'ownCity' ? <CityDashboard /> : null}
      {comune === 'all' ? <ChosenCity>{(cityId) => <CityDashboard cityId={cityId} />}</ChosenCity> : null}
      {can(role, 'dashboard', 'hotelier') ? <HotelierDashboard /> : null}
    </Box>
  );
}
