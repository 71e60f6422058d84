import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { useLocaleState, useNotify, useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import { can } from '@app/domain/platform/access/access-table';
import { useCustomMutation, useCustomQuery } from '../../dataProvider/hooks';
import type { TRepricePreview, TRepriceScope } from '../../dataProvider/stays';
import { formatDate } from '../../i18n/format';
import { formatEuros } from '../../components/format';
import { currentRole, useReachesAllHere } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { useListFilterValues } from '../../components/records';

/*
 * Repricing after the comune changes a tariff, reduction or exemption: saved stays keep the amounts
 * they were priced with until the comune chooses to reprice them. The dialog shows the server's
 * preview (POST /stays/reprice) of the stays not yet declared whose amounts change, lets the comune
 * pick them, and applies the choice in one call (one transaction on the server). Declared stays are
 * only counted: the server never changes them.
 */

export function canReprice(): boolean {
  return can(currentRole(), 'stays', 'reprice');
}

/** Whether a preview has anything for the comune to look at. */
export function previewNeedsAttention(preview: TRepricePreview): boolean {
  return preview.changed.length > 0 || preview.failed.length > 0;
}

function PreviewBody({ preview, selected, onToggle, onToggleAll }: { preview: TRepricePreview; selected: Set<string>; onToggle: (id: string) => void; onToggleAll: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`touristTax.reprice.${key}`, options);
  const euros = (value: number) => formatEuros(value, locale);
  return (
    <>
      <DialogContentText sx={{ mb: 2 }} data-testid="reprice-summary">
        {t('summary', { changed: preview.changed.length, unchanged: preview.unchanged })}
      </DialogContentText>
      {preview.declared > 0 ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="reprice-declared">
          {t('declared', { smart_count: preview.declared })}
        </Alert>
      ) : null}
      {preview.failed.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="reprice-failed">
          {t('failed', { smart_count: preview.failed.length })}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {preview.failed.slice(0, 20).map((f) => (
              <li key={f.stayId}>
                {formatDate(f.checkIn, locale)} – {formatDate(f.checkOut, locale)}: {translate(`errors.${f.code}`, { _: f.message })}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {preview.changed.length === 0 ? (
        <Alert severity="success" data-testid="reprice-nothing">
          {t('nothing')}
        </Alert>
      ) : (
        // width 0 + minWidth 100%: the table scrolls inside the dialog on a phone instead of widening it.
        <TableContainer sx={{ width: 0, minWidth: '100%', maxHeight: 360 }}>
          <Table size="small" stickyHeader data-testid="reprice-changed" sx={{ '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={selected.size === preview.changed.length}
                    indeterminate={selected.size > 0 && selected.size < preview.changed.length}
                    onChange={onToggleAll}
                    slotProps={{ input: { 'aria-label': t('selectAll') } }}
                  />
                </TableCell>
                <TableCell>{t('columns.structure')}</TableCell>
                <TableCell>{t('columns.guest')}</TableCell>
                <TableCell>{t('columns.dates')}</TableCell>
                <TableCell align="right">{t('columns.before')}</TableCell>
                <TableCell align="right">{t('columns.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.changed.map((stay) => (
                <TableRow key={stay.stayId} hover data-testid="reprice-row">
                  <TableCell padding="checkbox">
                    <Checkbox size="small" checked={selected.has(stay.stayId)} onChange={() => onToggle(stay.stayId)} slotProps={{ input: { 'aria-label': `${t('select')} ${stay.guest}` } }} />
                  </TableCell>
                  <TableCell>{stay.structureName}</TableCell>
                  <TableCell>{stay.guest}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(stay.checkIn, locale)} – {formatDate(stay.checkOut, locale)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {euros(stay.before.toPayAmount)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {euros(stay.after.toPayAmount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

/** The preview of a reprice and, on confirmation, the reprice of the chosen stays. */
export function RepriceDialog({
  scope,
  initial,
  title,
  open,
  onClose,
}: {
  scope: TRepriceScope;
  /** A preview already fetched (after a save), shown without asking again. */
  initial?: TRepricePreview;
  title: string;
  open: boolean;
  onClose: (applied: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [selected, setSelected] = useState<Set<string> | null>(null);
  // Without `apply` the call changes nothing: a read, asked again whenever the dialog opens.
  const preview = useCustomQuery('repriceStays', [scope], { enabled: open, initialData: initial, staleTime: 0, gcTime: 0 });
  // Every changed stay is chosen until the comune unticks some.
  const chosen = selected ?? new Set(preview.data?.changed.map((c) => c.stayId) ?? []);
  const applying = useCustomMutation('repriceStays', {
    onSuccess: () => {
      notify('touristTax.reprice.done', { type: 'success', messageArgs: { smart_count: chosen.size } });
      onClose(true);
    },
    onError: (error) => notify(errorText(translate, error), { type: 'error' }),
  });
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAll = () => setSelected(chosen.size === (preview.data?.changed.length ?? 0) ? new Set() : new Set(preview.data?.changed.map((c) => c.stayId)));
  const busy = applying.isPending;
  return (
    <Dialog open={open} onClose={busy ? undefined : () => onClose(false)} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="reprice-title" data-testid="reprice-dialog">
      <DialogTitle id="reprice-title">{translate(title)}</DialogTitle>
      <DialogContent>
        {preview.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : preview.isError ? (
          <Alert severity="error">{errorText(translate, preview.error)}</Alert>
        ) : (
          <PreviewBody preview={preview.data} selected={chosen} onToggle={toggle} onToggleAll={toggleAll} />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('touristTax.reprice.help')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {translate(preview.data && preview.data.changed.length > 0 ? 'touristTax.reprice.notNow' : 'ra.action.close')}
        </Button>
        {preview.data && preview.data.changed.length > 0 ? (
          <Button
            variant="contained"
            onClick={() => applying.mutate([scope, { stayIds: [...chosen] }])}
            disabled={busy || chosen.size === 0}
            data-testid="reprice-apply"
            startIcon={busy ? <CircularProgress size={16} /> : <PriceChangeIcon />}
          >
            {translate('touristTax.reprice.apply', { smart_count: chosen.size })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** On a rule's page: look at the stays priced with it and reprice them (the comune only). */
export function RepriceRuleButton() {
  const record = useRecordContext<{ id: string; cityId?: string }>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record || !canReprice()) return null;
  return (
    <>
      <Button size="small" startIcon={<PriceChangeIcon />} onClick={() => setOpen(true)} data-testid="reprice-open">
        {translate('touristTax.reprice.button')}
      </Button>
      {open ? <RepriceDialog scope={{ ruleId: record.id, cityId: record.cityId }} title="touristTax.reprice.ruleTitle" open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * On a rules list: every stay of the comune not yet declared against the current rules. A comune user
 * reprices its own comune; an admin, who sees every comune, the one chosen in the list's filter.
 */
export function RepriceCityButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const reachesAll = useReachesAllHere('list');
  const filterValues = useListFilterValues();
  const cityId = typeof filterValues.cityId === 'string' && filterValues.cityId ? filterValues.cityId : undefined;
  if (!canReprice() || (reachesAll && !cityId)) return null;
  return (
    <>
      <Button size="small" startIcon={<PriceChangeIcon />} onClick={() => setOpen(true)} data-testid="reprice-city-open">
        {translate('touristTax.reprice.cityButton')}
      </Button>
      {open ? <RepriceDialog scope={reachesAll ? { cityId } : {}} title="touristTax.reprice.cityTitle" open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The save of a rule's edit page: once saved, the preview of the stays priced with it; when some
 * change (or can no longer be priced) the comune sees the dialog, otherwise the list as before.
 */
export function useRepriceAfterSave(onError: (error: unknown) => void) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const previewing = useCustomMutation('repriceStays');
  const [shown, setShown] = useState<{ scope: TRepriceScope; preview: TRepricePreview } | null>(null);
  const mutationOptions = {
    onError,
    onSuccess: async (data: { id: string; cityId?: string }) => {
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      if (!canReprice()) return redirect('list', resource);
      const next = { ruleId: String(data.id), cityId: data.cityId };
      // A failed preview must not hide the saved rule: the list, and the button stays on the rule's page.
      const preview = await previewing.mutateAsync([next]).catch(() => null);
      if (preview && previewNeedsAttention(preview)) setShown({ scope: next, preview });
      else redirect('list', resource);
    },
  };
  const dialog = shown ? (
    <RepriceDialog
      scope={shown.scope}
      initial={shown.preview}
      title="touristTax.reprice.afterSaveTitle"
      open
      onClose={() => {
        setShown(null);
        redirect('list', resource);
      }}
    />
  ) : null;
  return { mutationOptions, dialog };
}
