import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { DownloadButton } from './DownloadButton';
import { useHasTranslation } from './forms';
import { uploadWithProgress } from '../dataProvider/files';
import type { TQueryValue } from '../dataProvider/httpClient';
import { useAppConfig } from '../config';
import { connectSocket } from '../realtime/socket';
import { useSession } from '../session/useSession';
import { errorCodeOf, errorDetailsOf, errorMessageOf } from '../dataProvider/errors';

/** One bad row (or the file as a whole) as the API reports it. */
export type TImportRowError = { row?: number; path: string; value?: unknown; message: string };

/** How far the server has got with the rows (a socket event), when it says so. */
export type TImportRowProgress = { rowsRead: number; rowsExpected?: number };

type TPhase<R> =
  { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' } | { kind: 'done'; result: R } | { kind: 'failed'; code?: string; message: string; rows: TImportRowError[] };

/**
 * The server's row progress of an import, from a socket event (only when the websocket feature is on;
 * without it the dialog shows an indeterminate bar). Listens only while `active`.
 */
function useRowProgress(event: string | undefined, active: boolean, accept: (payload: unknown) => boolean): TImportRowProgress | null {
  const { features } = useAppConfig();
  const token = useSession()?.token ?? null;
  const [progress, setProgress] = useState<TImportRowProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!event || !active || !features.websocket || !token) return;
    let detach = () => undefined as void;
    let cancelled = false;
    connectSocket(token)
      .then((socket) => {
        if (cancelled) return;
        const handler = (payload: TImportRowProgress) => {
          if (accept(payload)) setProgress({ rowsRead: payload.rowsRead, rowsExpected: payload.rowsExpected });
        };
        socket.on(event, handler);
        detach = () => void socket.off(event, handler);
      })
      .catch((error) => console.warn('socket not connected', error));
    return () => {
      cancelled = true;
      detach();
    };
    // `accept` is a filter of the caller's current choice; a new one need not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event, active, features.websocket, token]);
  return progress;
}

/**
 * The set-up every file import shares (stays, RDPs): an intro, the file chooser beside the template
 * download, the upload with its progress bar, then the server's row progress when it sends it, and
 * its answer: the result, or every bad row (row, field, value, problem) with nothing imported.
 * Labels come from `i18nPrefix` (keys title, intro, chooseFile, noFile, template, start, uploading,
 * processing, invalidRows, row, field, value, message, rowsRead, rowsReadOf).
 */
