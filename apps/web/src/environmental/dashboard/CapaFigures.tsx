import { useState } from 'react';
import { Alert, Box, MenuItem, Skeleton, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { ISHIKAWA_CATEGORIES, type TIshikawaCategory } from '@app/domain/environmental/nca/ishikawa';
import type { TParetoRow } from '../../dataProvider/environmental';
import { errorText } from '../../components/serverErrors';
import { Panel } from '../../components/Panel';
import { formatNumber } from '../../i18n/format';
import { isNotAvailable, useNcaDashboard } from '../nca/queries';
import { CountBars, FigureLink } from './charts';

/*
 * The CAPA part of the NCA dashboard: effectiveness checks due, scheduled, effective and not
 * effective; recurrences; the root causes by Ishikawa family (a filter of the whole panel); and the
 * Pareto of NCA types and environmental aspects per lot and per agency.
 */

const listOf = (filter: Record<string, unknown>) => `/nca-reports?filter=${encodeURIComponent(JSON.stringify(filter))}`;

function ParetoTable({ title, rows, testId }: { title: string; rows: TParetoRow[]; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ minWidth: 0, overflowX: 'auto' }} data-testid={testId}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.capa.dashboard.none')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell align="right">{'N.'}</TableCell>
              <TableCell align="right">{translate('nca.capa.dashboard.share')}</TableCell>
              <TableCell align="right">{translate('nca.capa.dashboard.cumulative')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.settingId}>
                <TableCell sx={{ maxWidth: 260 }}>{row.name}</TableCell>
                <TableCell align="right">{formatNumber(row.count, locale)}</TableCell>
                <TableCell align="right">{`${formatNumber(row.share, locale, { maximumFractionDigits: 1 })} %`}</TableCell>
                <TableCell align="right">{`${formatNumber(row.cumulative, locale, { maximumFractionDigits: 1 })} %`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

type TGroup = { key: string; label: string; types: TParetoRow[]; aspects: TParetoRow[] };

function ParetoGroups({ groups, testId }: { groups: TGroup[]; testId: string }) {
  const translate = useTranslate();
  const [picked, setPicked] = useState<string | null>(null);
  const current = groups.find((g) => g.key === picked) ?? groups[0];
  if (!current) return <Typography color="text.secondary">{translate('nca.capa.dashboard.none')}</Typography>;
  return (
    <Stack spacing={1} data-testid={testId} sx={{ minWidth: 0 }}>
      <Tabs value={current.key} onChange={(_e, key: string) => setPicked(key)} variant="scrollable" allowScrollButtonsMobile sx={{ minWidth: 0, maxWidth: '100%' }}>
        {groups.map((g) => (
          <Tab key={g.key} value={g.key} label={g.label} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <ParetoTable title={translate('nca.capa.dashboard.types')} rows={current.types} testId={`${testId}-types`} />
        <ParetoTable title={translate('nca.capa.dashboard.aspects')} rows={current.aspects} testId={`${testId}-aspects`} />
      </Box>
    </Stack>
  );
}

export function CapaFigures() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [ishikawa, setIshikawa] = useState<TIshikawaCategory | ''>('');
  const { data, error, isPending } = useNcaDashboard(undefined, ishikawa || undefined);
  const picker = (
    <TextField
      select
      size="small"
      label={translate('nca.capa.dashboard.ishikawaFilter')}
      value={ishikawa}
      onChange={(e) => setIshikawa(ISHIKAWA_CATEGORIES.find((c) => c === e.target.value) ?? '')}
      sx={{ minWidth: 200, alignSelf: 'flex-start' }}
      data-testid="capa-ishikawa-filter"
    >
      <MenuItem value="">{translate('nca.capa.dashboard.all')}</MenuItem>
      {ISHIKAWA_CATEGORIES.map((c) => (
        <MenuItem key={c} value={c}>
          {translate(`nca.capa.ishikawa.${c}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const body = (() => {
    if (isPending) return <Skeleton variant="rounded" height={160} />;
    if (error) return <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('envDashboard.ncaNotYet') : errorText(translate, error)}</Alert>;
    const figure = (key: 'due' | 'upcoming' | 'done' | 'failed') => (
      <FigureLink key={key} label={translate(`nca.capa.dashboard.${key}`)} value={formatNumber(data.effectiveness[key], locale)} to={listOf({ status: 'closed' })} testId={`capa-checks-${key}`} />
    );
    return (
      <Stack spacing={2}>
        {picker}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          {figure('due')}
          {figure('upcoming')}
          {figure('done')}
          {figure('failed')}
          <FigureLink label={translate('nca.capa.dashboard.recurrences')} value={formatNumber(data.recurrences, locale)} to={listOf({ recurrence: true })} testId="capa-recurrences" />
        </Stack>
        <Panel title={translate('nca.capa.dashboard.byIshikawa')} testId="capa-by-ishikawa">
          <CountBars
            locale={locale}
            ariaLabel={translate('nca.capa.dashboard.byIshikawa')}
            empty={translate('nca.capa.dashboard.none')}
            bars={data.byIshikawa.map((row) => ({ key: row.category, label: translate(`nca.capa.ishikawa.${row.category}`), value: row.count }))}
          />
        </Panel>
        <Panel title={translate('nca.capa.dashboard.paretoByLot')} testId="capa-pareto-lot">
          <ParetoGroups groups={data.pareto.byLot.map((g) => ({ key: g.lotId, label: g.lotCode, types: g.types, aspects: g.aspects }))} testId="capa-pareto-lot-groups" />
        </Panel>
        <Panel title={translate('nca.capa.dashboard.paretoByAgency')} testId="capa-pareto-agency">
          <ParetoGroups groups={data.pareto.byAgency.map((g) => ({ key: g.agencyId, label: g.agencyName, types: g.types, aspects: g.aspects }))} testId="capa-pareto-agency-groups" />
        </Panel>
      </Stack>
    );
  })();
  return (
    <Panel title={translate('nca.capa.dashboard.title')} headingComponent="h2" testId="env-capa-figures">
      {body}
    </Panel>
  );
}
