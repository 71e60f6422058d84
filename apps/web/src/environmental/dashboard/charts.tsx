import type { ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../../i18n/format';

/*
 * Charts of the environmental dashboard (MUI X Charts): horizontal bars of counts per label, each bar
 * in its own colour when the setting behind it has one (severity levels).
 */

export type TBar = { key: string; label: string; value: number; color?: string };

/** Horizontal bars, one per label; an empty list says so instead of drawing empty axes. */
export function CountBars({
  bars,
  locale,
  empty,
  ariaLabel,
  testId,
  isPending = false,
}: {
  bars: TBar[];
  locale: string;
  empty: string;
  ariaLabel: string;
  testId?: string;
  /** The counts are still loading: a placeholder rather than bars (or "none") that are not true yet. */
  isPending?: boolean;
}) {
  const theme = useTheme();
  if (isPending) return <Skeleton variant="rounded" height={Math.max(120, 44 * bars.length + 40)} />;
  if (bars.length === 0 || bars.every((bar) => bar.value === 0))
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {empty}
      </Typography>
    );
  const longest = Math.max(...bars.map((bar) => bar.label.length));
  return (
    <div role="img" aria-label={ariaLabel} data-testid={testId}>
      <BarChart
        layout="horizontal"
        height={Math.max(120, 44 * bars.length + 40)}
        margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
        dataset={bars.map((bar) => ({ label: bar.label, value: bar.value }))}
        yAxis={[
          {
            scaleType: 'band',
            dataKey: 'label',
            width: Math.min(200, Math.max(72, longest * 8 + 12)),
            colorMap: bars.some((bar) => bar.color) ? { type: 'ordinal', values: bars.map((bar) => bar.label), colors: bars.map((bar) => bar.color ?? theme.palette.primary.main) } : undefined,
          },
        ]}
        xAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => formatNumber(value, locale) }]}
        series={[{ dataKey: 'value', label: ariaLabel, color: theme.palette.primary.main, valueFormatter: (value: number | null) => formatNumber(value ?? 0, locale) }]}
        hideLegend
        skipAnimation
        borderRadius={4}
      />
    </div>
  );
}

/** A figure that opens the list behind it. */
export function FigureLink({ label, value, to, testId }: { label: string; value: ReactNode; to: string; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 150px', minWidth: 150 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography variant="h5" component="div" sx={{ fontWeight: 600 }} data-testid={testId}>
            {value}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
