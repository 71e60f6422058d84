import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useGetList, useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { importFormatChoices } from '../shared/choices';
import { DownloadButton } from '../../components/DownloadButton';
import { uploadWithProgress } from '../../dataProvider/files';
import { useHasTranslation } from '../../components/forms';

export type TImportFormat = 'xlsx' | 'csv' | 'alloggiati';
type TImportResult = { created: number; skipped: number; total: number };
export type TImportRowError = { row?: number; path: string; value?: unknown; message: string };

type TPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing' }
  | { kind: 'done'; result: TImportResult }
  | { kind: 'failed'; code?: string; message: string; rows: TImportRowError[] };

/** The format a file most likely is, from its name: police files are plain text. */
export function guessImportFormat(fileName: string): TImportFormat | null {
  const extension = fileName.split('.').pop()?.toLowerCase();
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'csv') return 'csv';
  if (extension === 'txt' || extension === 'dat') return 'alloggiati';
  return null;
}

/**
 * Import stays of one structure from the xlsx/CSV template or a police Alloggiati Web file. The
 * upload shows its progress; the server then checks the whole file and either writes every stay
 * (created / skipped counts) or none, answering each bad row with its row, field and value.
 */
export function ImportStaysDialog({ open, onClose, defaultStructureId }: { open: boolean; onClose: () => void; defaultStructureId?: string }) {
  const translate = useTranslate();
  const hasKey = useHasTranslation();
  const refresh = useRefresh();
  const { data: structures = [] } = useGetList('structures', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: { isActive: true } });
  const [structureId, setStructureId] = useState<string>(defaultStructureId ?? '');
  const [format, setFormat] = useState<TImportFormat | ''>('');
  const [file, setFile] = useState<File | null>(null);
  // A police file says nothing about the tax: the hotelier states whether its guests paid.
  const [paymentStatus, setPaymentStatus] = useState<'' | 'paid' | 'not_paid'>('');
  const [noPaymentReason, setNoPaymentReason] = useState('');
  const [locale] = useLocaleState();
  const needsPayment = format === 'alloggiati';
  const paymentReady = !needsPayment || paymentStatus === 'paid' || (paymentStatus === 'not_paid' && noPaymentReason.trim() !== '');
  const [phase, setPhase] = useState<TPhase>({ kind: 'idle' });
  const chosenStructure = structureId || (structures.length === 1 ? String(structures[0].id) : '');
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';

  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    setFile(null);
    onClose();
  };

  const start = async () => {
    if (!file || !format || !chosenStructure || !paymentReady) return;
    const form = new FormData();
    form.append('structureId', chosenStructure);
    form.append('format', format);
    form.append('language', locale === 'en' ? 'en' : 'it');
    if (needsPayment && paymentStatus) {
      form.append('paymentStatus', paymentStatus);
      if (paymentStatus === 'not_paid') form.append('noPaymentReason', noPaymentReason.trim());
    }
    form.append('file', file);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const result = await uploadWithProgress<TImportResult>('/stays/import', form, ({ loaded, total }) => {
        const percent = Math.round((loaded / total) * 100);
        setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent });
      });
      setPhase({ kind: 'done', result });
      refresh();
    } catch (error) {
      const body = (error as { body?: { code?: string; details?: TImportRowError[] } }).body;
      const message = (error as Error).message;
      const rows = body?.code === 'IMPORT_INVALID' || body?.code === 'IMPORT_UNREADABLE' ? (body.details ?? []) : [];
      const badRows = new Set(rows.map((row) => row.row).filter((row) => row !== undefined)).size;
      setPhase({
        kind: 'failed',
        code: body?.code,
        message: body?.code === 'IMPORT_INVALID' && badRows > 0 ? translate('touristTax.import.invalidRows', { smart_count: badRows }) : hasKey(message) ? translate(message) : message,
        rows,
      });
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="import-stays-title">
      <DialogTitle id="import-stays-title">{translate('touristTax.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('touristTax.import.intro')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
          <FormControl size="small" fullWidth>
            <InputLabel id="import-structure-label">{translate('touristTax.fields.structureId')}</InputLabel>
            <Select
              labelId="import-structure-label"
              label={translate('touristTax.fields.structureId')}
              value={chosenStructure}
              onChange={(event) => setStructureId(String(event.target.value))}
              disabled={busy}
              data-testid="import-structure"
            >
              {structures.map((structure) => (
                <MenuItem key={structure.id} value={String(structure.id)}>
                  {structure.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" fullWidth>
            <InputLabel id="import-format-label">{translate('touristTax.import.format')}</InputLabel>
            <Select
              labelId="import-format-label"
              label={translate('touristTax.import.format')}
              value={format}
              onChange={(event) => setFormat(event.target.value as TImportFormat)}
              disabled={busy}
              data-testid="import-format"
            >
              {importFormatChoices.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {translate(choice.name)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
        {needsPayment ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
            <FormControl size="small" fullWidth>
              <InputLabel id="import-payment-label">{translate('touristTax.import.paymentStatus')}</InputLabel>
              <Select
                labelId="import-payment-label"
                label={translate('touristTax.import.paymentStatus')}
                value={paymentStatus}
                onChange={(event) => setPaymentStatus(event.target.value as 'paid' | 'not_paid')}
                disabled={busy}
                data-testid="import-payment-status"
              >
                <MenuItem value="paid">{translate('touristTax.paymentStatus.paid')}</MenuItem>
                <MenuItem value="not_paid">{translate('touristTax.paymentStatus.not_paid')}</MenuItem>
              </Select>
              <FormHelperText>{translate('touristTax.import.paymentStatusHelp')}</FormHelperText>
            </FormControl>
            {paymentStatus === 'not_paid' ? (
              <TextField
                size="small"
                label={translate('touristTax.import.noPaymentReason')}
                value={noPaymentReason}
                onChange={(event) => setNoPaymentReason(event.target.value)}
                disabled={busy}
                required
                slotProps={{ htmlInput: { 'data-testid': 'import-no-payment-reason' } }}
              />
            ) : null}
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {translate('touristTax.import.chooseFile')}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv,.txt,.dat"
              data-testid="import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setPhase({ kind: 'idle' });
                const guessed = chosen ? guessImportFormat(chosen.name) : null;
                if (guessed) setFormat(guessed);
              }}
            />
          </Button>
          <Typography variant="body2" data-testid="import-file-name">
            {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : translate('touristTax.import.noFile')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <DownloadButton
            path="/stays/import-template.xlsx"
            query={{ structureId: chosenStructure || undefined }}
            fileName="modello-importazione-soggiorni.xlsx"
            label="touristTax.import.template"
            testId="import-template"
          />
        </Box>

        {phase.kind === 'uploading' ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2">{translate('touristTax.import.uploading', { percent: phase.percent })}</Typography>
            <LinearProgress variant="determinate" value={phase.percent} data-testid="import-progress" />
          </Box>
        ) : null}
        {phase.kind === 'processing' ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2">{translate('touristTax.import.processing')}</Typography>
            <LinearProgress data-testid="import-progress" />
          </Box>
        ) : null}
        {phase.kind === 'done' ? (
          <Alert severity="success" sx={{ mt: 3 }} data-testid="import-result">
            {translate('touristTax.import.done', { created: phase.result.created, skipped: phase.result.skipped, total: phase.result.total })}
          </Alert>
        ) : null}
        {phase.kind === 'failed' ? <ImportErrors message={phase.message} rows={phase.rows} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(phase.kind === 'done' ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !file || !format || !chosenStructure || !paymentReady} data-testid="import-start">
          {translate('touristTax.import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImportErrors({ message, rows }: { message: string; rows: TImportRowError[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }} data-testid="import-errors">
      <Alert severity="error" sx={{ mb: rows.length ? 1 : 0 }}>
        {message}
      </Alert>
      {rows.length ? (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{translate('touristTax.import.row')}</TableCell>
                <TableCell>{translate('touristTax.import.field')}</TableCell>
                <TableCell>{translate('touristTax.import.value')}</TableCell>
                <TableCell>{translate('touristTax.import.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  <TableCell>{row.row ?? '—'}</TableCell>
                  <TableCell>{translate(`touristTax.import.fields.${row.path}`, { _: row.path })}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{row.value === undefined || row.value === null ? '' : String(row.value)}</TableCell>
                  <TableCell>{row.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
