import type { PDFPage } from 'pdf-lib';
import { eerDescription, findEerCode, formatEerCode } from '@app/domain/environmental/waste/eer';
import type { TRegisterMovement } from '@app/domain/environmental/waste/register';
import { box, createPdf, fit, italianDate, LIGHT, line, text, textRight, wrap } from '../../../../lib/pdf-layout.ts';
import { xlsxBuffer, type TXlsxColumn } from '../../../../lib/xlsx-write.ts';
import { enMessages } from '../../../../i18n/en.ts';
import { itMessages } from '../../../../i18n/it.ts';
import { translate, type TLanguage } from '../../../../i18n/translate.ts';
import type { TRegisterData } from './read-register.ts';

/*
 * The register's two documents, rendered in the document-job pool (print-register.ts): the rows hold the
 * users' own texts (parties' names, descriptions), so neither file is laid out on the request thread.
 * Italian by default, English when the reader reads English, like the other server documents.
 */

type TColumnKey = keyof typeof itMessages.form.register.col;

function textsOf(language: TLanguage) {
  const r = (language === 'en' ? enMessages : itMessages).form.register;
  const decimal = (value: string) => (language === 'en' ? value : value.replace('.', ','));
  const date = (value: string | null) => (value ? (language === 'en' ? value.split('-').reverse().join('/') : italianDate(value)) : '');
  const cells = (m: TRegisterMovement): Record<TColumnKey, string> => {
    const f = m.form;
    const entry = findEerCode(f.cer);
    const a = m.kind === 'unload' ? f.acceptance : null;
    return {
      number: m.label,
      date: date(m.date),
      kind: r.kindOf[m.kind],
      cause: m.cause,
      loadRef: m.loadLabel ?? '',
      eer: formatEerCode(f.cer, entry?.hazardous),
      eerText: f.cerDescription?.trim() || (entry ? eerDescription(entry, language) : ''),
      origin: f.origin,
      physical: f.physicalState,
      hazards: f.dangerClass.join(', '),
      quantity: decimal(f.quantity.value),
      unit: f.quantity.unit,
      operation: f.wasteDestination,
      fir: m.firNumber,
      firDate: date(m.firDate),
      transporter: m.kind === 'unload' ? f.transporterName : '',
      receiver: m.kind === 'unload' ? f.receiverName : '',
      outcome: a ? translate(language, `form.register.outcomeOf.${a.type}`, { quantity: a.acceptedQuantity ? `${decimal(a.acceptedQuantity)} ${f.quantity.unit}` : '' }) : '',
    };
  };
  const instant = (iso: string) => new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : 'it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
  return { r, cells, date, instant };
}

/** The head of the register, label and value, for the cover sheet and the PDF's first lines. */
function headLines(data: TRegisterData, language: TLanguage): [string, string][] {
  const { r, date, instant } = textsOf(language);
  const extract: [string, string][] = data.extract ? [['', r.extract]] : [];
  return [
    [r.site, data.site.number],
    [r.producer, data.site.producerName],
    [r.taxCode, data.site.producerTaxCode],
    [r.productionSite, data.site.productionSite ?? ''],
    [r.period, translate(language, 'form.register.periodValue', { from: date(data.period.from), to: date(data.period.to) })],
    [r.generatedAt, instant(data.generatedAt)],
    [r.source, r.sourceValue],
    ...extract,
    ['', r.notTransmitted],
  ];
}

const XLSX_WIDTHS: Record<TColumnKey, number> = {
  number: 14,
  date: 12,
  kind: 10,
  cause: 8,
  loadRef: 12,
  eer: 12,
  eerText: 40,
  origin: 10,
  physical: 10,
  hazards: 18,
  quantity: 14,
  unit: 7,
  operation: 10,
  fir: 18,
  firDate: 14,
  transporter: 26,
  receiver: 26,
  outcome: 22,
};

/** The xlsx's columns, in the register's order. */
const XLSX_COLUMNS: readonly TColumnKey[] = [
  'number',
  'date',
  'kind',
  'cause',
  'loadRef',
  'eer',
  'eerText',
  'origin',
  'physical',
  'hazards',
  'quantity',
  'unit',
  'operation',
  'fir',
  'firDate',
  'transporter',
  'receiver',
  'outcome',
];

