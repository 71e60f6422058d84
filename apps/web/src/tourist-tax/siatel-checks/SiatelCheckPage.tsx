import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { Panel } from '../../components/Panel';
import { currentCityId } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { useCustomQuery } from '../../dataProvider/hooks';
import type { TSiatelResult } from '../../dataProvider/pagopa';
import { formatDate, formatNumber } from '../../i18n/format';
import { monthLabel } from './monthLabel';
import { ResultTable } from './ResultTable';

function CheckResult({ result }: { result: TSiatelResult }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`siatel.${key}`, options);
  const n = (value: number) => formatNumber(value, locale);
  const month = (value: string) => monthLabel(value, locale);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" data-testid="siatel-summary">
        {t('summary', {
          rows: n(result.rows),
          from: result.months[0] ? month(result.months[0]) : '—',
          to: result.months.at(-1) ? month(result.months.at(-1)!) : '—',
          siatel: n(result.totals.siatelNights),
          declared: n(result.totals.declaredPresences),
          structures: n(result.totals.structuresMatched),
        })}
      </Typography>
      <Panel title={`${t('shortfalls')} (${result.shortfalls.length})`} testId="siatel-shortfalls">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('shortfallsHelp')}
        </Typography>
        <ResultTable
          rows={result.shortfalls}
          testId="siatel-shortfalls-table"
          rowKey={(row) => `${row.structureId}|${row.month}`}
          columns={[
            { label: t('structure'), value: (row) => <RouterLink to={`/structures/${encodeURIComponent(row.structureId)}`}>{row.name}</RouterLink> },
            { label: t('month'), value: (row) => month(row.month) },
            { label: t('siatelNights'), value: (row) => n(row.siatelNights), align: 'right' },
            { label: t('declared'), value: (row) => n(row.declaredPresences), align: 'right' },
            { label: t('gap'), value: (row) => <strong>{n(row.gap)}</strong>, align: 'right' },
            { label: t('gapPercent'), value: (row) => `${formatNumber(row.gapPercent, locale)}%`, align: 'right' },
          ]}
        />
      </Panel>
      <Panel title={`${t('unregistered')} (${result.unregistered.length})`} testId="siatel-unregistered">
        <ResultTable
          rows={result.unregistered}
          testId="siatel-unregistered-table"
          rowKey={(row, index) => `${row.taxCode ?? ''}|${row.name ?? ''}|${index}`}
          columns={[
            { label: t('structure'), value: (row) => [row.name, row.address].filter(Boolean).join(' · ') || '—' },
            { label: t('taxCode'), value: (row) => row.taxCode ?? row.cin ?? row.structureCode ?? '—' },
            { label: t('months'), value: (row) => row.months.map(month).join(', ') },
            { label: t('siatelNights'), value: (row) => n(row.siatelNights), align: 'right' },
            { label: t('fileRows'), value: (row) => row.rows.join(', ') },
          ]}
        />
      </Panel>
      <Panel title={`${t('undeclared')} (${result.undeclaredMonths.length})`} testId="siatel-undeclared">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('undeclaredHelp')}
        </Typography>
        <ResultTable
          rows={result.undeclaredMonths}
          testId="siatel-undeclared-table"
          rowKey={(row) => `${row.structureId}|${row.month}`}
          columns={[
            { label: t('structure'), value: (row) => <RouterLink to={`/structures/${encodeURIComponent(row.structureId)}`}>{row.name}</RouterLink> },
            { label: t('month'), value: (row) => month(row.month) },
            { label: t('siatelNights'), value: (row) => n(row.siatelNights), align: 'right' },
          ]}
        />
      </Panel>
    </Stack>
  );
}

/** siatel-checks/{siatelCheckId}?cityId=: one kept cross-check (a comune user's own comune is implied). */
export function SiatelCheckPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { siatelCheckId = '' } = useParams();
  const [search] = useSearchParams();
  const cityId = search.get('cityId') ?? currentCityId() ?? '';
  const { data: check, error, isPending } = useCustomQuery('siatelCheck', [cityId, siatelCheckId], { enabled: cityId !== '' });
  return (
    <Box sx={{ p: 2 }}>
      <Title title={check ? translate('siatel.checkTitle', { date: formatDate(check.checkedOn, locale) }) : 'menu.siatelChecks'} />
      <Button component={RouterLink} to="/siatel-checks" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {translate('siatel.back')}
      </Button>
      {isPending && cityId !== '' ? <Loading /> : null}
      {error ? <Alert severity="error">{errorText(translate, error)}</Alert> : null}
      {check ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-all' }}>
            {`${translate('siatel.fileName')}: ${check.fileName}`}
          </Typography>
          <CheckResult result={check.result} />
        </>
      ) : null}
    </Box>
  );
}
