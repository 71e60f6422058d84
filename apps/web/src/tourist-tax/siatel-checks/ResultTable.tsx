import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';

export type TColumn<R> = { label: string; value: (row: R) => ReactNode; align?: 'right' };

/** A result list as a small table (scrolls sideways on a phone), or "None." */
export function ResultTable<R>({ rows, columns, testId, rowKey }: { rows: R[]; columns: TColumn<R>[]; testId: string; rowKey: (row: R, index: number) => string }) {
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  if (rows.length === 0) return <Typography color="text.secondary">{translate('siatel.noneFound')}</Typography>;
  if (narrow) {
    // On a phone one block per row, the first column as its title and the others as label: value.
    const [first, ...others] = columns;
    return (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
        {rows.map((row, index) => (
          <Box component="li" key={rowKey(row, index)} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {first.value(row)}
            </Typography>
            {others.map((column) => (
              <Typography key={column.label} variant="body2" color="text.secondary">
                {column.label}: {column.value(row)}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align}>
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
