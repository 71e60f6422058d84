import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { FileImportDialog } from '../../components/FileImportDialog';
import { currentCityId, useCan, useReachesAll } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { useCustomQuery } from '../../dataProvider/hooks';
import type { TSiatelCheck } from '../../dataProvider/pagopa';
import { formatDate } from '../../i18n/format';
import { ChosenCity } from '../shared/cityInputs';
import { monthLabel } from './monthLabel';
import { ResultTable } from './ResultTable';

/** The checks made for a comune, newest first, with the upload of a new file. */
function ChecksOfCity({ cityId }: { cityId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const mayUpload = useCan('siatel-checks', 'create');
  const [open, setOpen] = useState(false);
  const { data: checks, error, isPending } = useCustomQuery('siatelChecks', [cityId]);
  const t = (key: string, options?: object) => translate(`siatel.${key}`, options);
  const open_ = (checkId: string) => `/siatel-checks/${encodeURIComponent(checkId)}?cityId=${encodeURIComponent(cityId)}`;
  return (
    <Stack spacing={2}>
      {mayUpload ? (
        <Box>
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} data-testid="siatel-upload-open">
            {t('upload')}
          </Button>
        </Box>
      ) : null}
      {isPending ? <Loading /> : null}
      {error ? <Alert severity="error">{errorText(translate, error)}</Alert> : null}
      {checks && checks.length === 0 ? <Typography color="text.secondary">{t('none')}</Typography> : null}
      {checks && checks.length > 0 ? (
        <Card variant="outlined" sx={{ px: 2, py: 1 }}>
          <ResultTable
            rows={checks}
            testId="siatel-checks"
            rowKey={(check) => check._id}
            columns={[
              { label: t('checkedOn'), value: (check) => <RouterLink to={open_(check._id)}>{formatDate(check.checkedOn, locale)}</RouterLink> },
              {
                label: t('fileName'),
                value: (check) => (
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {check.fileName}
                  </Box>
                ),
              },
              { label: t('months'), value: (check) => (check.monthFrom ? `${monthLabel(check.monthFrom, locale)} – ${monthLabel(check.monthTo ?? check.monthFrom, locale)}` : '—') },
              { label: t('shortfallsCount'), value: (check) => check.shortfalls, align: 'right' },
              { label: t('unregisteredCount'), value: (check) => check.unregistered, align: 'right' },
              { label: t('undeclaredCount'), value: (check) => check.undeclaredMonths, align: 'right' },
            ]}
          />
        </Card>
      ) : null}
      <FileImportDialog<TSiatelCheck>
        open={open}
        onClose={() => setOpen(false)}
        i18nPrefix="siatel"
        testIdPrefix="siatel-upload"
        accept=".csv,.xlsx,.txt,text/csv"
        uploadPath={`/cities/${encodeURIComponent(cityId)}/siatel-checks`}
        buildForm={() => undefined}
        describeResult={(check) => t('done', { shortfalls: check.result.shortfalls.length, unregistered: check.result.unregistered.length, undeclared: check.result.undeclaredMonths.length })}
        renderResult={(check) => (
          <Button component={RouterLink} to={open_(check._id)} sx={{ mt: 1 }} data-testid="siatel-upload-open-result">
            {t('open')}
          </Button>
        )}
        fieldLabel={(path) => translate(`siatel.fields.${path}`, { _: path })}
      />
    </Stack>
  );
}

/** siatel-checks: the comune's SIATEL cross-checks (an admin picks the comune). */
export function SiatelChecksPage() {
  const translate = useTranslate();
  const picksComune = useReachesAll('siatel-checks', 'list');
  const ownCity = currentCityId();
  return (
    <Box sx={{ p: 2 }}>
      <Title title="menu.siatelChecks" />
      <Card variant="outlined" sx={{ mb: 2, maxWidth: 960 }}>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('siatel.intro')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('siatel.layoutNote')}
          </Typography>
        </CardContent>
      </Card>
      {picksComune ? <ChosenCity testId="siatel-city">{(cityId) => <ChecksOfCity cityId={cityId} />}</ChosenCity> : ownCity ? <ChecksOfCity cityId={ownCity} /> : null}
    </Box>
  );
}
