import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../../i18n/format';
import type { TBar } from './bars';

/** The drawn bars of CountBars (charts.tsx): a chunk of its own with the chart library, fetched when a chart is first shown. */
export function BarChartView({ bars, locale, ariaLabel, height }: { bars: TBar[]; locale: string; ariaLabel: string; height: number }) {
  const theme = useTheme();
  const longest = Math.max(...bars.map((bar) => bar.label.length));
  return (
    <BarChart
      layout="horizontal"
      height={height}
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
  );
}
