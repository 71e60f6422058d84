import { IconButton, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TextField, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useLocaleState, useTranslate } from 'react-admin';
import { parseEuroAmount } from '@app/domain/tourist-tax/money';
import { formatCents, formatDate } from '../../i18n/format';
import { CalendarDateField } from '../../components/DateInput';
import { formatEuros } from '../../components/format';
import { MonthPayments, MonthReceipts } from './monthDetails';
import type { TMonthDraft } from './monthRows';
import type { TModello21 } from './modello21Record';

/** The twelve months: receipts, collected and paid (typed while editable), payments, date, TRN and note; the totals and the amount due below. */
export function MonthTable({
  record,
  months,
  editable,
  problems,
  onChange,
  onReset,
}: {
  record: TModello21;
  months: TMonthDraft[];
  editable: boolean;
  problems: Record<string, string>;
  onChange: (index: number, patch: Partial<TMonthDraft>) => void;
  onReset: (index: number) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const cents = (text: string) => parseEuroAmount(text) ?? 0;
  const totals = months.reduce((acc, m) => ({ collected: acc.collected + cents(m.collected), paid: acc.paid + cents(m.paid) }), { collected: 0, paid: 0 });
  const problem = (path: string) => (problems[path] ? translate(problems[path], { _: problems[path] }) : undefined);
  const field = (name: string) => translate(`filings.modello21.columns.${name}`);
  return (
    // width 0 + minWidth 100%: the table scrolls inside the panel instead of widening the page on a phone.
    <TableContainer sx={{ width: 0, minWidth: '100%' }}>
      <Table size="small" data-testid="m21-months" sx={{ '& td, & th': { px: 1 }, '& .MuiInputBase-input': { py: 0.75, fontSize: '0.875rem' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{field('month')}</TableCell>
            <TableCell>{field('receipts')}</TableCell>
            <TableCell align="right" sx={{ width: 120 }}>
              {field('collected')}
            </TableCell>
            <TableCell align="right" sx={{ width: 120 }}>
              {field('paid')}
            </TableCell>
            <TableCell sx={{ minWidth: 220 }}>{field('payments')}</TableCell>
            <TableCell sx={{ width: 150 }}>{field('paymentDate')}</TableCell>
            <TableCell sx={{ width: 190 }}>{field('trn')}</TableCell>
            <TableCell>{field('note')}</TableCell>
            {editable ? <TableCell sx={{ width: 40 }} /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((month, index) => {
            const source = record.months[index];
            const differs = cents(month.collected) !== cents(month.paid);
            const cellProblem = (name: string) => problem(`months.${index}.${name}`);
            return (
              <TableRow
                key={month.number}
                data-testid={`m21-month-${month.number}`}
                sx={differs ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08), '& > td:first-of-type': { borderLeft: 3, borderLeftColor: 'warning.main' } } : undefined}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {source.name}
                  {source.corrected ? (
                    <Tooltip
                      title={translate('filings.modello21.correctedHelp', { collected: formatEuros(source.prefill.collectedImport, locale), paid: formatEuros(source.prefill.paidImport, locale) })}
                    >
                      <EditNoteIcon fontSize="small" color="action" sx={{ verticalAlign: 'middle', ml: 0.5 }} aria-label={translate('filings.modello21.corrected')} />
                    </Tooltip>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <MonthReceipts month={source} />
                </TableCell>
                {editable ? (
                  <>
                    <TableCell>
                      <TextField
                        size="small"
                        value={month.collected}
                        onChange={(event) => onChange(index, { collected: event.target.value })}
                        error={!!cellProblem('collected')}
                        helperText={cellProblem('collected')}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${field('collected')} ${source.name}`, style: { textAlign: 'right' } } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={month.paid}
                        onChange={(event) => onChange(index, { paid: event.target.value })}
                        error={!!cellProblem('paid')}
                        helperText={cellProblem('paid')}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${field('paid')} ${source.name}`, style: { textAlign: 'right' } } }}
                      />
                    </TableCell>
                    <TableCell>
                      <MonthPayments month={source} />
                    </TableCell>
                    <TableCell>
                      <CalendarDateField
                        value={month.paymentDate}
                        onChange={(value) => onChange(index, { paymentDate: value })}
                        label={`${field('paymentDate')} ${source.name}`}
                        hideLabel
                        variant="filled"
                        sx={{ minWidth: 150 }}
                        error={!!cellProblem('paymentDate')}
                        helperText={cellProblem('paymentDate')}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={month.trn}
                        onChange={(event) => onChange(index, { trn: event.target.value })}
                        error={!!cellProblem('trn')}
                        helperText={cellProblem('trn')}
                        slotProps={{ htmlInput: { maxLength: 100, 'aria-label': `${field('trn')} ${source.name}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        fullWidth
                        value={month.note}
                        onChange={(event) => onChange(index, { note: event.target.value })}
                        error={!!cellProblem('note')}
                        helperText={cellProblem('note')}
                        placeholder={differs ? translate('filings.modello21.notePlaceholder') : undefined}
                        slotProps={{ htmlInput: { maxLength: 1000, 'aria-label': `${field('note')} ${source.name}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {source.corrected ? (
                        <Tooltip title={translate('filings.modello21.resetMonth')}>
                          <IconButton size="small" onClick={() => onReset(index)} aria-label={`${translate('filings.modello21.resetMonth')} ${source.name}`}>
                            <RestartAltIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </TableCell>
                  </>
                ) : (
                  <>
                    <TableCell align="right">{formatCents(cents(month.collected), locale)}</TableCell>
                    <TableCell align="right">{formatCents(cents(month.paid), locale)}</TableCell>
                    <TableCell>
                      <MonthPayments month={source} />
                    </TableCell>
                    <TableCell>{formatDate(month.paymentDate || null, locale) || '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{month.trn || '—'}</TableCell>
                    <TableCell>{month.note || '—'}</TableCell>
                  </>
                )}
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
            <TableCell>{translate('filings.modello21.total')}</TableCell>
            <TableCell>{record.receiptsCount}</TableCell>
            <TableCell align="right" data-testid="m21-total-collected">
              {formatCents(totals.collected, locale)}
            </TableCell>
            <TableCell align="right" data-testid="m21-total-paid">
              {formatCents(totals.paid, locale)}
            </TableCell>
            <TableCell colSpan={editable ? 5 : 4}>
              {translate('filings.modello21.dueLabel')}: <span data-testid="m21-due">{formatCents(totals.collected - totals.paid, locale)}</span>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
