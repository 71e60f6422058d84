import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List as MuiList,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DescriptionIcon from '@mui/icons-material/Description';
import { Confirm, Loading, Title, useCreate, useDelete, useGetList, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useCustomMutation } from '../../dataProvider/hooks';
import { FilePicker } from '../../components/FilePicker';
import { formatDate } from '../../i18n/format';
import { currentCityId, useCan, useReachesAll } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { DOCUMENT_EXTENSIONS, RowDeleteButton, UploadDownloadButton } from '../shared/filingParts';
import { scopeOf } from '@app/domain/platform/access/access-table';
import { useSession } from '../../session/useSession';
import type { TNamedRecord } from '../../components/records';
import { isOneOf } from '@app/domain/platform/records/keys';

/*
 * documentation-area: the comune's regulations, forms and guides (and documents the admin publishes
 * for every comune), grouped by category. The comune and the admin upload; everybody downloads.
 */

export const DOCUMENT_CATEGORIES = ['regulation', 'form', 'guide', 'other'] as const;
type TCategory = (typeof DOCUMENT_CATEGORIES)[number];

type TDocument = { id: string; createdAt: string; cityId: string | null; title: string; description: string | null; category: TCategory; uploadId: string };

function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // Who publishes for every comune picks one (or none: for all); a comune publishes for itself.
  const isAdmin = useReachesAll('documents', 'create');
  const { data: cities = [] } = useGetList<TNamedRecord>('cities', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } }, { enabled: isAdmin && open });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TCategory>('regulation');
  const [cityId, setCityId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const missing = { title: title.trim() === '', file: !file };

  // The file goes up first (with its progress), then the document that names it.
  const onError = (error: unknown) => {
    setProblem(errorText(translate, error));
    setProgress(null);
  };
  const uploading = useCustomMutation('upload', { onError });
  const [create] = useCreate();
  const publishDocument = (uploadId: string) =>
    create(
      'documentation-area',
      { data: { title: title.trim(), description: description.trim() || null, category, uploadId, ...(isAdmin ? { cityId: cityId || null } : {}) } },
      {
        onSuccess: () => {
          setProgress(null);
          notify('filings.documents.published', { type: 'success' });
          refresh();
          onClose();
        },
        onError,
      },
    );

  const publish = () => {
    setTouched(true);
    if (missing.title || missing.file) return;
    setProblem(null);
    setProgress(0);
    uploading.mutate([file!, { onProgress: setProgress }], { onSuccess: (upload) => void publishDocument(upload._id) });
  };

  return (
    <Dialog open={open} onClose={progress === null ? onClose : undefined} maxWidth="sm" fullWidth aria-labelledby="document-upload-title">
      <DialogTitle id="document-upload-title">{translate('filings.documents.upload')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate('resources.documentation-area.fields.title')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            error={touched && missing.title}
            helperText={touched && missing.title ? translate('validation.required') : ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            select
            label={translate('resources.documentation-area.fields.category')}
            value={category}
            onChange={(event) => isOneOf(DOCUMENT_CATEGORIES, event.target.value) && setCategory(event.target.value)}
          >
            {DOCUMENT_CATEGORIES.map((id) => (
              <MenuItem key={id} value={id}>
                {translate(`filings.documents.categories.${id}`)}
              </MenuItem>
            ))}
          </TextField>
          {isAdmin ? (
            <TextField
              select
              label={translate('touristTax.fields.cityId')}
              value={cityId}
              onChange={(event) => setCityId(event.target.value)}
              helperText={translate('filings.documents.allCitiesHelp')}
            >
              <MenuItem value="">{translate('filings.documents.allCities')}</MenuItem>
              {cities.map((city) => (
                <MenuItem key={city.id} value={String(city.id)}>
                  {city.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            label={translate('resources.documentation-area.fields.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <FilePicker extensions={DOCUMENT_EXTENSIONS} onFiles={(files) => setFile(files[0] ?? null)} />
          {touched && missing.file ? (
            <Typography color="error" variant="caption">
              {translate('filings.attachments.fileRequired')}
            </Typography>
          ) : null}
          {progress !== null ? <LinearProgress variant="determinate" value={progress} /> : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={progress !== null}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={publish} disabled={progress !== null} data-testid="document-publish">
          {translate('filings.documents.publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DocumentationAreaPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleteOne] = useDelete<TDocument>();
  const [locale] = useLocaleState();
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<TDocument | null>(null);
  const { data = [], isPending, error } = useGetList<TDocument>('documentation-area', { pagination: { page: 1, perPage: 500 }, sort: { field: 'title', order: 'ASC' } });
  const { data: cities = [] } = useGetList<TNamedRecord>('cities', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const cityName = (id: string | null) => (id ? (cities.find((city) => city.id === id)?.name ?? '') : translate('filings.documents.allCities'));
  const ownCity = currentCityId();
  const mayPublish = useCan('documents', 'create');
  const deleteScope = scopeOf(useSession()?.user.role, 'documents', 'delete');
  // The record scope of the delete grant: every document, or the comune's own.
  const mayRemove = (doc: TDocument) => deleteScope === 'all' || (deleteScope === 'ownCity' && doc.cityId !== null && doc.cityId === ownCity);

  const remove = () => {
    if (!removing) return;
    void deleteOne(
      'documentation-area',
      { id: removing.id, previousData: removing },
      {
        onSuccess: () => {
          notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
          refresh();
        },
        onError: (removeError) => {
          const message = (removeError instanceof Error && removeError.message) || 'genericError';
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title="menu.documentArea" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2">
          {translate('menu.documentArea')}
        </Typography>
        {mayPublish ? (
          <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)} data-testid="document-upload">
            {translate('filings.documents.upload')}
          </Button>
        ) : null}
      </Stack>
      {isPending ? <Loading /> : null}
      {error ? <Alert severity="error">{translate(error.message || 'genericError', { _: error.message })}</Alert> : null}
      {!isPending && !error && data.length === 0 ? <Alert severity="info">{translate('filings.documents.empty')}</Alert> : null}
      <Stack spacing={2}>
        {DOCUMENT_CATEGORIES.map((category) => {
          const docs = data.filter((doc) => doc.category === category);
          if (docs.length === 0) return null;
          return (
            <Card key={category} variant="outlined" data-testid={`documents-${category}`}>
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {translate(`filings.documents.categories.${category}`)} <Chip size="small" label={docs.length} sx={{ ml: 1 }} />
                </Typography>
                <MuiList dense>
                  {docs.map((doc) => (
                    <ListItem
                      key={doc.id}
                      divider
                      secondaryAction={
                        <Stack direction="row" spacing={0.5}>
                          <UploadDownloadButton uploadId={doc.uploadId} fileName={doc.title} />
                          {mayRemove(doc) ? <RowDeleteButton name={doc.title} onClick={() => setRemoving(doc)} /> : null}
                        </Stack>
                      }
                    >
                      <ListItemIcon>
                        <DescriptionIcon color="primary" />
                      </ListItemIcon>
                      <ListItemText primary={doc.title} secondary={[doc.description, `${cityName(doc.cityId)} · ${formatDate(doc.createdAt, locale)}`].filter(Boolean).join(' — ')} />
                    </ListItem>
                  ))}
                </MuiList>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {uploading ? <UploadDialog open onClose={() => setUploading(false)} /> : null}
      <Confirm
        isOpen={removing !== null}
        title="filings.documents.removeTitle"
        content="filings.documents.removeConfirm"
        translateOptions={{ name: removing?.title ?? '' }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
