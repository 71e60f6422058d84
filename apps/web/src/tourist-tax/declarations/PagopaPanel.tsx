import { Alert, Box, Typography } from '@mui/material';
import { HttpError, useLocaleState, useTranslate } from 'react-admin';
import { useCustomQuery } from '../../dataProvider/hooks';
import { formatDate } from '../../i18n/format';
import { centsToEuros } from '@app/domain/tourist-tax/money';
import { formatEuros } from '../../components/format';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { DownloadButton } from '../../components/DownloadButton';

/** The API's error code, when the failure is an answer of the API. */
function errorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body: unknown = error.body;
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
}

function missingFields(error: unknown): string[] {
  if (!(error instanceof HttpError)) return [];
  const body: unknown = error.body;
  if (!body || typeof body !== 'object' || !('params' in body) || !body.params || typeof body.params !== 'object' || !('missing' in body.params)) return [];
  return typeof body.params.missing === 'string' ? body.params.missing.split(',').filter(Boolean) : [];
}

/**
 * The declaration's pagoPA notice: notice number, IUV, creditor, amount, due date and the QR code's text,
 * or why there is none (nothing due, the comune has not set its creditor data).
 */
export function PagopaPanel({ declarationId }: { declarationId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // A 409 is an answer, not a failure to retry.
  const { data, error, isPending } = useCustomQuery('declarationPagopa', [declarationId], { retry: false });
  const label = (key: string) => translate(`filings.pagopa.${key}`);
  if (isPending) return null;

  let reason: string | null = null;
  if (error) {
    const missing = missingFields(error).map((field) => translate(`resources.cities.fields.${field}`));
    reason = errorCode(error) === 'PAGOPA_NOT_CONFIGURED' ? translate('errors.PAGOPA_NOT_CONFIGURED', { missing: missing.join(', ') }) : errorText(translate, error);
  }
  return (
    <Panel
      title={label('title')}
      testId="pagopa-panel"
      action={
        data && !error ? (
          <DownloadButton
            path={`/declarations/${encodeURIComponent(declarationId)}/pagopa-notice`}
            fileName={`avviso-pagopa-${data.noticeNumber}.pdf`}
            label="filings.pagopa.download"
            testId="pagopa-notice-download"
          />
        ) : undefined
      }
    >
      {reason !== null || !data ? (
        <Alert severity="info" data-testid="pagopa-unavailable">
          <strong>{label('notAvailable')}</strong>: {reason}
        </Alert>
      ) : (
        <>
          <FactGrid>
            <Fact label={label('noticeNumber')} testId="pagopa-notice-number">
              {data.noticeNumber}
            </Fact>
            <Fact label={label('iuv')}>{data.iuv}</Fact>
            <Fact label={label('creditor')}>{data.creditorTaxCode}</Fact>
            <Fact label={label('amount')}>{formatEuros(centsToEuros(data.amountCents), locale)}</Fact>
            <Fact label={label('dueDate')}>{formatDate(data.dueDate, locale)}</Fact>
          </FactGrid>
          <Box sx={{ mt: 2 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label('qrPayload')}
            </Typography>
            <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="pagopa-qr-payload">
              {data.qrPayload}
            </Typography>
          </Box>
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="pagopa-not-sent">
            {label('notBuilt')}
          </Alert>
        </>
      )}
    </Panel>
  );
}
