import { lazy, Suspense, type ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { TBar } from './bars';

export type { TBar } from './bars';

/*
 * Charts of the environmental dashboard (MUI X Charts, fetched on demand: BarChartView.tsx):
 * horizontal bars of counts per label, each bar in its own colour when the setting behind it has one
 * (severity levels).
 */

const BarChartView = lazy(() => import('./BarChartView').then((module) => ({ default: module.BarChartView })));

/** A chart's height: the same for its placeholder, its loading skeleton and the drawn bars. */
const chartHeight = (bars: number) => Math.max(120, 44 * bars + 40);

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
  if (isPending) return <Skeleton variant="rounded" height={chartHeight(bars.length)} />;
  if (bars.length === 0 || bars.every((bar) => bar.value === 0))
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {empty}
      </Typography>
    );
  const height = chartHeight(bars.length);
  return (
    <div role="img" aria-label={ariaLabel} data-testid={testId} style={{ minHeight: height }}>
      {/* The chart library (about 80 KB) arrives after the figures: its placeholder keeps the chart's height, so nothing moves when it does. */}
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
        <BarChartView bars={bars} locale={locale} ariaLabel={ariaLabel} height={height} />
      </Suspense>
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
