import { Alert, Box, Stack } from '@mui/material';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/format';
import { Panel } from '../../components/Panel';
import { can } from '@app/domain/platform/access/access-table';
import { errorText } from '../../components/serverErrors';
import { useSession } from '../../session/useSession';
import { isNotAvailable, useNcaDashboard } from '../nca/queries';
import { CapaFigures } from './CapaFigures';
import { CountBars, FigureLink, type TBar } from './charts';

/*
 * The environmental part of the dashboard, for the consortium (staff and admins): the registry's
 * figures (lots, orders by type, agencies by invite status, laboratories, price-list lines) and the
 * NCA figures.
 */

/** The number of records of a collection matching a filter (one row asked, the total read). */
function useCount(resource: string, filter: Record<string, unknown> = {}) {
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter });
  return { count: total ?? 0, isPending, error };
}

function RegistryFigures() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lots = useCount('lots');
  const workOrders = useCount('orders', { orderType: 'work_order' });
  const announcements = useCount('orders', { orderType: 'announcement' });
  const toInvite = useCount('agencies', { inviteStatus: 'to_invite' });
  const invited = useCount('agencies', { inviteStatus: 'invited' });
  const accepted = useCount('agencies', { inviteStatus: 'accepted' });
  const laboratories = useCount('laboratories');
  const priceLines = useCount('contracts');
  // A figure still loading shows a dash, never a zero that is not true.
  const n = (...counts: { count: number; isPending: boolean }[]) =>
    counts.some((c) => c.isPending)
      ? '—'
      : formatNumber(
          counts.reduce((sum, c) => sum + c.count, 0),
          locale,
        );
  const loaded = ![workOrders, announcements, toInvite, invited, accepted].some((c) => c.isPending);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <FigureLink label={translate('envDashboard.figures.lots')} value={n(lots)} to="/lots" testId="env-count-lots" />
        <FigureLink label={translate('envDashboard.figures.orders')} value={n(workOrders, announcements)} to="/orders" testId="env-count-orders" />
        <FigureLink label={translate('envDashboard.figures.agencies')} value={n(toInvite, invited, accepted)} to="/agencies" testId="env-count-agencies" />
        <FigureLink label={translate('envDashboard.figures.laboratories')} value={n(laboratories)} to="/laboratories" testId="env-count-laboratories" />
        <FigureLink label={translate('envDashboard.figures.priceLines')} value={n(priceLines)} to="/contracts" testId="env-count-price-lines" />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <Panel title={translate('envDashboard.ordersByType')} headingComponent="h2" fillHeight testId="env-orders-by-type">
          <CountBars
            isPending={!loaded}
            locale={locale}
            ariaLabel={translate('envDashboard.ordersByType')}
            empty={translate('envDashboard.noOrders')}
            bars={[
              { key: 'work_order', label: translate('environmental.orderType.work_order'), value: workOrders.count },
              { key: 'announcement', label: translate('environmental.orderType.announcement'), value: announcements.count },
            ]}
          />
        </Panel>
        <Panel title={translate('envDashboard.agenciesByInvite')} headingComponent="h2" fillHeight testId="env-agencies-by-invite">
          <CountBars
            isPending={!loaded}
            locale={locale}
            ariaLabel={translate('envDashboard.agenciesByInvite')}
            empty={translate('envDashboard.noAgencies')}
            bars={[
              { key: 'to_invite', label: translate('environmental.inviteStatus.to_invite'), value: toInvite.count, color: '#9e9e9e' },
              { key: 'invited', label: translate('environmental.inviteStatus.invited'), value: invited.count, color: '#ed6c02' },
              { key: 'accepted', label: translate('environmental.inviteStatus.accepted'), value: accepted.count, color: '#2e7d32' },
            ]}
          />
        </Panel>
      </Box>
    </Stack>
  );
}

/** What a chart's placeholder stands for while the figures load: five bars, about the height most of the charts take. */
const PENDING_BARS: TBar[] = Array.from({ length: 5 }, (_, index) => ({ key: String(index), label: '', value: 0 }));

