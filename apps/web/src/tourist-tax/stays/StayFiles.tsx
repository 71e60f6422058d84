import { useState } from 'react';
import { Alert, Box, LinearProgress, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { Confirm, useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useCustomMutation, useCustomQuery, useInvalidateCustom } from '../../dataProvider/hooks';
import type { TRecordFile } from '../../dataProvider/recordFiles';
import { FilePicker } from '../../components/FilePicker';
import { SectionTitle } from '../../components/forms';
import { errorText } from '../../components/serverErrors';
import { formatDateTime } from '../../i18n/format';
import { useCan } from '../../components/permissions';
import { ATTACHMENT_EXTENSIONS, DOCUMENT_EXTENSIONS, RowDeleteButton, UploadDownloadButton } from '../shared/filingParts';

/*
 * A stay's documents (identity documents, invoices, exemption certificates): uploads linked to the
 * stay. The API lets only who may change the stay (its hotelier, an admin) add or delete them; the
 * comune reads them. A new stay gets its files once saved (they are linked to its id).
 */

const STAY_FILE_EXTENSIONS = [...new Set([...ATTACHMENT_EXTENSIONS, ...DOCUMENT_EXTENSIONS])];

function formatSize(bytes: number, locale: string): string {
  const kb = bytes / 1024;
  return kb < 1024
    ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, kb))} KB`
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kb / 1024)} MB`;
}

export function StayFiles() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const record = useRecordContext<{ id: string }>();
  const invalidateCustom = useInvalidateCustom();
  const canChange = useCan('stays', 'update');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [removing, setRemoving] = useState<TRecordFile | null>(null);
  const stayId = record?.id ? String(record.id) : null;

  const { data: files, error } = useCustomQuery('listRecordFiles', ['stays', stayId ?? ''], { enabled: !!stayId });
  const reload = () => invalidateCustom('listRecordFiles');

  const adding = useCustomMutation('upload', {
    onSuccess: async () => {
      notify('touristTax.stayFiles.added', { type: 'success' });
      await reload();
    },
    onError: (caught) => setProblem(errorText(translate, caught)),
    onSettled: () => {
      setProgress(null);
      setPickerKey((key) => key + 1);
    },
  });
  const removal = useCustomMutation('deleteUpload', {
    onSuccess: async () => {
      notify('touristTax.stayFiles.removed', { type: 'success' });
      await reload();
    },
    onError: (caught) => setProblem(errorText(translate, caught)),
    onSettled: () => setRemoving(null),
  });

  return (
    <>
      <SectionTitle>{translate('touristTax.stayFiles.title')}</SectionTitle>
      <Box sx={{ gridColumn: '1 / -1' }} data-testid="stay-files">
        {!stayId ? (
          <Typography variant="body2" color="text.secondary">
            {translate('touristTax.stayFiles.saveFirst')}
          </Typography>
        ) : null}
        {error ? <Alert severity="error">{errorText(translate, error)}</Alert> : null}
        {files && files.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="stay-files-empty">
            {translate('touristTax.stayFiles.empty')}
          </Typography>
        ) : null}
        {files && files.length > 0 ? (
          <MuiList dense disablePadding sx={{ maxWidth: 720 }}>
            {files.map((file) => (
              <ListItem
                key={file._id}
                divider
                data-testid="stay-file"
                secondaryAction={
                  <>
                    <UploadDownloadButton uploadId={file._id} fileName={file.fullName} small />
                    {canChange ? <RowDeleteButton name={file.fullName} onClick={() => setRemoving(file)} small /> : null}
                  </>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={file.fullName}
                  secondary={`${formatDateTime(file.createdAt, locale)} · ${formatSize(file.size, locale)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </MuiList>
        ) : null}
        {stayId && canChange ? (
          <Box sx={{ mt: 2, maxWidth: 720 }}>
            <FilePicker
              key={pickerKey}
              extensions={STAY_FILE_EXTENSIONS}
              onFiles={(picked) => {
                setProblem(null);
                if (picked[0] && stayId) adding.mutate([picked[0], { link: { type: 'stays', id: stayId }, onProgress: setProgress }]);
              }}
            />
            {progress !== null ? <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} /> : null}
          </Box>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        ) : null}
      </Box>
      <Confirm
        isOpen={removing !== null}
        title="touristTax.stayFiles.removeTitle"
        content="touristTax.stayFiles.removeConfirm"
        translateOptions={{ name: removing?.fullName ?? '' }}
        onConfirm={() => removing && removal.mutate([removing._id])}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
