import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { AttachmentsPanel } from './AttachmentsPanel';
import { DeclarationActionBar } from './actions';
import { DeclarationHeaderPanel, FiguresPanel, PaymentPanel, type TDeclaration } from './components';

/**
 * The comune's view of one declaration, opened from the structure's declarations tab or the
 * dashboard: the declarations pages are open to hoteliers and admins only, so the comune reviews,
 * validates, sends back and revokes here.
 */
export function DeclarationReviewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<TDeclaration>('declarations', { id: id ?? '' }, { enabled: !!id });
  return (
    <Dialog open={!!id} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="declaration-review-title" data-testid="declaration-review">
      <DialogTitle id="declaration-review-title">
        {translate('resources.declarations.name', { smart_count: 1 })} {data?.code ?? ''}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && id ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        ) : null}
        {error ? <Alert severity="error">{translate(error.message || 'genericError', { _: error.message })}</Alert> : null}
        {data ? (
          <Stack spacing={2}>
            <DeclarationActionBar record={data} />
            <DeclarationHeaderPanel record={data} />
            <FiguresPanel record={data} />
            <PaymentPanel record={data} />
            <AttachmentsPanel record={data} />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
