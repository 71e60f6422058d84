import { degrees, rgb, type PDFPage } from 'pdf-lib';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { modello21Deadline } from '@app/domain/tourist-tax/filings/deadlines';
import { describeMonthPayments, modello21Carico, modello21Totals } from '@app/domain/tourist-tax/filings/modello21';
import { formatEurosIt } from '@app/domain/tourist-tax/money';
import { box, createPdf, fit, GREY, italianDate, LIGHT, line, text, textCenter, textRight, wrap, type TPdfKit, comuneTitle } from '../declarations/pdf-layout.ts';
import type { TModello21Row } from './modello21.ts';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
// N. | Periodo e voce | Ricevute | Importo riscosso | Estremi del versamento | Importo versato | Note
const COLUMNS = [
  { title: ['N.'], width: 30, align: 'center' },
  { title: ['Periodo e voce', 'della riscossione'], width: 118, align: 'left' },
  { title: ['Ricevute', '(dal n. al n., date)'], width: 100, align: 'left' },
  { title: ['Importo', 'riscosso'], width: 78, align: 'right' },
  { title: ['Estremi dei versamenti in tesoreria', '(TRN/CRO, data, reversale, quietanza)'], width: 218, align: 'left' },
  { title: ['Importo', 'versato'], width: 78, align: 'right' },
  { title: ['Note', '(differenze tra riscosso e versato)'], width: 148, align: 'left' },
] as const;
const ROW_HEIGHT = 22;
const ROWS_PER_PAGE = 12;

/** What the Modello 21 prints besides the model itself: the names of its comune and structure. */
export type TModello21PdfData = {
  row: TModello21Row;
  city: string;
  structure: { name: string; address: string | null; dateFrom: string | null; dateTo: string | null } | null;
  /** The structure's type and class, e.g. "Albergo – 3 stelle". */
  classification: string;
  /** A preview, watermarked "bozza". */
  draft: boolean;
};

/**
 * Modello 21 (conto della gestione dell'agente contabile, DPR 194/1996) for the tourist tax, in
 * Italian, A4 landscape: header with comune, year, agente contabile and structure; one row per month;
 * totals; number of rows and pages; signature date and box; the comune's blank "visto" box.
 * Runs as a document job; print-modello21.ts reads the data and refuses a final copy that does not reconcile.
 */
export async function renderModello21Pdf({ row, city, structure, classification, draft }: TModello21PdfData): Promise<Uint8Array> {
  const kit = await createPdf(`Modello 21 ${row.year} – ${structure?.name ?? ''}`);
  const months = row.months;
  const pages = Math.max(1, Math.ceil(months.length / ROWS_PER_PAGE));
  const totals = modello21Totals(months);
  for (let p = 0; p < pages; p++) {
    const page = kit.doc.addPage([PAGE.width, PAGE.height]);
    if (draft) drawWatermark(kit, page);
    let y = drawHeader(kit, page, row, {
      city,
      structure: structure?.name ?? '',
      address: structure?.address ?? '',
      classification,
      period: managementPeriod(row.year, structure?.dateFrom ?? null, structure?.dateTo ?? null),
    });
    y = drawTableHeader(kit, page, y);
    for (const m of months.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE)) {
      // Every payment of the month with its own date and references; a hand-corrected month prints what was typed.
      const payment =
        !m.corrected && m.prefill.payments.length > 0
          ? describeMonthPayments(m.prefill.payments, italianDate)
          : [m.trn, m.paymentDate ? `del ${italianDate(m.paymentDate)}` : ''].filter(Boolean).join(' ');
      y = drawRow(kit, page, y, [String(m.number), `${m.name} ${row.year} – IDS`, receiptsText(m), formatEurosIt(m.collectedCents), payment, formatEurosIt(m.paidCents), m.note ?? '']);
    }
    if (p === pages - 1) {
      y = drawRow(
        kit,
        page,
        y,
        [
          '',
          'TOTALE',
          String(totals.receiptsCount),
          formatEurosIt(totals.collectedCents),
          '',
          formatEurosIt(totals.paidCents),
          totals.dueCents === 0 ? '' : `Differenza: ${formatEurosIt(totals.dueCents)}`,
        ],
        true,
      );
      drawFooter(kit, page, y, row, months.length, pages);
    }
    textRight(page, kit.font, `Pagina ${p + 1} di ${pages}`, PAGE.width - MARGIN, 18, 7.5);
  }
  return kit.doc.save();
}