export function FileImportDialog<R>({
  open,
  onClose,
  i18nPrefix,
  testIdPrefix,
  accept,
  uploadPath,
  template,
  buildForm,
  canStart = true,
  fields,
  onFileChosen,
  describeResult,
  renderResult,
  onDone,
  fieldLabel = (path) => path,
  progressEvent,
  acceptProgress = () => true,
}: {
  open: boolean;
  onClose: () => void;
  i18nPrefix: string;
  testIdPrefix: string;
  /** File types the chooser offers, e.g. ".xlsx,.csv". */
  accept: string;
  uploadPath: string;
  /** The template to fill in, when the import has one; its file name is `<i18nPrefix>.templateFile` in the reader's language, else `fileName`. */
  template?: { path: string; query?: Record<string, TQueryValue>; fileName: string };
  /** The form to send; the file is appended last by the dialog. `language` is the user's. */
  buildForm: (form: FormData, language: 'it' | 'en') => void;
  canStart?: boolean;
  /** Fields above the file chooser, disabled while the import runs. */
  fields?: (busy: boolean) => ReactNode;
  onFileChosen?: (file: File | null) => void;
  describeResult: (result: R) => string;
  /** More of the answer below its summary (e.g. the rows an import matched and left out). */
  renderResult?: (result: R) => ReactNode;
  /** Called with the answer once the import succeeded. */
  onDone?: (result: R) => void;
  fieldLabel?: (path: string) => string;
  /** The socket event carrying the server's row progress ({rowsRead, rowsExpected}). */
  progressEvent?: string;
  /** Whether a progress event is about this import (e.g. the chosen structure). */
  acceptProgress?: (payload: unknown) => boolean;
}) {
  const translate = useTranslate();
  const hasKey = useHasTranslation();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<TPhase<R>>({ kind: 'idle' });
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const rowProgress = useRowProgress(progressEvent, busy, acceptProgress);
  const t = (key: string, options?: object) => translate(`${i18nPrefix}.${key}`, options);
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-GB' : 'it-IT');

  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    setFile(null);
    onClose();
  };

  const start = async () => {
    if (!file || !canStart) return;
    const form = new FormData();
    buildForm(form, locale === 'en' ? 'en' : 'it');
    form.append('file', file);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const result = await uploadWithProgress<R>(uploadPath, form, ({ loaded, total }) => {
        const percent = Math.round((loaded / total) * 100);
        setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent });
      });
      setPhase({ kind: 'done', result });
      refresh();
      onDone?.(result);
    } catch (error) {
      const code = errorCodeOf(error);
      const message = errorMessageOf(error);
      const rows = code === 'IMPORT_INVALID' || code === 'IMPORT_UNREADABLE' ? errorDetailsOf(error) : [];
      const badRows = new Set(rows.map((row) => row.row).filter((row) => row !== undefined)).size;
      setPhase({
        kind: 'failed',
        code,
        message: code === 'IMPORT_INVALID' && badRows > 0 ? t('invalidRows', { smart_count: badRows }) : hasKey(message) ? translate(message) : message,
        rows,
      });
    }
  };

  const rowsPercent = rowProgress?.rowsExpected ? Math.min(100, Math.round((rowProgress.rowsRead / rowProgress.rowsExpected) * 100)) : null;

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby={`${testIdPrefix}-title`}>
      <DialogTitle id={`${testIdPrefix}-title`}>{t('title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        {fields?.(busy)}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {t('chooseFile')}
            <input
              hidden
              type="file"
              accept={accept}
              data-testid={`${testIdPrefix}-file`}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setPhase({ kind: 'idle' });
                onFileChosen?.(chosen);
              }}
            />
          </Button>
          <Typography variant="body2" data-testid={`${testIdPrefix}-file-name`}>
            {file ? `${file.name} (${number(Math.ceil(file.size / 1024))} KB)` : t('noFile')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {template ? (
            <DownloadButton
              path={template.path}
              query={template.query}
              fileName={translate(`${i18nPrefix}.templateFile`, { _: template.fileName })}
              label={`${i18nPrefix}.template`}
              testId={`${testIdPrefix}-template`}
            />
          ) : null}
        </Box>

        {phase.kind === 'uploading' ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2">{t('uploading', { percent: phase.percent })}</Typography>
            <LinearProgress variant="determinate" value={phase.percent} data-testid={`${testIdPrefix}-progress`} />
          </Box>
        ) : null}
        {phase.kind === 'processing' ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2" data-testid={`${testIdPrefix}-progress-text`}>
              {rowProgress
                ? rowProgress.rowsExpected
                  ? t('rowsReadOf', { read: number(Math.min(rowProgress.rowsRead, rowProgress.rowsExpected)), expected: number(rowProgress.rowsExpected), percent: rowsPercent })
                  : t('rowsRead', { read: number(rowProgress.rowsRead) })
                : t('processing')}
            </Typography>
            {rowsPercent !== null ? <LinearProgress variant="determinate" value={rowsPercent} data-testid={`${testIdPrefix}-progress`} /> : <LinearProgress data-testid={`${testIdPrefix}-progress`} />}
          </Box>
        ) : null}
        {phase.kind === 'done' ? (
          <Box sx={{ mt: 3 }}>
            <Alert severity="success" data-testid={`${testIdPrefix}-result`}>
              {describeResult(phase.result)}
            </Alert>
            {renderResult?.(phase.result)}
          </Box>
        ) : null}
        {phase.kind === 'failed' ? (
          <Box sx={{ mt: 3 }} data-testid={`${testIdPrefix}-errors`}>
            <Alert severity="error" sx={{ mb: phase.rows.length ? 1 : 0 }}>
              {phase.message}
            </Alert>
            {phase.rows.length ? <RowErrors rows={phase.rows} t={t} fieldLabel={fieldLabel} /> : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(phase.kind === 'done' ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !file || !canStart} data-testid={`${testIdPrefix}-start`}>
          {t('start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const valueText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The bad rows: a table, or on a phone one block per row (a four-column table does not fit 390 px).
 * Short values never break inside; long ones (a whole police record) break anywhere.
 */
function RowErrors({ rows, t, fieldLabel }: { rows: TImportRowError[]; t: (key: string) => string; fieldLabel: (path: string) => string }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const valueSx = (value: string) => ({ fontFamily: 'monospace', ...(value.length > 24 ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }) }) as const;
  if (narrow) {
    return (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 360, overflowY: 'auto' }}>
        {rows.map((row, index) => (
          <Box component="li" key={index} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {row.row !== undefined ? `${t('row')} ${row.row} · ` : ''}
              {fieldLabel(row.path)}
              {valueText(row.value) ? (
                <>
                  {': '}
                  <Box component="span" sx={valueSx(valueText(row.value))}>
                    {valueText(row.value)}
                  </Box>
                </>
              ) : null}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {row.message}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t('row')}</TableCell>
            <TableCell>{t('field')}</TableCell>
            <TableCell>{t('value')}</TableCell>
            <TableCell>{t('message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              <TableCell>{row.row ?? '—'}</TableCell>
              <TableCell>{fieldLabel(row.path)}</TableCell>
              <TableCell sx={valueSx(valueText(row.value))}>{valueText(row.value)}</TableCell>
              <TableCell>{row.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
