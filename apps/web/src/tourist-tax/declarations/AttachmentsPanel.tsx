import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useCustomMutation, useCustomQuery, useInvalidateCustom } from '../../dataProvider/hooks';
import type { TAttachment, TAttachmentDocumentType } from '../../dataProvider/filings';
import { FilePicker } from '../../components/FilePicker';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { formatDateTime } from '../../i18n/format';
import { can } from '@app/domain/platform/access/access-table';
import { currentRole } from '../../components/permissions';
import { ATTACHMENT_EXTENSIONS, RowDeleteButton, UploadDownloadButton } from '../shared/filingParts';
import type { TDeclaration } from './components';
import { isOneOf } from '@app/domain/platform/records/keys';

export const DOCUMENT_TYPES = ['identity_card', 'passport', 'driving_licence', 'other'] as const satisfies readonly TAttachmentDocumentType[];
type TDocumentType = TAttachmentDocumentType;

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

  // The file goes up first (with its progress), then becomes an attachment of the declaration.
  const onError = (error: Error) => setProblem(errorText(translate, error));
  const uploading = useCustomMutation('upload', { onError, onSettled: () => setProgress(null) });
  const adding = useCustomMutation('addAttachment', {
    onSuccess: () => {
      notify('filings.attachments.added', { type: 'success' });
      setFile(null);
      setFileName('');
      setFileDescription('');
      setTouched(false);
      setPickerKey((key) => key + 1);
      onAdded();
    },
    onError,
  });

  const add = () => {
    setTouched(true);
    if (problems.file || problems.fileName) return;
    setProblem(null);
    setProgress(0);
    const details = { fileName: fileName.trim(), fileDescription: fileDescription.trim() || null, documentType };
    uploading.mutate([file!, { link: { type: 'declarations', id: declarationId }, onProgress: setProgress }], {
      onSuccess: (upload) => adding.mutate([declarationId, { uploadId: upload._id, ...details }]),
    });
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
          onChange={(event) => isOneOf(DOCUMENT_TYPES, event.target.value) && setDocumentType(event.target.value)}
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
      <Button variant="contained" startIcon={<AttachFileIcon />} onClick={add} disabled={progress !== null || adding.isPending} sx={{ mt: 2 }} data-testid="attachment-add">
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
  const invalidateCustom = useInvalidateCustom();
  const [removing, setRemoving] = useState<TAttachment | null>(null);
  const canWrite = can(currentRole(), 'declarations', 'manageAttachments') && record.status !== 'validated';

  const { data: rows, error } = useCustomQuery('listAttachments', [record.id]);
  const reload = () => invalidateCustom('listAttachments');

  const removal = useCustomMutation('removeAttachment', {
    onSuccess: async () => {
      notify('filings.attachments.removed', { type: 'success' });
      await reload();
    },
    onError: (removeError) => {
      const message = removeError.message || 'genericError';
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    onSettled: () => setRemoving(null),
  });
  const remove = () => {
    if (removing) removal.mutate([record.id, removing._id]);
  };

  return (
    <Panel title={translate('filings.attachments.title')}>
      {error ? <Alert severity="error">{errorText(translate, error)}</Alert> : null}
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
                  <UploadDownloadButton uploadId={row.uploadId} fileName={row.fileName} small />
                  {canWrite ? <RowDeleteButton name={row.fileName} onClick={() => setRemoving(row)} small /> : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {canWrite ? <AddAttachmentForm declarationId={record.id} onAdded={() => void reload()} /> : null}
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
