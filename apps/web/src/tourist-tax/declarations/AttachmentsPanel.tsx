import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { FilePicker } from '../../components/FilePicker';
import { formatDateTime } from '../../i18n/format';
import { downloadFile } from '../../dataProvider/files';
import { ATTACHMENT_EXTENSIONS, deleteJson, getJson, postJson, uploadFile } from './filingApi';
import { can } from '@app/domain/platform/access/access-table';
import { currentRole } from '../../components/permissions';
import { Panel, type TDeclaration } from './components';

export const DOCUMENT_TYPES = ['identity_card', 'passport', 'driving_licence', 'other'] as const;
type TDocumentType = (typeof DOCUMENT_TYPES)[number];

export type TAttachment = {
  _id: string;
  createdAt: string;
  uploadId: string;
  fileName: string;
  fileDescription: string | null;
  documentType: TDocumentType;
  isReBindable: boolean;
};

function AddAttachmentForm({ declarationId, onAdded }: { declarationId: string; onAdded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState('');
  const [fileDescription, setFileDescription] = useState('');
  const [documentType, setDocumentType] = useState<TDocumentType>('identity_card');
  const [progress, setProgress] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const problems = { file: file ? undefined : 'filings.attachments.fileRequired', fileName: fileName.trim() ? undefined : 'validation.required' };

  const add = async () => {
    setTouched(true);
    if (problems.file || problems.fileName) return;
    setProblem(null);
    setProgress(0);
    try {
      const upload = await uploadFile(file!, { type: 'declarations', id: declarationId }, setProgress);
      await postJson(`/declarations/${declarationId}/attachments`, {
        uploadId: upload._id,
        fileName: fileName.trim(),
        fileDescription: fileDescription.trim() || null,
        documentType,
      });
      notify('filings.attachments.added', { type: 'success' });
      setFile(null);
      setFileName('');
      setFileDescription('');
      setTouched(false);
      setPickerKey((key) => key + 1);
      onAdded();
    } catch (error) {
      const message = (error as Error)?.message || 'genericError';
      setProblem(translate(message, { _: message }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ mt: 3, maxWidth: 960 }} data-testid="attachment-form">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {translate('filings.attachments.add')}
      </Typography>
      <FilePicker
        key={pickerKey}
        extensions={ATTACHMENT_EXTENSIONS}
        onFiles={(files) => {
          const picked = files[0] ?? null;
          setFile(picked);
          if (picked && !fileName) setFileName(picked.name);
        }}
      />
      {touched && problems.file ? (
        <Typography color="error" variant="caption">
          {translate(problems.file)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, columnGap: 2, mt: 2 }}>
        <TextField
          label={translate('filings.attachments.fileName')}
          value={fileName}
          onChange={(event) => setFileName(event.target.value)}
          required
          error={touched && !!problems.fileName}
          helperText={touched && problems.fileName ? translate(problems.fileName) : ' '}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField
          select
          label={translate('filings.attachments.documentType')}
          value={documentType}
          onChange={(event) => setDocumentType(event.target.value as TDocumentType)}
          helperText=" "
        >
          {DOCUMENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`filings.attachments.documentTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        label={translate('filings.attachments.fileDescription')}
        value={fileDescription}
        onChange={(event) => setFileDescription(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {progress !== null ? <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} /> : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
      <Button variant="contained" startIcon={<AttachFileIcon />} onClick={add} disabled={progress !== null} sx={{ mt: 2 }} data-testid="attachment-add">
        {translate('filings.attachments.addButton')}
      </Button>
    </Box>
  );
}

/** The attachments tab: identity documents and other files of a declaration. */
export function AttachmentsPanel({ record }: { record: TDeclaration }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [rows, setRows] = useState<TAttachment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TAttachment | null>(null);
  const canWrite = can(currentRole(), 'declarations', 'manageAttachments') && record.status !== 'validated';

  const load = useCallback(async () => {
    try {
      setRows(await getJson<TAttachment[]>(`/declarations/${record.id}/attachments`));
      setError(null);
    } catch (loadError) {
      setError((loadError as Error).message || 'genericError');
    }
  }, [record.id]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteJson(`/declarations/${record.id}/attachments/${removing._id}`);
      notify('filings.attachments.removed', { type: 'success' });
      await load();
    } catch (removeError) {
      const message = (removeError as Error)?.message || 'genericError';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Panel title={translate('filings.attachments.title')}>
      {error ? <Alert severity="error">{translate(error, { _: error })}</Alert> : null}
      {rows && rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="attachments-empty">
          {translate('filings.attachments.empty')}
        </Typography>
      ) : null}
      {rows && rows.length > 0 ? (
        <Table size="small" data-testid="attachments-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate('filings.attachments.fileName')}</TableCell>
              <TableCell>{translate('filings.attachments.documentType')}</TableCell>
              <TableCell>{translate('filings.attachments.fileDescription')}</TableCell>
              <TableCell>{translate('filings.attachments.addedAt')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row._id}>
                <TableCell>{row.fileName}</TableCell>
                <TableCell>{translate(`filings.attachments.documentTypes.${row.documentType}`)}</TableCell>
                <TableCell>{row.fileDescription ?? '—'}</TableCell>
                <TableCell>{formatDateTime(row.createdAt, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('filings.download')}>
                    <IconButton
                      size="small"
                      aria-label={`${translate('filings.download')} ${row.fileName}`}
                      onClick={() => downloadFile(`/uploads/${row.uploadId}/download`, {}, row.fileName).catch((downloadError: Error) => notify(downloadError.message || 'genericError', { type: 'error' }))}
                    >
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {canWrite ? (
                    <Tooltip title={translate('ra.action.delete')}>
                      <IconButton size="small" color="error" aria-label={`${translate('ra.action.delete')} ${row.fileName}`} onClick={() => setRemoving(row)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {canWrite ? <AddAttachmentForm declarationId={record.id} onAdded={load} /> : null}
      <Confirm
        isOpen={removing !== null}
        title="filings.attachments.removeTitle"
        content="filings.attachments.removeConfirm"
        translateOptions={{ name: removing?.fileName ?? '' }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Panel>
  );
}
