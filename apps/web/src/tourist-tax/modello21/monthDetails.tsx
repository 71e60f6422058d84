import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../i18n/format';
import { Fact, FactGrid } from '../../components/Panel';
import { formatEuros } from '../../components/format';
import { parseEuroAmount } from '@app/domain/tourist-tax/money';
import { modello21Carico } from '@app/domain/tourist-tax/filings/modello21';
import type { TModello21MonthRecord, TMonthDraft } from './monthRows';

/*
 * What the treasury reads on each line of the Modello 21 beside the amounts: the receipts of the
 * month ("dal n. ... al n. ...", with their dates) and every payment of the month with its own date,
 * amount, bank TRN and treasury references (reversale / ordinativo, quietanza). Both come from the
 * prefill; a hand-corrected month keeps the receipts count only, as the PDF prints it.
 */

/** "dal n. 1 al n. 12" and the dates of the first and last receipt; the count for a corrected month. */
export function MonthReceipts({ month }: { month: TModello21MonthRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const receipts = month.prefill.receipts;
  if (month.receiptsCount === 0) return <>—</>;
  if (!receipts || month.corrected) return <>{translate('filings.modello21.receiptsCount', { smart_count: month.receiptsCount })}</>;
  return (
    <Box data-testid={`m21-receipts-${month.number}`}>
      {receipts.from === receipts.to ? translate('filings.modello21.receiptOne', { number: receipts.from }) : translate('filings.modello21.receiptsRange', { from: receipts.from, to: receipts.to })}
      {receipts.dateFrom && receipts.dateTo ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {receipts.dateFrom === receipts.dateTo
            ? formatDate(receipts.dateFrom, locale)
            : translate('filings.modello21.receiptsDates', { from: formatDate(receipts.dateFrom, locale), to: formatDate(receipts.dateTo, locale) })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Every payment of the month, each on its own line. */
export function MonthPayments({ month }: { month: TModello21MonthRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const payments = month.prefill.payments;
  if (payments.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid={`m21-payments-${month.number}`}>
      {payments.map((p, i) => (
        <Typography key={`${p.declarationId}-${i}`} component="li" variant="body2" sx={{ '& + &': { mt: 0.5 } }}>
          {formatDate(p.paymentDate, locale)} · {formatEuros(p.amount, locale)}
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {[
              `${translate('filings.payments.trn')} ${p.trn ?? '—'}`,
              p.treasuryReference ? `${translate('filings.payments.treasuryReference')} ${p.treasuryReference}` : null,
              p.receiptNumber ? `${translate('filings.payments.receiptNumber')} ${p.receiptNumber}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Typography>
      ))}
    </Box>
  );
}

/** Carico, scarico and what remains, live from the months and opening balance as typed. */
export function CaricoScarico({ months, openingBalance }: { months: readonly TMonthDraft[]; openingBalance: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const cents = (text: string) => parseEuroAmount(text) ?? 0;
  const totals = modello21Carico(
    cents(openingBalance),
    months.map((m) => ({ collectedCents: cents(m.collected), paidCents: cents(m.paid) })),
  );
  const fact = (name: string, value: number) => (
    <Fact label={translate(`filings.modello21.account.${name}`)} testId={`m21-${name}`}>
      {formatCents(value, locale)}
    </Fact>
  );
  return (
    <FactGrid columns={4}>
      {fact('openingBalance', totals.openingBalanceCents)}
      {fact('carico', totals.caricoCents)}
      {fact('scarico', totals.scaricoCents)}
      {fact('closingBalance', totals.closingBalanceCents)}
    </FactGrid>
  );
}
