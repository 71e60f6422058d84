import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import ReportIcon from '@mui/icons-material/Report';
import { useGetList, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { TRdpRecord } from '@app/domain/environmental/rdp/rdps';
import { useCustomMutation } from '../../dataProvider/hooks';
import { useHasTranslation } from '../../components/forms';
import type { TNamedRecord } from '../../components/records';

/**
 * "Apri NCA" on a report with values out of limits: the consortium picks the order (of the report's lot,
 * given to the report's agency) and a pending NCA report is created, prefilled with the lot, the agency,
 * the WBS and the failing rows; the NCA page opens.
 */
export function OpenNcaButton({ record }: { record: TRdpRecord & { id: string } }) {
  const translate = useTranslate();
  const hasKey = useHasTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [orderId, setOrderId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const opening = useCustomMutation('openNcaFromRdp', {
    onMutate: () => setProblem(null),
    onSuccess: (report) => void navigate(`/nca-reports/${report._id}`),
    onError: (error) => setProblem(hasKey(error.message) ? translate(error.message) : error.message),
  });
  const busy = opening.isPending;
  const ready = !!record.lotId && !!record.agencyId;
  const { data: orders = [] } = useGetList<TNamedRecord>(
    'orders',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { lotId: record.lotId, agencyIds: record.agencyId } },
    { enabled: open && ready },
  );
  const chosen = orderId || (orders.length === 1 ? String(orders[0].id) : '');
  const t = (key: string, options?: object) => translate(`environmental.rdps.openNca.${key}`, options);
  const submit = () => opening.mutate([record.id, chosen]);
  return (
    <>
      <Button variant="contained" color="error" startIcon={<ReportIcon />} onClick={() => setOpen(true)} data-testid="rdp-open-nca">
        {t('button')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="open-nca-title">
        <DialogTitle id="open-nca-title">{t('title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('intro', { smart_count: record.outOfLimitsCount })}</DialogContentText>
          {ready ? (
            <TextField select fullWidth size="small" label={t('order')} value={chosen} onChange={(e) => setOrderId(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'rdp-open-nca-order' } }}>
              {orders.map((o) => (
                <MenuItem key={o.id} value={String(o.id)}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Alert severity="warning">{t('missingLotOrAgency')}</Alert>
          )}
          {ready && orders.length === 0 ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('noOrder')}
            </Alert>
          ) : null}
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={submit} disabled={busy || !ready || !chosen} data-testid="rdp-open-nca-confirm">
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
