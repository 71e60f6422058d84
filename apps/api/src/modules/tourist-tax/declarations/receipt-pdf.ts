import { formatEurosIt } from '@app/domain/tourist-tax/money';
import type { TDeclarationRow } from './declarations.ts';
import { box, createPdf, fit, GREY, italianDate, LIGHT, line, text, textRight, wrap, comuneTitle } from './pdf-layout.ts';

const STATUS_IT = { draft: 'Bozza', submitted: 'Inviata', validated: 'Validata', returned: 'Rinviata al gestore' } as const;

/** What the receipt prints besides the declaration: the structure, its comune and the declared period's name. */
export type TReceiptPdfData = {
  row: TDeclarationRow;
  city: string;
  structure: { name: string; address: string | null; taxCode: string | null; vatNumber: string | null; cin: string | null } | null;
  /** The structure's type and class, e.g. "Albergo – 3 stelle". */
  classification: string;
  periodName: string;
};

/** The receipt of a submitted declaration (A4 portrait, Italian), laid out as a document job (print-receipt.ts reads the data). */
export async function renderDeclarationReceipt({ row, city, structure, classification, periodName }: TReceiptPdfData): Promise<Uint8Array> {
  const { doc, font, bold } = await createPdf(`Ricevuta dichiarazione ${row.code}`);
  const page = doc.addPage([595.28, 841.89]);
  const left = 50;
  const right = 545;
  let y = 790;

  text(page, bold, comuneTitle(city).toUpperCase(), left, y, 13);
  y -= 16;
  text(page, font, 'Imposta di soggiorno', left, y, 10, GREY);
  y -= 30;
  text(page, bold, 'RICEVUTA DI PRESENTAZIONE DELLA DICHIARAZIONE', left, y, 12);
  y -= 16;
  text(page, font, `Protocollo ${row.code}  –  presentata il ${italianDate(row.compilationDate)}  –  stato: ${STATUS_IT[row.status]}`, left, y, 9);
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

  section('Struttura ricettiva');
  field('Denominazione', structure?.name ?? '');
  field('Indirizzo', structure?.address ?? '');
  field('Tipologia / classificazione', classification);
  field('Codice fiscale / Partita IVA', [structure?.taxCode, structure?.vatNumber].filter(Boolean).join(' / '));
  field('CIN', structure?.cin ?? '');
  y -= 6;

  section('Periodo dichiarato');
  field('Periodo', `${periodName} (dal ${italianDate(row.dateFrom)} al ${italianDate(row.dateTo)})`);
  field('Termine di presentazione', italianDate(row.submitBy));
  field('Termine di versamento', italianDate(row.payBy));
  field('Tipo di dichiarazione', row.noGuests ? 'Nessun ospite nel periodo' : row.type === 'automatic' ? 'Automatica (dai soggiorni registrati)' : 'Manuale (totali inseriti dal gestore)');
  y -= 6;

  section('Riepilogo');
  const figures: [string, string][] = [
    ['Soggiorni', String(row.numberOfStays)],
    ['Ospiti', String(row.guestsNumber)],
    ['Notti', String(row.nightsNumber)],
    ['Presenze a tariffa piena / ridotte / esenti', `${row.payingPresences} / ${row.reducedPresences} / ${row.exemptPresences}`],
    ['Imposta da tariffa', formatEurosIt(row.tariffCents)],
    ['Riduzioni', formatEurosIt(row.reductionCents)],
    ['Imposta dovuta (totale)', formatEurosIt(row.totalAmountCents)],
    ['Imposta riscossa dagli ospiti (da versare)', formatEurosIt(row.toPayAmountCents)],
    [`Imposta non riscossa (${row.rejectedPayments} soggiorni)`, formatEurosIt(row.unpaidAmountCents)],
  ];
  for (const [label, value] of figures) {
    text(page, font, label, left + 6, y, 9, GREY);
    textRight(page, label.startsWith('Imposta dovuta') ? bold : font, value, right - 6, y, 9);
    y -= 15;
  }
  if (row.rejectedDetails.length > 0) {
    y -= 4;
    text(page, bold, "Soggiorni non pagati dall'ospite", left + 6, y, 9);
    y -= 14;
    for (const d of row.rejectedDetails.slice(0, 12)) {
      text(page, font, fit(font, `${d.guest ?? 'Ospite'}${d.checkOut ? ` – partenza ${italianDate(d.checkOut)}` : ''} – ${d.reason ?? 'motivo non indicato'}`, 8.5, 380), left + 12, y, 8.5);
      textRight(page, font, formatEurosIt(d.amountCents), right - 6, y, 8.5);
      y -= 12;
    }
    if (row.rejectedDetails.length > 12) {
      text(page, font, `… e altri ${row.rejectedDetails.length - 12}`, left + 12, y, 8.5, GREY);
      y -= 12;
    }
  }
  y -= 8;

  section('Versamento');
  field('Beneficiario', row.beneficiaryInstitution ?? '');
  field('IBAN', row.iban ?? '');
  field('Banca', row.bank ?? '');
  field('Importo da versare', formatEurosIt(row.toPayAmountCents));
  field('Versato il / TRN', row.paymentDate ? `${italianDate(row.paymentDate)} – ${row.trn ?? ''} – ${formatEurosIt(row.paidAmountCents ?? 0)}` : 'non ancora registrato');

  if (row.notes) {
    y -= 6;
    section('Note');
    for (const l of wrap(font, row.notes, 9, right - left - 12).slice(0, 6)) {
      text(page, font, l, left + 6, y, 9);
      y -= 13;
    }
  }

  line(page, left, 70, right, 70, 0.4);
  text(page, font, `Documento generato il ${italianDate(new Date().toISOString())} – la ricevuta attesta la presentazione, non la regolarità del versamento.`, left, 58, 7.5, GREY);
  return doc.save();
}
