import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useGetOne, useRefresh, useTranslate } from 'react-admin';
import type { TWriteConflict } from '../dataProvider/conflicts';
import { conflictRows, shownValue } from './conflictRows';

/**
 * The dialog of a save refused because someone else saved the record first (ConflictWatcher.tsx opens it, on every
 * edit screen): it says so and offers "Ricarica" (the saved version replaces the form, after a confirmation, losing the
 * user's edits) and "Vedi le modifiche" (the saved values next to the user's own, field by field); closing it keeps
 * the user's edits in the form. A chunk of its own: most sessions never meet a conflict.
 */
export function ConflictDialog({ conflict, seen, onClose }: { conflict: TWriteConflict; seen: number; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [comparing, setComparing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { resource, id } = conflict;
  // Each conflict reads the saved version afresh (its own cache entry, never the form's record).
  const saved = useGetOne(resource, { id, meta: { conflict: seen } }, { enabled: comparing, retry: false });
  const current = comparing && saved.data ? (saved.data as Record<string, unknown>) : null;
  const failed = comparing && saved.isError;

  const close = onClose;
  const compare = () => setComparing(true);
  const reload = () => {
    // The edit page reads the record again; the form takes the saved version (react-admin resets it to the new record).
    refresh();
    close();
  };
  const rows = current ? conflictRows(conflict, current) : [];
  const empty = translate('live.empty');
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });

  return (
    <Dialog open onClose={close} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="conflict-title" data-testid="conflict-dialog">
      <DialogTitle id="conflict-title">{translate('live.conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('live.conflictText')}</DialogContentText>
        {confirming ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('live.reloadConfirm')}
          </Alert>
        ) : null}
        {comparing ? (
          <Box sx={{ mt: 2, overflowX: 'auto' }}>
            {failed ? <Alert severity="error">{translate('genericError')}</Alert> : null}
            {!failed && !current ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CircularProgress size={16} />
                {translate('live.loading')}
              </Box>
            ) : null}
            {current && rows.length === 0 ? <Alert severity="info">{translate('live.noDifferences')}</Alert> : null}
            {current && rows.length > 0 ? (
              <Table size="small" data-testid="conflict-changes">
                <TableHead>
                  <TableRow>
                    <TableCell component="th">{translate('live.field')}</TableCell>
                    <TableCell component="th">{translate('live.yours')}</TableCell>
                    <TableCell component="th">{translate('live.theirs')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.field}>
                      <TableCell>{label(row.field)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{shownValue(row.yours, empty)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', fontWeight: 600 }}>{shownValue(row.theirs, empty)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" color="warning" onClick={reload} data-testid="conflict-reload-confirm">
              {translate('live.reload')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>{translate('live.keepEditing')}</Button>
            {comparing ? null : (
              <Button onClick={compare} data-testid="conflict-compare">
                {translate('live.seeChanges')}
              </Button>
            )}
            <Button variant="contained" onClick={() => setConfirming(true)} data-testid="conflict-reload">
              {translate('live.reload')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
