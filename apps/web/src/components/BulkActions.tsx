import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/DoneAll';
import DeleteIcon from '@mui/icons-material/Delete';
import PaidIcon from '@mui/icons-material/Paid';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useListContext, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { bulkActionsFor, MAX_BULK_ROWS } from '@app/domain/platform/access/bulk-actions';
import type { TBulkResult } from '../dataProvider';
import { filtersToQuery } from '../dataProvider/query';
import type { TQueryValue } from '../dataProvider/httpClient';
import { useCustomMutation } from '../dataProvider/hooks';
import { useSession } from '../session/useSession';
import { DownloadButton } from './DownloadButton';
import { tableResourceOf } from './permissions';
import { useListFilterValues } from './records';

/*
 * The bulk actions of a list (issue 28): what the signed-in role may do to the selected rows, or to
 * every row the filters match ("select all N"), through `POST /api/{collection}/bulk`. The server
 * applies each row through the single action's rules; the dialog then says what was done and what
 * was refused, and why, in the user's language.
 */

/** What each bulk action needs before it is sent: a confirmation, or a reason. */
const NEEDS: Record<string, 'confirm' | 'reason' | undefined> = { validate: 'confirm', approve: 'confirm', delete: 'confirm', markNotPaid: 'reason', remindSigners: 'confirm', remind: 'confirm' };
const ICONS: Record<string, typeof CheckIcon> = {
  validate: CheckIcon,
  approve: CheckIcon,
  delete: DeleteIcon,
  markPaid: PaidIcon,
  markNotPaid: MoneyOffIcon,
  remindSigners: NotificationsActiveIcon,
  remind: NotificationsActiveIcon,
};

type TListBulkActionsProps = {
  /** The API's export route of the collection (`/stays/export`), when the selection may be exported. */
  exportPath?: string;
  /** The export's query for the list's filter values, when its route reads other names than the list (forms). */
  exportFilterQuery?: (filterValues: Record<string, unknown>) => Record<string, TQueryValue>;
  /** The input a confirmed action sends (declarations' validate sends `{ confirm: true }`). */
  confirmInput?: Record<string, Record<string, unknown>>;
};