/** The NCA figures: open reports by status, lot, agency, severity and category, overdue actions, average days to close. */
function NcaFigures() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, isPending } = useNcaDashboard();
  const body = (() => {
    if (error) return <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('envDashboard.ncaNotYet') : errorText(translate, error)}</Alert>;
    // While the figures load, the same cards and panels hold their place (dashes, chart-sized placeholders): nothing below them jumps when they arrive.
    const openByStatus = data?.byStatus.filter((row) => row.status !== 'closed') ?? [];
    const open = openByStatus.reduce((sum, row) => sum + row.count, 0);
    const figure = (value: number | null | undefined, options?: Intl.NumberFormatOptions) => (isPending || value === null || value === undefined ? '—' : formatNumber(value, locale, options));
    const chart = (title: string, testId: string, bars: TBar[]) => (
      <Panel title={title} headingComponent="h3" fillHeight testId={testId}>
        <CountBars isPending={isPending} locale={locale} ariaLabel={title} empty={translate('envDashboard.nca.none')} bars={isPending ? PENDING_BARS : bars} />
      </Panel>
    );
    return (
      <Stack spacing={2}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <FigureLink label={translate('envDashboard.nca.open')} value={figure(open)} to="/nca-reports" testId="nca-count-open" />
          <FigureLink
            label={translate('envDashboard.nca.closed')}
            value={figure(data?.closedCount)}
            to={`/nca-reports?filter=${encodeURIComponent(JSON.stringify({ status: 'closed' }))}`}
            testId="nca-count-closed"
          />
          <FigureLink
            label={translate('envDashboard.nca.overdueActions')}
            value={figure(data?.overdueActions)}
            to={`/corrective-actions?filter=${encodeURIComponent(JSON.stringify({ overdue: true }))}`}
            testId="nca-count-overdue"
          />
          <FigureLink
            label={translate('envDashboard.nca.averageDaysToClose')}
            value={figure(data?.averageDaysToClose, { maximumFractionDigits: 1 })}
            to={`/nca-reports?filter=${encodeURIComponent(JSON.stringify({ status: 'closed' }))}`}
            testId="nca-average-days"
          />
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          {chart(
            translate('envDashboard.nca.byStatus'),
            'nca-by-status',
            openByStatus.map((row) => ({ key: row.status, label: translate(`nca.status.${row.status}`), value: row.count })),
          )}
          {chart(
            translate('envDashboard.nca.bySeverity'),
            'nca-by-severity',
            (data?.openBySeverity ?? []).map((row) => ({ key: row.settingId ?? 'none', label: row.name ?? translate('envDashboard.nca.noSeverity'), value: row.count, color: row.color ?? undefined })),
          )}
          {chart(
            translate('envDashboard.nca.byLot'),
            'nca-by-lot',
            (data?.openByLot ?? []).map((row) => ({ key: row.lotId, label: row.lotName, value: row.count })),
          )}
          {chart(
            translate('envDashboard.nca.byAgency'),
            'nca-by-agency',
            (data?.openByAgency ?? []).map((row) => ({ key: row.agencyId, label: row.agencyName, value: row.count })),
          )}
          {chart(
            translate('envDashboard.nca.byCategory'),
            'nca-by-category',
            (data?.openByCategory ?? []).map((row) => ({
              key: row.category ?? 'none',
              label: row.category ? translate(`environmental.ambientCategory.${row.category}`) : translate('envDashboard.nca.noCategory'),
              value: row.count,
            })),
          )}
        </Box>
      </Stack>
    );
  })();
  return (
    <Panel title={translate('envDashboard.ncaTitle')} headingComponent="h2" testId="env-nca-figures">
      {body}
    </Panel>
  );
}

export function EnvironmentalDashboard() {
  const role = useSession()?.user.role;
  return (
    <Stack spacing={2} data-testid="environmental-dashboard">
      {can(role, 'nca-reports', 'dashboard') ? <NcaFigures /> : null}
      {can(role, 'nca-reports', 'dashboard') ? <CapaFigures /> : null}
      <RegistryFigures />
    </Stack>
  );
}