/** "dal n. 1 al n. 12 (03/01 – 30/01)", "n. 5 (19/10)" for a single receipt; the count alone for a hand-corrected month. */
function receiptsText(m: TModello21Row['months'][number]): string {
  const r = m.prefill.receipts;
  if (m.receiptsCount === 0) return '—';
  if (!r || m.corrected) return `n. ${m.receiptsCount}`;
  const day = (iso: string) => italianDate(iso).slice(0, 5);
  const dates = r.dateFrom && r.dateTo ? ` (${r.dateFrom === r.dateTo ? day(r.dateFrom) : `${day(r.dateFrom)} – ${day(r.dateTo)}`})` : '';
  return `${r.from === r.to ? `n. ${r.from}` : `dal n. ${r.from} al n. ${r.to}`}${dates}`;
}

/** The period of management within the year: the structure's own dates when it opened or closed during it. */
function managementPeriod(year: number, dateFrom: string | null, dateTo: string | null): string {
  const start = dateFrom && dateFrom > `${year}-01-01` ? dateFrom : `${year}-01-01`;
  const end = dateTo && dateTo < `${year}-12-31` ? dateTo : `${year}-12-31`;
  return `${italianDate(start)} – ${italianDate(end)}`;
}

function drawWatermark({ bold }: TPdfKit, page: PDFPage) {
  page.drawText('BOZZA', { x: PAGE.width / 2 - 190, y: PAGE.height / 2 - 90, size: 140, font: bold, color: rgb(0.85, 0.85, 0.85), rotate: degrees(20), opacity: 0.6 });
  text(page, bold, 'BOZZA – anteprima non valida come conto giudiziale', MARGIN, 18, 8, GREY);
}

function drawHeader({ font, bold }: TPdfKit, page: PDFPage, row: TModello21Row, names: { city: string; structure: string; address: string; classification: string; period: string }): number {
  const right = PAGE.width - MARGIN;
  let y = PAGE.height - MARGIN - 4;
  text(page, bold, comuneTitle(names.city).toUpperCase(), MARGIN, y, 12);
  textRight(page, bold, 'MODELLO N. 21', right, y, 11);
  y -= 12;
  textRight(page, font, '(art. 233 D.Lgs. 267/2000 – D.P.R. 194/1996)', right, y, 7.5);
  y -= 16;
  textCenter(page, bold, "CONTO DELLA GESTIONE DELL'AGENTE CONTABILE", PAGE.width / 2, y, 12);
  y -= 14;
  textCenter(page, font, `IMPOSTA DI SOGGIORNO – ESERCIZIO ${row.year}`, PAGE.width / 2, y, 10);
  y -= 20;
  const owner = [row.ownerSurname, row.ownerName].filter(Boolean).join(' ');
  // A company is the agente contabile through its legale rappresentante.
  const agent = row.ownerCompanyName ? `${row.ownerCompanyName} – ${row.ownerRole ?? 'legale rappresentante'} ${row.ownerLegalRepresentative ?? owner}`.trim() : owner;
  const leftFields: [string, string][] = [
    ['Agente contabile', agent],
    [row.ownerCompanyName ? 'Sede legale' : 'Sede / domicilio fiscale', row.ownerAddress ?? ''],
    ['Codice fiscale', row.ownerTaxCode ?? ''],
    ['Partita IVA', row.ownerVatNumber ?? ''],
  ];
  const rightFields: [string, string][] = [
    ['Struttura ricettiva', names.structure],
    ['Indirizzo', names.address],
    ['Tipologia / classificazione', names.classification],
    ['Periodo di gestione', names.period],
  ];
  const colWidth = (PAGE.width - 2 * MARGIN) / 2;
  box(page, MARGIN, y - 4 * 13 - 6, PAGE.width - 2 * MARGIN, 4 * 13 + 10);
  for (let i = 0; i < 4; i++) {
    const ly = y - 7 - i * 13;
    text(page, font, leftFields[i][0], MARGIN + 6, ly, 8, GREY);
    text(page, font, fit(font, leftFields[i][1], 9, colWidth - 130), MARGIN + 125, ly, 9);
    text(page, font, rightFields[i][0], MARGIN + colWidth + 6, ly, 8, GREY);
    text(page, font, fit(font, rightFields[i][1], 9, colWidth - 135), MARGIN + colWidth + 130, ly, 9);
  }
  return y - 4 * 13 - 16;
}

function drawTableHeader({ bold }: TPdfKit, page: PDFPage, y: number): number {
  const height = 28;
  let x = MARGIN;
  for (const col of COLUMNS) {
    box(page, x, y - height, col.width, height, LIGHT);
    col.title.forEach((t, i) => textCenter(page, bold, fit(bold, t, 7.5, col.width - 4), x + col.width / 2, y - 11 - i * 9, 7.5));
    x += col.width;
  }
  return y - height;
}