/** The register as an xlsx workbook: the movements, then the cover (site, producer, period, how rows are made). */
export async function renderRegisterXlsx(data: TRegisterData, language: TLanguage): Promise<Uint8Array> {
  const { r, cells } = textsOf(language);
  const columns: TXlsxColumn[] = XLSX_COLUMNS.map((key) => ({ header: r.col[key], key, width: XLSX_WIDTHS[key], ...(key === 'quantity' ? { numFmt: '#,##0.0###' } : {}) }));
  const bytes = await xlsxBuffer([
    {
      sheetName: r.sheet,
      columns,
      writeRows: async (add) => {
        for (const m of data.movements) {
          const row = cells(m);
          // The quantity as a number cell (at most 14 significant digits: exact in a spreadsheet).
          add({ ...row, quantity: Number(m.form.quantity.value) });
        }
      },
    },
    {
      sheetName: r.coverSheet,
      columns: [
        { header: r.title, key: 'label', width: 34 },
        { header: '', key: 'value', width: 90 },
      ],
      writeRows: async (add) => {
        for (const [label, value] of headLines(data, language)) add({ label, value });
        add({ label: r.movements, value: String(data.movements.length) });
      },
    },
  ]);
  return new Uint8Array(bytes);
}

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 24;
const SIZE = 6.5;
const LINE_HEIGHT = 8;
/** The PDF's columns (the xlsx's, with transporter and receiver in one, to fit an A4 landscape page). */
const PDF_COLUMNS: { key: TColumnKey; width: number; right?: boolean }[] = [
  { key: 'number', width: 40 },
  { key: 'date', width: 40 },
  { key: 'kind', width: 34 },
  { key: 'cause', width: 26 },
  { key: 'loadRef', width: 36 },
  { key: 'eer', width: 38 },
  { key: 'eerText', width: 130 },
  { key: 'origin', width: 26 },
  { key: 'physical', width: 26 },
  { key: 'hazards', width: 46 },
  { key: 'quantity', width: 48, right: true },
  { key: 'unit', width: 18 },
  { key: 'operation', width: 30 },
  { key: 'fir', width: 62 },
  { key: 'firDate', width: 42 },
  { key: 'receiver', width: 96 },
  { key: 'outcome', width: 56 },
];

/** The register as a PDF, A4 landscape: the head, then one table row per movement, the header repeated on every page. */
export async function renderRegisterPdf(data: TRegisterData, language: TLanguage): Promise<Uint8Array> {
  const { r, cells } = textsOf(language);
  const kit = await createPdf(`${r.title} – ${data.site.number}`, r.subject);
  kit.doc.setLanguage(language === 'en' ? 'en-GB' : 'it-IT');
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = kit.doc.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - MARGIN;
    text(page, kit.bold, fit(kit.bold, `${r.title} – ${data.site.number}`, 11, PAGE.width - 2 * MARGIN - 80), MARGIN, y, 11);
    y -= 16;
  };
  const tableHeader = () => {
    const height = 2 * LINE_HEIGHT + 4;
    box(page, MARGIN, y - height + LINE_HEIGHT, PAGE.width - 2 * MARGIN, height, LIGHT);
    let x = MARGIN;
    for (const column of PDF_COLUMNS) {
      const label = column.key === 'receiver' ? `${r.col.transporter} → ${r.col.receiver}` : r.col[column.key];
      wrap(kit.bold, label, SIZE, column.width - 3)
        .slice(0, 2)
        .forEach((part, i) => text(page, kit.bold, part, x + 1.5, y - i * LINE_HEIGHT, SIZE));
      x += column.width;
    }
    y -= height + 2;
  };
  newPage();
  for (const [label, value] of headLines(data, language)) {
    const parts = wrap(kit.font, value, 8, PAGE.width - 2 * MARGIN - 170);
    if (label) text(page, kit.bold, label, MARGIN, y, 8);
    parts.forEach((part, i) => text(page, kit.font, part, MARGIN + (label ? 170 : 0), y - i * 10, 8));
    y -= parts.length * 10 + 2;
  }
  y -= 8;
  tableHeader();
  if (data.movements.length === 0) text(page, kit.font, r.none, MARGIN, y, 8);
  for (const m of data.movements) {
    const values = cells(m);
    values.receiver = [values.transporter, values.receiver].filter(Boolean).join(' → ');
    const wrapped = PDF_COLUMNS.map((column) => wrap(kit.font, values[column.key], SIZE, column.width - 3).slice(0, 4));
    const height = Math.max(...wrapped.map((w) => w.length)) * LINE_HEIGHT + 3;
    if (y - height < MARGIN + 12) {
      newPage();
      tableHeader();
    }
    let x = MARGIN;
    PDF_COLUMNS.forEach((column, c) => {
      wrapped[c].forEach((part, i) => {
        if (column.right) textRight(page, kit.font, part, x + column.width - 1.5, y - i * LINE_HEIGHT, SIZE);
        else text(page, kit.font, part, x + 1.5, y - i * LINE_HEIGHT, SIZE);
      });
      x += column.width;
    });
    line(page, MARGIN, y - height + LINE_HEIGHT - 1, PAGE.width - MARGIN, y - height + LINE_HEIGHT - 1, 0.3);
    y -= height;
  }
  pages.forEach((p, i) => textRight(p, kit.font, translate(language, 'form.register.page', { n: i + 1, total: pages.length }), PAGE.width - MARGIN, PAGE.height - MARGIN, 8));
  return kit.doc.save();
}
