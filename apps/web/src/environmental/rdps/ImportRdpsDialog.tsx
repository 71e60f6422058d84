import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRefresh, useTranslate } from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { useHasTranslation } from '../../components/forms';
import { uploadWithProgress } from '../../dataProvider/files';

type TResult = { created: number; updated: number; unchanged: number; reports: number; rows: number; outOfLimits: number };
type TRowError = { row?: number; path: string; value?: unknown; message: string };
type TPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' } | { kind: 'done'; result: TResult } | { kind: 'failed'; message: string; rows: TRowError[] };

/**
 * The RDP mass import: the xlsx template, the upload with its progress bar, then the server's answer:
 * the counts, or every bad row (row, field, value, problem) with nothing imported.
 */
export function ImportRdpsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const hasKey = useHasTranslation();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<TPhase>({ kind: 'idle' });
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const t = (key: string, options?: object) => translate(`environmental.rdps.import.${key}`, options);

  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    setFile(null);
    onClose();
  };
  const start = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const result = await uploadWithProgress<TResult>('/rdps/import', form, ({ loaded, total }) => {
        const percent = Math.round((loaded / total) * 100);
        setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent });
      });
      setPhase({ kind: 'done', result });
      refresh();
    } catch (error) {
      const body = (error as { body?: { code?: string; details?: TRowError[] } }).body;
      const message = (error as Error).message;
      const rows = body?.code === 'IMPORT_INVALID' || body?.code === 'IMPORT_UNREADABLE' ? (body.details ?? []) : [];
      const badRows = new Set(rows.map((r) => r.row).filter((r) => r !== undefined)).size;
      setPhase({ kind: 'failed', message: body?.code === 'IMPORT_INVALID' && badRows > 0 ? t('invalidRows', { smart_count: badRows }) : hasKey(message) ? translate(message) : message, rows });
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="import-rdps-title">
      <DialogTitle id="import-rdps-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {t('chooseFile')}
            <input
              hidden
              type="file"
              accept=".xlsx"
              data-testid="rdp-import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPhase({ kind: 'idle' });
              }}
            />
          </Button>
          <Typography variant="body2">{file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : t('noFile')}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          <DownloadButton path="/rdps/import-template.xlsx" fileName="modello-import-rdp.xlsx" label="environmental.rdps.import.template" testId="rdp-import-template" />
        </Box>
        {phase.kind === 'uploading' ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2">{t('uploading', { percent: phase.percent })}</Typography>
            <LinearProgress variant="determinate" value={phase.percent} data-testid="rdp-import-progress" />
          </Box>
        ) : null}
        {phase.kind === 'processing' ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2">{t('processing')}</Typography>
            <LinearProgress data-testid="rdp-import-progress" />
          </Box>
        ) : null}
        {phase.kind === 'done' ? (
          <Alert severity="success" sx={{ mt: 3 }} data-testid="rdp-import-result">
            {t('done', phase.result)}
          </Alert>
        ) : null}
        {phase.kind === 'failed' ? (
          <Box sx={{ mt: 3 }} data-testid="rdp-import-errors">
            <Alert severity="error" sx={{ mb: phase.rows.length ? 1 : 0 }}>
              {phase.message}
            </Alert>
            {phase.rows.length ? (
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
                    {phase.rows.map((row, index) => (
                      <TableRow key={index}>
                        <TableCell>{row.row ?? '—'}</TableCell>
                        <TableCell>{row.path}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{row.value === undefined || row.value === null ? '' : String(row.value)}</TableCell>
                        <TableCell>{row.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(phase.kind === 'done' ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !file} data-testid="rdp-import-start">
          {t('start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
