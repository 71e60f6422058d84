import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/* Italy's bounding box (WGS84): the frame the position is drawn in. */
const BOX = { minLat: 35.5, maxLat: 47.2, minLong: 6.5, maxLong: 18.6 };
const W = 180;
const H = 200;

/**
 * Where the sample was taken: the coordinates, a dot drawn on a box of Italy's extent (no map tiles:
 * the product loads nothing from external servers), and a link the user may open themselves.
 */
export function RdpPosition({ lat, long }: { lat: number | null; long: number | null }) {
  const translate = useTranslate();
  if (lat === null || long === null) return <Typography color="text.secondary">{translate('environmental.rdps.position.none')}</Typography>;
  const x = ((long - BOX.minLong) / (BOX.maxLong - BOX.minLong)) * W;
  const y = ((BOX.maxLat - lat) / (BOX.maxLat - BOX.minLat)) * H;
  const inside = x >= 0 && x <= W && y >= 0 && y <= H;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid="rdp-position">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={translate('environmental.rdps.position.coordinates', { lat, long })}>
        <rect x={0.5} y={0.5} width={W - 1} height={H - 1} fill="#eef4f8" stroke="#90a4ae" />
        {[0.25, 0.5, 0.75].map((f) => (
          <g key={f} stroke="#cfd8dc" strokeDasharray="3 3">
            <line x1={W * f} y1={0} x2={W * f} y2={H} />
            <line x1={0} y1={H * f} x2={W} y2={H * f} />
          </g>
        ))}
        {inside ? (
          <g>
            <circle cx={x} cy={y} r={9} fill="rgba(211,47,47,0.2)" />
            <circle cx={x} cy={y} r={4} fill="#d32f2f" />
          </g>
        ) : null}
      </svg>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontFamily: 'monospace' }}>{translate('environmental.rdps.position.coordinates', { lat: lat.toFixed(5), long: long.toFixed(5) })}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1, maxWidth: 360 }}>
          {translate('environmental.rdps.position.note')}
        </Typography>
        <Link href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=15/${lat}/${long}`} target="_blank" rel="noopener noreferrer">
          {translate('environmental.rdps.position.open')}
        </Link>
      </Box>
    </Box>
  );
}
