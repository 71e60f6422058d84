import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { formatDate, formatEuros, translate, type TLanguage, type TMessageKey, type TParams } from '../../../i18n/translate.ts';
import type { TDeclarationRow } from './declarations.ts';
import { box, createPdf, fit, GREY, LIGHT, line, text, textRight, wrap, comuneTitle } from './pdf-layout.ts';

/** What the receipt prints besides the declaration: the structure, its comune and the declared period's name. */
export type TReceiptPdfData = {
  row: TDeclarationRow;
  city: string;
  structure: { name: string; address: string | null; taxCode: string | null; vatNumber: string | null; cin: string | null } | null;
  /** The structure's type and class, e.g. "Albergo – 3 stelle". */
  classification: string;
  periodName: string;
  /** The reader's language (the request's, else the profile's, else Italian). */
  language: TLanguage;
};

type TReceiptKey = TMessageKey extends infer K ? (K extends `declarationReceipt.${infer R}` ? R : never) : never;

/** The receipt of a submitted declaration (A4 portrait, in the reader's language), laid out as a document job (print-receipt.ts reads the data). */
export async function renderDeclarationReceipt({ row, city, structure, classification, periodName, language }: TReceiptPdfData): Promise<Uint8Array> {
  const t = (key: TReceiptKey, params?: TParams) => translate(language, `declarationReceipt.${key}`, params);
  const euros = (cents: number) => formatEuros(language, cents);
  const { doc, font, bold } = await createPdf(t('title', { code: row.code }), t('producer'));
  doc.setLanguage(language === 'en' ? 'en-GB' : 'it-IT');
  const page = doc.addPage([595.28, 841.89]);
  const left = 50;
  const right = 545;
  let y = 790;

  // Italian keeps the comune's own title ("Comune di …"); English names it a municipality.
  const title = language === 'it' ? comuneTitle(city) : t('comune', { name: city.trim().replace(/^comune\s+di\s+/i, '') });
  text(page, bold, title.toUpperCase(), left, y, 13);
  y -= 16;
  text(page, font, t('tax'), left, y, 10, GREY);
  y -= 30;
  text(page, bold, t('heading'), left, y, 12);
  y -= 16;
  text(page, font, t('protocol', { code: row.code, date: row.compilationDate, status: t(`status.${row.status}`) }), left, y, 9);
  y -= 26;

  const section = (title: string) => {
    box(page, left, y - 4, right - left, 16, LIGHT);
    text(page, bold, title, left + 6, y + 1, 9.5);
    y -= 22;
  };
  const field = (label: string, value: string) => {
    text(page, font, label, left + 6, y, 9, GREY);
    text(page, font, fit(font, value, 9, 330), left + 170, y, 9);
    y -= 15;
  };
  const date = (value: string | null) => (value ? formatDate(language, value) : '');

  section(t('structure'));
  field(t('name'), structure?.name ?? '');
  field(t('address'), structure?.address ?? '');
  field(t('classification'), classification);
  field(t('taxCodes'), [structure?.taxCode, structure?.vatNumber].filter(Boolean).join(' / '));
  field(t('cin'), structure?.cin ?? '');
  y -= 6;

  section(t('period'));
  field(t('periodLine'), t('periodValue', { name: periodName, from: row.dateFrom, to: row.dateTo }));
  field(t('submitBy'), date(row.submitBy));
  field(t('payBy'), date(row.payBy));
  field(t('kind'), t(row.noGuests ? 'kindNoGuests' : row.type === 'automatic' ? 'kindAutomatic' : 'kindManual'));
  y -= 6;

  section(t('summary'));
  const figures: [string, string, boolean?][] = [
    [t('stays'), String(row.numberOfStays)],
    [t('guests'), String(row.guestsNumber)],
    [t('nights'), String(row.nightsNumber)],
    [t('presences'), `${row.payingPresences} / ${row.reducedPresences} / ${row.exemptPresences}`],
    [t('tariff'), euros(row.tariffCents)],
    [t('reductions'), euros(row.reductionCents)],
    [t('total'), euros(row.totalAmountCents), true],
    [t('toPay'), euros(row.toPayAmountCents)],
    [t('unpaid', { count: row.rejectedPayments }), euros(row.unpaidAmountCents)],
  ];
  for (const [label, value, strong] of figures) {
    text(page, font, label, left + 6, y, 9, GREY);
    textRight(page, strong ? bold : font, value, right - 6, y, 9);
    y -= 15;
  }
  if (row.rejectedDetails.length > 0) {
    y -= 4;
    text(page, bold, t('unpaidStays'), left + 6, y, 9);
    y -= 14;
    for (const d of row.rejectedDetails.slice(0, 12)) {
      text(page, font, fit(font, `${d.guest ?? t('guest')}${d.checkOut ? ` – ${t('departure', { date: d.checkOut })}` : ''} – ${d.reason ?? t('noReason')}`, 8.5, 380), left + 12, y, 8.5);
      textRight(page, font, euros(d.amountCents), right - 6, y, 8.5);
      y -= 12;
    }
    if (row.rejectedDetails.length > 12) {
      text(page, font, t('more', { count: row.rejectedDetails.length - 12 }), left + 12, y, 8.5, GREY);
      y -= 12;
    }
  }
  y -= 8;

  section(t('payment'));
  field(t('beneficiary'), row.beneficiaryInstitution ?? '');
  field(t('iban'), row.iban ?? '');
  field(t('bank'), row.bank ?? '');
  field(t('amountToPay'), euros(row.toPayAmountCents));
  field(t('paid'), row.paymentDate ? `${date(row.paymentDate)} – ${row.trn ?? ''} – ${euros(row.paidAmountCents ?? 0)}` : t('notPaid'));

  if (row.notes) {
    y -= 6;
    section(t('notes'));
    for (const l of wrap(font, row.notes, 9, right - left - 12).slice(0, 6)) {
      text(page, font, l, left + 6, y, 9);
      y -= 13;
    }
  }

  line(page, left, 70, right, 70, 0.4);
  text(page, font, t('footer', { date: italianDateOf(new Date()) }), left, 58, 7.5, GREY);
  return doc.save();
}