/** The buttons of a list's bulk toolbar (DataTable's `bulkActionButtons`). */
export function ListBulkActions({ exportPath, exportFilterQuery = filtersToQuery, confirmInput = {} }: TListBulkActionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const role = useSession()?.user.role;
  const { resource, selectedIds, total, onUnselectItems, data } = useListContext<RaRecord>();
  const filterValues = useListFilterValues();
  const [allMatching, setAllMatching] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<TBulkResult | null>(null);
  const run = useCustomMutation('bulkAction', {
    onSuccess: (answer) => {
      setPending(null);
      setReason('');
      setResult(answer);
    },
    onError: (error) => {
      setPending(null);
      notify(error.message || 'genericError', { type: 'error' });
    },
  });
  const actions = bulkActionsFor(role, tableResourceOf(resource));
  const count = allMatching && total !== undefined ? total : selectedIds.length;
  const pageSelected = (data?.length ?? 0) > 0 && selectedIds.length === data?.length;
  const tooMany = allMatching && count > MAX_BULK_ROWS;

  const send = (action: string, input?: Record<string, unknown>) => run.mutate([resource, { action, ...(allMatching ? { filter: filterValues } : { ids: selectedIds }), ...(input ? { input } : {}) }]);
  const start = (action: string) => (NEEDS[action] ? setPending(action) : send(action));
  // The list is read again once the result is closed: earlier, rows leaving the filter would take this toolbar (and the dialog) away.
  const close = () => {
    setResult(null);
    setAllMatching(false);
    onUnselectItems();
    refresh();
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} data-testid="bulk-actions">
      {pageSelected && total !== undefined && total > selectedIds.length ? (
        <Button size="small" onClick={() => setAllMatching(!allMatching)} data-testid="bulk-select-all">
          {allMatching ? translate('bulk.onlyPage', { count: selectedIds.length }) : translate('bulk.selectAll', { count: total })}
        </Button>
      ) : null}
      {allMatching ? <Typography variant="body2">{translate('bulk.allSelected', { count })}</Typography> : null}
      {exportPath ? (
        <DownloadButton
          path={exportPath}
          query={allMatching ? exportFilterQuery(filterValues) : { '_id[in]': selectedIds.map(String).join(',') }}
          fileName={`${resource}.xlsx`}
          label="bulk.export"
          testId="bulk-export"
        />
      ) : null}
      {actions.map((action) => {
        const Icon = ICONS[action] ?? CheckIcon;
        return (
          <Button
            key={action}
            size="small"
            color={action === 'delete' ? 'error' : 'primary'}
            startIcon={<Icon />}
            disabled={run.isPending || tooMany}
            onClick={() => start(action)}
            data-testid={`bulk-${action}`}
          >
            {translate(`bulk.actions.${action}`)}
          </Button>
        );
      })}
      {tooMany ? <Typography variant="body2">{translate('errors.BULK_SELECTION_TOO_LARGE', { max: MAX_BULK_ROWS })}</Typography> : null}

      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="bulk-confirm-title">
        <DialogTitle id="bulk-confirm-title">{pending ? translate(`bulk.actions.${pending}`) : ''}</DialogTitle>
        <DialogContent>
          <Typography>{translate('bulk.confirm', { count })}</Typography>
          {pending && NEEDS[pending] === 'reason' ? (
            <TextField
              autoFocus
              fullWidth
              required
              margin="normal"
              label={translate('bulk.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'bulk-reason' } }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            data-testid="bulk-confirm"
            disabled={run.isPending || (pending !== null && NEEDS[pending] === 'reason' && reason.trim() === '')}
            onClick={() => pending && send(pending, NEEDS[pending] === 'reason' ? { reason: reason.trim() } : confirmInput[pending])}
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={result !== null} onClose={close} aria-labelledby="bulk-result-title">
        <DialogTitle id="bulk-result-title">{translate('bulk.resultTitle')}</DialogTitle>
        <DialogContent data-testid="bulk-result">
          <Typography>{result ? translate('bulk.result', { done: result.done.length, refused: result.refused.length }) : ''}</Typography>
          {result && result.refused.length > 0 ? (
            <List dense>
              {result.refused.slice(0, 50).map((refusal) => (
                <ListItem key={refusal.id} disableGutters>
                  <ListItemText primary={rowLabel(data, refusal.id)} secondary={translate(`errors.${refusal.code}`, { _: refusal.message })} />
                </ListItem>
              ))}
              {result.refused.length > 50 ? <ListItem disableGutters>{translate('bulk.more', { count: result.refused.length - 50 })}</ListItem> : null}
            </List>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} data-testid="bulk-result-close">
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** A refused row as the list names it (its code, else its lead guest, else its signer, else its description), or its id when it is not on the page. */
function rowLabel(data: RaRecord[] | undefined, id: string): string {
  const row = data?.find((record) => String(record.id) === id);
  if (typeof row?.code === 'string' && row.code) return row.code;
  const guest: unknown = row?.guest;
  if (guest && typeof guest === 'object' && 'surname' in guest && 'name' in guest) return `${String(guest.surname)} ${String(guest.name)}`;
  // A sign request is its signer (and its report's code, once it has one).
  if (typeof row?.signerName === 'string' && row.signerName) return [row.signerName, row.reportCode].filter(Boolean).join(' · ');
  // A draft NCA report has no code yet: its description tells it apart.
  if (typeof row?.description === 'string' && row.description) return row.description.length > 80 ? `${row.description.slice(0, 79)}…` : row.description;
  return id;
}

/**
 * DataTable's `bulkActionButtons` for a resource: the bulk toolbar when the role has a bulk action or
 * may export the selection, else false (no checkboxes for a role that could do nothing with them).
 */
export function useBulkActionButtons(resource: string, props: TListBulkActionsProps = {}) {
  const role = useSession()?.user.role;
  return bulkActionsFor(role, tableResourceOf(resource)).length > 0 || props.exportPath ? <ListBulkActions {...props} /> : false;
}
