import { Alert, Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNoticeNumber } from '@app/domain/tourist-tax/pagopa';
import { HttpError } from '../../dataProvider/errors';
import { useCustomQuery } from '../../dataProvider/hooks';
import { DownloadButton } from '../../components/DownloadButton';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import { formatEuros } from '../../components/format';
import { errorText } from '../../components/serverErrors';
import { formatDate } from '../../i18n/format';

/** 409s that say why there is no notice (nothing due, no codes yet): information, not a failure. */
const EXPLAINED = new Set(['PAGOPA_NOTHING_DUE', 'PAGOPA_NOT_CONFIGURED', 'NOT_SUBMITTED']);

/**
 * The pagoPA notice of a submitted declaration's amount due: its code, IUV and amount, the PDF to
 * download, and plainly that the debt position is not sent to pagoPA by this product.
 */
export function PagopaNoticePanel({ declarationId }: { declarationId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: notice, error, isPending } = useCustomQuery('pagopaNotice', [declarationId], { retry: false });
  const t = (key: string, options?: object) => translate(`pagopa.notice.${key}`, options);
  const explained = error instanceof HttpError && EXPLAINED.has(String(error.body.code));
  return (
    <Panel
      title={t('title')}
      testId="pagopa-notice"
      action={
        notice ? (
          <DownloadButton
            path={`/declarations/${encodeURIComponent(declarationId)}/pagopa-notice`}
            fileName={`avviso-pagopa-${notice.noticeNumber}.pdf`}
            label="pagopa.notice.download"
            testId="pagopa-notice-download"
          />
        ) : undefined
      }
    >
      {isPending ? null : error ? (
        <Alert severity={explained ? 'info' : 'error'} data-testid="pagopa-notice-unavailable">
          {errorText(translate, error)}
        </Alert>
      ) : notice ? (
        <>
          <FactGrid>
            <Fact label={t('noticeNumber')} testId="pagopa-notice-number">
              <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {formatNoticeNumber(notice.noticeNumber)}
              </Box>
            </Fact>
            <Fact label={t('iuv')}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {notice.iuv}
              </Box>
            </Fact>
            <Fact label={t('amount')} testId="pagopa-notice-amount">
              {formatEuros(notice.amountCents / 100, locale)}
            </Fact>
            <Fact label={t('dueDate')}>{formatDate(notice.dueDate, locale)}</Fact>
            <Fact label={t('creditorTaxCode')}>{notice.creditorTaxCode}</Fact>
            <Fact label={t('qrPayload')}>
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
                {notice.qrPayload}
              </Box>
            </Fact>
          </FactGrid>
          {notice.issuedAt ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('issued', { date: formatDate(notice.issuedAt, locale) })}
            </Typography>
          ) : null}
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="pagopa-not-sent">
            {t('notSent')}
          </Alert>
          <Box component="details" sx={{ mt: 1.5 }}>
            <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
              {t('debtPosition')}
            </Typography>
            <Box component="pre" sx={{ fontSize: '0.75rem', overflowX: 'auto', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
              {JSON.stringify(notice.debtPosition, null, 2)}
            </Box>
          </Box>
        </>
      ) : null}
    </Panel>
  );
}
