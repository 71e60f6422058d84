import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useCustomQuery } from '../../dataProvider/hooks';
import { formatEuros } from '../../components/format';

/** The consortium's accounting figures of completed reports, per laboratory and per month of the SAL. */
export function RdpTotalsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // Asked again at each opening: the figures move as reports are confirmed.
  const { data: totals, error } = useCustomQuery('rdpTotals', [], { enabled: open, retry: false });
  const failed = error ? error.message : null;
  const t = (key: string) => translate(`environmental.rdps.accounting.${key}`);
  const euros = (n: number) => formatEuros(n, locale);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="rdp-totals-title">
      <DialogTitle id="rdp-totals-title">{t('totals')}</DialogTitle>
      <DialogContent>
        {failed ? <Alert severity="error">{translate(failed, { _: failed })}</Alert> : null}
        {!totals && !failed ? <LinearProgress /> : null}
        {totals ? (
          <Box data-testid="rdp-totals" sx={{ overflowX: 'auto' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('byLaboratory')}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.rdps.fields.laboratoryId')}</TableCell>
                  <TableCell align="right">{t('confirmed')}</TableCell>
                  <TableCell align="right">{t('pending')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {totals.byLaboratory.map((l) => (
                  <TableRow key={l.laboratoryId}>
                    <TableCell>{l.businessName}</TableCell>
                    <TableCell align="right">
                      {euros(l.confirmedTotal)} ({l.confirmedCount})
                    </TableCell>
                    <TableCell align="right">
                      {euros(l.pendingTotal)} ({l.pendingCount})
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{t('total')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {euros(totals.confirmedTotal)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {euros(totals.pendingTotal)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
              {t('byPeriod')}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('period')}</TableCell>
                  <TableCell align="right">{t('count')}</TableCell>
                  <TableCell align="right">{t('total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {totals.byPeriod.map((p) => (
                  <TableRow key={p.period}>
                    <TableCell>{p.period.split('-').reverse().join('/')}</TableCell>
                    <TableCell align="right">{p.count}</TableCell>
                    <TableCell align="right">{euros(p.total)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
