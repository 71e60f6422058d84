import { useState } from 'react';
import { Alert, Avatar, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useCustomMutation, useCustomQuery } from '../../dataProvider/hooks';
import { FilePicker, UPLOAD_FORMATS } from '../../components/FilePicker';
import { errorText } from '../../components/serverErrors';
import { useWatchedNullableText } from '../../components/watchedValues';

/*
 * The comune's logo: an image uploaded for the comune (the API lets only who may change the comune
 * upload it, and refuses a logo that is not an image of this comune), shown wherever the comune's
 * identity appears. The image needs the bearer token, so it is fetched and shown from an object URL.
 */

/**
 * The logo's object URL. An upload never changes its bytes (a new logo is a new upload), so each one
 * is fetched once per session and its URL shared by every place that shows it (never revoked: a
 * handful of small images at most).
 */
function useLogoUrl(uploadId: string | null | undefined): string | null {
  const { data } = useCustomQuery('uploadObjectUrl', [uploadId ?? ''], { enabled: !!uploadId, staleTime: Infinity, gcTime: Infinity });
  return uploadId ? (data ?? null) : null;
}

export function CityLogoImage({ uploadId, name, size = 56 }: { uploadId: string | null | undefined; name: string; size?: number }) {
  const translate = useTranslate();
  const url = useLogoUrl(uploadId);
  return (
    <Avatar
      variant="rounded"
      src={url ?? undefined}
      alt={translate('touristTax.logo.alt', { name })}
      sx={{ width: size, height: size, bgcolor: url ? 'transparent' : 'action.selected', color: 'text.secondary' }}
      data-testid="city-logo"
    >
      <AccountBalanceIcon />
    </Avatar>
  );
}

/** The comune's name (already "Comune di X") with its logo: the head of the comune's dashboard. */
export function ComuneIdentity({ cityId }: { cityId: string | null | undefined }) {
  const { data: city } = useGetOne<{ id: string; name: string; logo: string | null; province: string | null }>('cities', { id: cityId ?? '' }, { enabled: !!cityId });
  if (!city) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="comune-identity">
      <CityLogoImage uploadId={city.logo} name={city.name} size={48} />
      <Box>
        <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
          {city.name}
        </Typography>
        {city.province ? (
          <Typography variant="body2" color="text.secondary">
            {city.province}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

/** The logo field of the comune's form: upload an image (kept once the form is saved) or remove it. */
export function CityLogoInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ id: string; name: string; logo?: string | null }>();
  const { setValue } = useFormContext();
  const logo = useWatchedNullableText('logo');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const uploading = useCustomMutation('upload', {
    onMutate: () => {
      setProblem(null);
      setProgress(0);
    },
    onSuccess: (uploaded) => setValue('logo', uploaded._id, { shouldDirty: true }),
    onError: (error) => setProblem(errorText(translate, error)),
    onSettled: () => {
      setProgress(null);
      setPickerKey((key) => key + 1);
    },
  });
  if (!record) return null;
  const upload = (file: File) => uploading.mutate([file, { link: { type: 'cities', id: String(record.id) }, onProgress: setProgress }]);

  return (
    <Box sx={{ gridColumn: '1 / -1' }} data-testid="city-logo-input">
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {translate('touristTax.logo.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <CityLogoImage uploadId={logo} name={record.name} size={80} />
        {readOnly ? null : (
          <Box sx={{ flexGrow: 1, maxWidth: 480 }}>
            <FilePicker key={pickerKey} extensions={UPLOAD_FORMATS.images} onFiles={(files) => files[0] && upload(files[0])} />
            {progress !== null ? <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} /> : null}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {translate(logo !== (record.logo ?? null) ? 'touristTax.logo.saveToKeep' : 'touristTax.logo.help')}
            </Typography>
          </Box>
        )}
        {!readOnly && logo ? (
          <Button type="button" color="error" onClick={() => setValue('logo', null, { shouldDirty: true })} data-testid="city-logo-remove">
            {translate('touristTax.logo.remove')}
          </Button>
        ) : null}
      </Stack>
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
