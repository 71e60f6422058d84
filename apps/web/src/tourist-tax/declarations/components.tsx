import type { ReactNode } from 'react';
import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { DECLARATION_STATUSES } from '@app/domain/tourist-tax/filings/declaration-flow';
import type { TDeclarationRecord } from '@app/domain/tourist-tax/filings/declaration-schemas';
import type { TRaRecordOf } from '../../dataProvider/query';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';
import { formatEuros } from '../../components/format';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import { FilingStatusChip, LateChip, ReferencedName } from '../shared/filingParts';
import { useCustomQuery } from '../../dataProvider/hooks';

/** Every payment of the declaration with its own date, amount, TRN and treasury references. */
function PaymentsList({ declarationId }: { declarationId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // A new payment refreshes the page (react-admin's refresh invalidates every query), and this list with it.
  const { data: payments = [] } = useCustomQuery('declarationPayments', [declarationId]);
  const label = (key: string) => translate(`filings.payments.${key}`);
  return (
    <Box sx={{ mt: 2, overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h4">
        {label('title')}
      </Typography>
      {payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {label('empty')}
        </Typography>
      ) : (
        <Table size="small" data-testid="declaration-payments">
          <TableHead>
            <TableRow>
              <TableCell>{label('date')}</TableCell>
              <TableCell align="right">{label('amount')}</TableCell>
              <TableCell>{label('trn')}</TableCell>
              <TableCell>{label('treasuryReference')}</TableCell>
              <TableCell>{label('receiptNumber')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((payment) => (
              <TableRow key={payment._id}>
                <TableCell>{formatDate(payment.paymentDate, locale)}</TableCell>
                <TableCell align="right">{formatEuros(payment.amount, locale)}</TableCell>
                <TableCell>{payment.trn}</TableCell>
                <TableCell>{payment.treasuryReference ?? '–'}</TableCell>
                <TableCell>{payment.receiptNumber ?? '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** A declaration as the API sends it (amounts in euros, dates 'YYYY-MM-DD'). */
/** A declaration as the screens receive it: the API record plus react-admin's `id`. */
export type TDeclaration = TRaRecordOf<TDeclarationRecord>;

export { DECLARATION_STATUSES };

export function DeclarationStatusChip({ status }: { status: TDeclaration['status'] }) {
  return <FilingStatusChip status={status} testId="declaration-status" />;
}

/** "Late" badges: not submitted after submitBy, or not paid after payBy. */
export function OverdueBadges({ record }: { record: Pick<TDeclaration, 'isSubmitOverdue' | 'isPaymentOverdue' | 'isSubmittedLate'> }) {
  const translate = useTranslate();
  if (!record.isSubmitOverdue && !record.isPaymentOverdue && !record.isSubmittedLate) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ display: 'inline-flex' }}>
      {record.isSubmitOverdue ? <LateChip label="filings.declarations.overdueSubmission" testId="overdue-submission" /> : null}
      {/* Sent after the deadline: no longer overdue, but the comune still sees it came late. */}
      {record.isSubmittedLate ? <Chip size="small" variant="outlined" color="warning" label={translate('filings.declarations.submittedLate')} data-testid="submitted-late" /> : null}
      {record.isPaymentOverdue ? <LateChip label="filings.declarations.overduePayment" testId="overdue-payment" /> : null}
    </Stack>
  );
}

/** Who, which period, status, type and deadlines. */
export function DeclarationHeaderPanel({ record }: { record: TDeclaration }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Panel title={translate('filings.declarations.summary')}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <DeclarationStatusChip status={record.status} />
        <Chip size="small" variant="outlined" label={translate(`touristTax.declarationType.${record.type}`)} data-testid="declaration-type" />
        {record.noGuests ? <Chip size="small" variant="outlined" label={translate('filings.declarations.noGuests')} /> : null}
        <OverdueBadges record={record} />
      </Stack>
      {record.status === 'returned' && record.returnReason ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="return-reason">
          {translate('filings.declarations.returnedBecause', { reason: record.returnReason })}
        </Alert>
      ) : null}
      <FactGrid>
        <Fact label={translate('resources.declarations.fields.structureId')}>
          <ReferencedName reference="structures" id={record.structureId} />
        </Fact>
        <Fact label={translate('resources.declarations.fields.declarationTemplateId')}>
          <ReferencedName reference="declaration-templates" id={record.declarationTemplateId} source="periodName" />
        </Fact>
        <Fact label={translate('filings.declarations.periodDates')}>{`${formatDate(record.dateFrom, locale)} – ${formatDate(record.dateTo, locale)}`}</Fact>
        <Fact label={translate('resources.declarations.fields.code')}>{record.code}</Fact>
        <Fact label={translate('resources.declarations.fields.submitBy')}>{formatDate(record.submitBy, locale)}</Fact>
        <Fact label={translate('resources.declarations.fields.payBy')}>{formatDate(record.payBy, locale)}</Fact>
        <Fact label={translate('resources.declarations.fields.compilationDate')}>{formatDate(record.compilationDate, locale)}</Fact>
        <Fact label={translate('filings.declarations.submittedAt')}>{formatDateTime(record.submittedAt, locale)}</Fact>
        {record.validatedAt ? <Fact label={translate('filings.declarations.validatedAt')}>{formatDateTime(record.validatedAt, locale)}</Fact> : null}
      </FactGrid>
    </Panel>
  );
}

/** Stays, presences and the tax: automatic figures come from the stays, manual ones were typed. */
export function FiguresPanel({ record }: { record: TDeclaration }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const euros = (value: number) => formatEuros(value, locale);
  const count = (value: number) => formatNumber(value, locale);
  const field = (name: string) => translate(`resources.declarations.fields.${name}`);
  return (
    <Panel title={translate('filings.declarations.figures')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(record.type === 'automatic' ? 'filings.declarations.automaticHelp' : 'filings.declarations.manualHelp')}
      </Typography>
      <FactGrid>
        <Fact label={field('numberOfStays')} testId="fig-numberOfStays">
          {count(record.numberOfStays)}
        </Fact>
        <Fact label={field('guestsNumber')}>{count(record.guestsNumber)}</Fact>
        <Fact label={field('nightsNumber')}>{count(record.nightsNumber)}</Fact>
        <Fact label={field('payingPresences')}>{count(record.payingPresences)}</Fact>
        <Fact label={field('reducedPresences')}>{count(record.reducedPresences)}</Fact>
        <Fact label={field('exemptPresences')}>{count(record.exemptPresences)}</Fact>
        <Fact label={field('tariff')}>{euros(record.tariff)}</Fact>
        <Fact label={field('reduction')}>{euros(record.reduction)}</Fact>
      </FactGrid>
      <Box sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
        <FactGrid>
          <Fact label={field('totalAmount')} testId="fig-totalAmount">
            {euros(record.totalAmount)}
          </Fact>
          <Fact label={field('toPayAmount')} testId="fig-toPayAmount">
            <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              {euros(record.toPayAmount)}
            </Typography>
          </Fact>
          <Fact label={field('unpaidAmount')}>{euros(record.unpaidAmount)}</Fact>
          <Fact label={field('rejectedPayments')}>{count(record.rejectedPayments)}</Fact>
        </FactGrid>
      </Box>
      {record.rejectedDetails.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            {translate('filings.declarations.rejectedDetails')}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('filings.declarations.guest')}</TableCell>
                <TableCell>{translate('resources.stays.fields.checkOut')}</TableCell>
                <TableCell align="right">{translate('filings.declarations.amount')}</TableCell>
                <TableCell>{translate('resources.stays.fields.noPaymentReason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {record.rejectedDetails.map((line, index) => (
                <TableRow key={line.stayId ?? index}>
                  <TableCell>{line.guest ?? '—'}</TableCell>
                  <TableCell>{formatDate(line.checkOut, locale)}</TableCell>
                  <TableCell align="right">{euros(line.amount)}</TableCell>
                  <TableCell>{line.reason ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
    </Panel>
  );
}

/** Where to pay and what was paid. */
export function PaymentPanel({ record, action }: { record: TDeclaration; action?: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const field = (name: string) => translate(`resources.declarations.fields.${name}`);
  return (
    <Panel title={translate('filings.declarations.payment')} action={action}>
      <FactGrid>
        <Fact label={field('beneficiaryInstitution')}>{record.beneficiaryInstitution}</Fact>
        <Fact label={field('iban')}>{record.iban}</Fact>
        <Fact label={field('bank')}>{record.bank}</Fact>
        <Fact label={field('toPayAmount')}>{formatEuros(record.toPayAmount, locale)}</Fact>
        <Fact label={field('paymentDate')} testId="payment-date">
          {formatDate(record.paymentDate, locale)}
        </Fact>
        <Fact label={field('trn')} testId="payment-trn">
          {record.trn}
        </Fact>
        <Fact label={field('paidAmount')}>{record.paidAmount === null ? null : formatEuros(record.paidAmount, locale)}</Fact>
      </FactGrid>
      <PaymentsList declarationId={String(record.id)} />
      {record.notes ? (
        <Box sx={{ mt: 2 }}>
          <Fact label={field('notes')}>{record.notes}</Fact>
        </Box>
      ) : null}
    </Panel>
  );
}
