import { Box, Stack, Typography, useTheme } from '@mui/material';
import { formatNumber } from '../../i18n/format';

/*
 * Small SVG charts for the dashboard (no chart library is installed): stacked monthly bars and
 * horizontal bars. Every bar has a <title> so the numbers are readable on hover and by screen readers.
 */

export type TSeries = { key: string; label: string };

const SHORT_MONTHS = {
  it: ['Gen', 'Feb', 'Mar', 'Apr', 'Mag', 'Giu', 'Lug', 'Ago', 'Set', 'Ott', 'Nov', 'Dic'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/** The axis top: the largest value rounded up to 1, 2, 2.5 or 5 times a power of ten, so quarter ticks are round. */
export function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((f) => f * power >= value) ?? 10;
  const top = step * power;
  return Number.isInteger(top / 4) ? top : Math.ceil(value / 4) * 4;
}

export function useSeriesColors(): string[] {
  const theme = useTheme();
  return [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.info.main, theme.palette.error.main];
}

/** Twelve stacked bars: values[month 1..12][series key]. */
export function MonthlyStackedBars({ series, values, locale, ariaLabel }: { series: TSeries[]; values: Record<number, Record<string, number>>; locale: string; ariaLabel: string }) {
  const colors = useSeriesColors();
  const theme = useTheme();
  const months = SHORT_MONTHS[locale.startsWith('en') ? 'en' : 'it'];
  const totals = months.map((_, i) => series.reduce((sum, s) => sum + (values[i + 1]?.[s.key] ?? 0), 0));
  const max = niceCeiling(Math.max(1, ...totals));
  const width = 720;
  const height = 240;
  const left = 44;
  const bottom = 24;
  const top = 12;
  const plotHeight = height - bottom - top;
  const slot = (width - left) / 12;
  const barWidth = slot * 0.6;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  return (
    <Box>
      <Box component="svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={ariaLabel} sx={{ width: '100%', height: 'auto', display: 'block' }}>
        {ticks.map((tick) => {
          const y = top + plotHeight - (tick / max) * plotHeight;
          return (
            <g key={tick}>
              <line x1={left} x2={width} y1={y} y2={y} stroke={theme.palette.divider} strokeWidth={1} />
              <text x={left - 6} y={y + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
                {formatNumber(tick, locale)}
              </text>
            </g>
          );
        })}
        {months.map((name, i) => {
          let y = top + plotHeight;
          const x = left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={name}>
              {series.map((s, k) => {
                const value = values[i + 1]?.[s.key] ?? 0;
                if (value === 0) return null;
                const h = (value / max) * plotHeight;
                y -= h;
                return (
                  <rect key={s.key} x={x} y={y} width={barWidth} height={h} fill={colors[k % colors.length]} rx={1}>
                    <title>{`${name} · ${s.label}: ${formatNumber(value, locale)}`}</title>
                  </rect>
                );
              })}
              <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                {name}
              </text>
            </g>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mt: 1 }}>
        {series.map((s, k) => (
          <Stack key={s.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colors[k % colors.length] }} />
            <Typography variant="caption">{s.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** Horizontal bars of a few labelled values against a common total. */
export function HorizontalBars({
  rows,
  total,
  locale,
  format = (n) => formatNumber(n, locale),
}: {
  rows: { label: string; value: number; color: string; testId?: string }[];
  total: number;
  locale: string;
  format?: (n: number) => string;
}) {
  return (
    <Stack spacing={1.25}>
      {rows.map((row) => (
        <Box key={row.label} data-testid={row.testId}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2">{row.label}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {format(row.value)}
            </Typography>
          </Stack>
          <Box sx={{ height: 8, bgcolor: 'action.hover', borderRadius: 4, overflow: 'hidden' }} aria-hidden>
            <Box sx={{ height: '100%', width: `${total > 0 ? Math.min(100, (row.value / total) * 100) : 0}%`, bgcolor: row.color, borderRadius: 4 }} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