function drawRow({ font, bold }: TPdfKit, page: PDFPage, y: number, cells: string[], emphasis = false): number {
  const f = emphasis ? bold : font;
  let x = MARGIN;
  COLUMNS.forEach((col, i) => {
    box(page, x, y - ROW_HEIGHT, col.width, ROW_HEIGHT);
    const size = 8;
    // Long cells (several payments) wrap to three smaller lines.
    const wrapped = col.align === 'left' ? wrap(f, cells[i], size, col.width - 8) : [];
    const small = wrapped.length > 2;
    const lineSize = small ? 6.5 : size;
    const allLines = small ? wrap(f, cells[i], lineSize, col.width - 8) : wrapped;
    const lines = col.align === 'left' ? allLines.slice(0, 3) : [fit(f, cells[i], size, col.width - 8)];
    if (col.align === 'left' && allLines.length > 3) lines[2] = fit(f, `${lines[2]} …`, lineSize, col.width - 8);
    const step = small ? 6.8 : 9;
    const top = y - (lines.length === 1 ? 14 : lines.length === 2 ? 9.5 : 7);
    lines.forEach((l, k) => {
      const ly = top - k * step;
      if (col.align === 'right') textRight(page, f, l, x + col.width - 4, ly, size);
      else if (col.align === 'center') textCenter(page, f, l, x + col.width / 2, ly, size);
      else text(page, f, l, x + 4, ly, lineSize);
    });
    x += col.width;
  });
  return y - ROW_HEIGHT;
}

function drawFooter({ font, bold }: TPdfKit, page: PDFPage, y: number, row: TModello21Row, rows: number, pages: number) {
  const right = PAGE.width - MARGIN;
  y -= 14;
  text(page, font, `Il presente conto si compone di n. ${rows} righe e di n. ${pages} ${pages === 1 ? 'pagina' : 'pagine'}.`, MARGIN, y, 8.5);
  const c = modello21Carico(row.openingBalanceCents, row.months);
  textRight(
    page,
    bold,
    `Fondo iniziale ${formatEurosIt(c.openingBalanceCents)} – Carico ${formatEurosIt(c.caricoCents)} – Scarico ${formatEurosIt(c.scaricoCents)} – Rimanenza ${formatEurosIt(c.closingBalanceCents)}`,
    right,
    y,
    8.5,
  );
  if (row.notes) {
    y -= 12;
    text(page, font, fit(font, `Note: ${row.notes}`, 8, right - MARGIN), MARGIN, y, 8);
  }
  // Signature (left) and the comune's "visto" (right), both boxes; the visto is left blank.
  const boxTop = y - 10;
  const boxHeight = Math.max(48, Math.min(72, boxTop - 30));
  const bottom = boxTop - boxHeight;
  const half = (PAGE.width - 2 * MARGIN - 20) / 2;
  box(page, MARGIN, bottom, half, boxHeight);
  text(page, font, `Data: ${row.signatureDate ? italianDate(row.signatureDate) : '____/____/________'}`, MARGIN + 8, boxTop - 14, 9);
  text(page, font, `(termine di resa del conto: ${italianDate(modello21Deadline(row.year))})`, MARGIN + 120, boxTop - 14, 7.5, GREY);
  text(page, bold, "Firma dell'agente contabile", MARGIN + 8, boxTop - 28, 9);
  line(page, MARGIN + 160, bottom + 14, MARGIN + half - 12, bottom + 14, 0.4);
  // The name under the signature: the legale rappresentante of a company, else the agente contabile.
  const signer = row.ownerCompanyName
    ? [row.ownerLegalRepresentative, row.ownerRole ? `(${row.ownerRole})` : ''].filter(Boolean).join(' ')
    : [row.ownerName, row.ownerSurname].filter(Boolean).join(' ');
  textCenter(page, font, fit(font, signer, 8, half - 180), MARGIN + 160 + (half - 172) / 2, bottom + 5, 8);
  const vx = MARGIN + half + 20;
  box(page, vx, bottom, half, boxHeight);
  text(page, bold, 'VISTO DI REGOLARITÀ DEL COMUNE', vx + 8, boxTop - 14, 9);
  text(page, font, 'Il Responsabile del Servizio Finanziario', vx + 8, boxTop - 27, 8, GREY);
  if (row.status === 'validated' && row.validatedAt) {
    // The comune's validation, once given, in place of the blank date.
    text(page, bold, `Validato con n. ${row.validationNumber ?? '—'} del ${italianDate(italianDateOf(row.validatedAt))}`, vx + 8, bottom + 10, 9);
  } else {
    text(page, font, 'Data ____/____/________', vx + 8, bottom + 10, 8, GREY);
  }
  text(page, font, 'Firma e timbro', vx + half / 2 + 40, bottom + 24, 8, GREY);
  line(page, vx + half / 2 + 100, bottom + 24, vx + half - 12, bottom + 24, 0.4);
}
