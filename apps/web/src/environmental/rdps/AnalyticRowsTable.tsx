import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TAnalyticRow } from '@app/domain/environmental/rdp/rdps';

/** The analytic rows with their limits; the rows out of limits stand out. */
export function AnalyticRowsTable({ rows }: { rows: TAnalyticRow[] }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.rdps.fields.${name}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="rdp-rows">
        <TableHead>
          <TableRow>
            {['activity', 'unit', 'method', 'lowerLimit', 'upperLimit', 'value', 'limitStatus'].map((name) => (
              <TableCell key={name}>{field(name)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i} sx={r.outOfLimits ? { bgcolor: 'rgba(211,47,47,0.08)' } : undefined} data-testid={r.outOfLimits ? 'rdp-row-out' : 'rdp-row'}>
              <TableCell>{r.activity}</TableCell>
              <TableCell>{r.unit ?? ''}</TableCell>
              <TableCell>{r.method ?? ''}</TableCell>
              <TableCell>{r.lowerLimit ?? '—'}</TableCell>
              <TableCell>{r.upperLimit ?? '—'}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{r.value ?? ''}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant={r.outOfLimits ? 'filled' : 'outlined'}
                  color={r.outOfLimits ? 'error' : r.limitStatus === 'within' ? 'success' : r.limitStatus === 'indeterminate' ? 'warning' : 'default'}
                  label={translate(`environmental.rdps.limitStatus.${r.limitStatus}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
