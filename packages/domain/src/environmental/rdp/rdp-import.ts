/**
 * The RDP mass import: one spreadsheet row per analytic result, grouped into reports by laboratory
 * and report code. The report's own fields repeat on each row of the group (they must agree); the
 * analytic columns differ. The whole file is checked first: every problem of every row is reported
 * (row, field, value) and nothing is written unless there is none. Italian or English headers (the
 * template is written in the reader's language; English keys are accepted too); laboratory and agency by partita IVA or business name, lot by code, matrix and
 * analytic packages by code or name of a lab analysis setting (packages separated by ";").
 */
import { parseDecimal, parseAnalyticValue } from './limit-check.ts';
import { ZRdpCreate, type TRdpCreate } from './rdps.ts';
import { cellValue } from '../../platform/records/index.ts';

export type TRdpImportKey =
  | 'code'
  | 'laboratory'
  | 'lot'
  | 'wbs'
  | 'label'
  | 'matrix'
  | 'agency'
  | 'sampleManufacturer'
  | 'samplingAgency'
  | 'samplingMethod'
  | 'sampler'
  | 'sampleDate'
  | 'samplingReportCode'
  | 'lat'
  | 'long'
  | 'sampleLocation'
  | 'receivingDate'
  | 'analysisStartDate'
  | 'analysisEndDate'
  | 'producer'
  | 'cer'
  | 'analyticPackages'
  | 'activity'
  | 'description'
  | 'unit'
  | 'method'
  | 'lowerLimit'
  | 'upperLimit'
  | 'value';

export type TRdpImportColumn = { key: TRdpImportKey; header: string; required: boolean; perRow: boolean; help: string };

export const RDP_IMPORT_COLUMNS: readonly TRdpImportColumn[] = [
  { key: 'code', header: 'Codice RDP', required: true, perRow: false, help: 'Numero del rapporto di prova; le righe con lo stesso codice formano un RDP' },
  { key: 'laboratory', header: 'Laboratorio', required: true, perRow: false, help: 'Partita IVA o ragione sociale del laboratorio' },
  { key: 'lot', header: 'Lotto', required: false, perRow: false, help: 'Codice del lotto' },
  { key: 'wbs', header: 'WBS', required: false, perRow: false, help: '' },
  { key: 'label', header: 'Etichetta', required: false, perRow: false, help: 'Etichetta del campione' },
  { key: 'matrix', header: 'Matrice', required: false, perRow: false, help: 'Codice o nome di una matrice' },
  { key: 'agency', header: 'Impresa', required: false, perRow: false, help: "Partita IVA o ragione sociale dell'impresa del campione" },
  { key: 'sampleManufacturer', header: 'Produttore del campione', required: false, perRow: false, help: '' },
  { key: 'samplingAgency', header: 'Ente campionatore', required: false, perRow: false, help: '' },
  { key: 'samplingMethod', header: 'Metodo di campionamento', required: false, perRow: false, help: '' },
  { key: 'sampler', header: 'Campionatore', required: false, perRow: false, help: '' },
  { key: 'sampleDate', header: 'Data campionamento', required: false, perRow: false, help: 'gg/mm/aaaa' },
  { key: 'samplingReportCode', header: 'Verbale di campionamento', required: false, perRow: false, help: 'Codice del verbale' },
  { key: 'lat', header: 'Latitudine', required: false, perRow: false, help: 'Gradi decimali, es. 41,2567' },
  { key: 'long', header: 'Longitudine', required: false, perRow: false, help: 'Gradi decimali, es. 13,6064' },
  { key: 'sampleLocation', header: 'Luogo di campionamento', required: false, perRow: false, help: '' },
  { key: 'receivingDate', header: 'Data ricevimento', required: false, perRow: false, help: 'gg/mm/aaaa' },
  { key: 'analysisStartDate', header: 'Inizio analisi', required: false, perRow: false, help: 'gg/mm/aaaa' },
  { key: 'analysisEndDate', header: 'Fine analisi', required: false, perRow: false, help: 'gg/mm/aaaa' },
  { key: 'producer', header: 'Produttore', required: false, perRow: false, help: '' },
  { key: 'cer', header: 'Codice EER', required: false, perRow: false, help: '6 cifre, es. 17 05 04' },
  { key: 'analyticPackages', header: 'Pacchetti analitici', required: false, perRow: false, help: 'Codici o nomi separati da ;' },
  { key: 'activity', header: 'Parametro', required: true, perRow: true, help: 'Attività / parametro analizzato' },
  { key: 'description', header: 'Descrizione', required: false, perRow: true, help: '' },
  { key: 'unit', header: 'Unità di misura', required: false, perRow: true, help: '' },
  { key: 'method', header: 'Metodo di prova', required: false, perRow: true, help: '' },
  { key: 'lowerLimit', header: 'Limite inferiore', required: false, perRow: true, help: 'Numero; vuoto se non c’è' },
  { key: 'upperLimit', header: 'Limite superiore', required: false, perRow: true, help: 'Numero; vuoto se non c’è' },
  { key: 'value', header: 'Valore', required: false, perRow: true, help: 'Numero, oppure "< LOQ" / "< 0,01"' },
];

/** The columns as an English reader's template names and explains them; the import reads these headers too. */
export const RDP_IMPORT_COLUMNS_EN: Record<TRdpImportKey, { header: string; help: string }> = {
  code: { header: 'RDP code', help: 'Number of the test report; rows with the same code make one RDP' },
  laboratory: { header: 'Laboratory', help: 'VAT number or business name of the laboratory' },
  lot: { header: 'Lot', help: 'Code of the lot' },
  wbs: { header: 'WBS', help: '' },
  label: { header: 'Label', help: 'Label of the sample' },
  matrix: { header: 'Matrix', help: 'Code or name of a matrix' },
  agency: { header: 'Company', help: "VAT number or business name of the sample's company" },
  sampleManufacturer: { header: 'Sample producer', help: '' },
  samplingAgency: { header: 'Sampling body', help: '' },
  samplingMethod: { header: 'Sampling method', help: '' },
  sampler: { header: 'Sampler', help: '' },
  sampleDate: { header: 'Sampling date', help: 'dd/mm/yyyy' },
  samplingReportCode: { header: 'Sampling report', help: 'Code of the report' },
  lat: { header: 'Latitude', help: 'Decimal degrees, e.g. 41,2567' },
  long: { header: 'Longitude', help: 'Decimal degrees, e.g. 13,6064' },
  sampleLocation: { header: 'Sampling place', help: '' },
  receivingDate: { header: 'Date received', help: 'dd/mm/yyyy' },
  analysisStartDate: { header: 'Analysis start', help: 'dd/mm/yyyy' },
  analysisEndDate: { header: 'Analysis end', help: 'dd/mm/yyyy' },
  producer: { header: 'Producer', help: '' },
  cer: { header: 'EWC code', help: '6 digits, e.g. 17 05 04' },
  analyticPackages: { header: 'Analytic packages', help: 'Codes or names separated by ;' },
  activity: { header: 'Parameter', help: 'Activity / parameter analysed' },
  description: { header: 'Description', help: '' },
  unit: { header: 'Unit', help: '' },
  method: { header: 'Test method', help: '' },
  lowerLimit: { header: 'Lower limit', help: 'Number; empty when there is none' },
  upperLimit: { header: 'Upper limit', help: 'Number; empty when there is none' },
  value: { header: 'Value', help: 'Number, or "< LOQ" / "< 0,01"' },
};

/** A column's header and help in the reader's language (the template). */
export function rdpImportColumnText(column: TRdpImportColumn, language: 'it' | 'en'): { header: string; help: string } {
  return language === 'en' ? RDP_IMPORT_COLUMNS_EN[column.key] : column;
}

/** Rows read in one file; a 10,000-result import is the figure the product is measured on. */
export const MAX_RDP_IMPORT_ROWS = 20_000;

export type TRdpImportError = { row: number; field: TRdpImportKey | 'file'; header: string; value: string; message: string };

type TNamed = { id: string; code?: string | null; name?: string; vatNumber?: string; businessName?: string };
export type TRdpImportCatalogue = {
  laboratories: readonly { id: string; vatNumber: string; businessName: string }[];
  agencies: readonly { id: string; vatNumber: string; businessName: string }[];
  lots: readonly { id: string; code: string }[];
  matrices: readonly { id: string; code: string; name: string }[];
  analyticPackages: readonly { id: string; code: string; name: string }[];
};

export type TRdpImportGroup = { laboratoryId: string; code: string; rows: number[]; input: TRdpCreate };
export type TRdpImportResult = { ok: true; groups: TRdpImportGroup[] } | { ok: false; errors: TRdpImportError[] };

const COLUMN_BY_KEY = new Map(RDP_IMPORT_COLUMNS.map((c) => [c.key, c]));

function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[*\s]+/g, ' ')
    .trim()
    .toLowerCase();
}
const KEY_BY_HEADER = new Map<string, TRdpImportKey>(
  RDP_IMPORT_COLUMNS.flatMap((c) => [[normaliseText(c.header), c.key] as const, [normaliseText(RDP_IMPORT_COLUMNS_EN[c.key].header), c.key] as const, [normaliseText(c.key), c.key] as const]),
);

function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** gg/mm/aaaa, aaaa-mm-gg or a spreadsheet date -> YYYY-MM-DD; null when not a real date. */
export function parseImportDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const text = displayValue(value);
  let iso: string | null = null;
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (it) iso = `${it[3]}-${it[2].padStart(2, '0')}-${it[1].padStart(2, '0')}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = text;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

function lookup(entries: readonly TNamed[]) {
  const byText = new Map<string, string>();
  for (const e of entries) for (const text of [e.code, e.name, e.vatNumber, e.businessName]) if (text) byText.set(normaliseText(text), e.id);
  return byText;
}

const REPORT_KEYS = RDP_IMPORT_COLUMNS.filter((c) => !c.perRow).map((c) => c.key);

export function validateRdpImportRows(sheet: { headers: readonly unknown[]; rows: readonly { row: number; cells: readonly unknown[] }[] }, catalogue: TRdpImportCatalogue): TRdpImportResult {
  const errors: TRdpImportError[] = [];
  const columnOf = new Map<TRdpImportKey, number>();
  sheet.headers.forEach((header, index) => {
    const text = normaliseText(displayValue(cellValue(header)));
    const key = KEY_BY_HEADER.get(text) ?? KEY_BY_HEADER.get(text.replace(/\s*\(.*\)$/, '').trim());
    if (key && !columnOf.has(key)) columnOf.set(key, index);
  });
  for (const column of RDP_IMPORT_COLUMNS) {
    if (column.required && !columnOf.has(column.key)) errors.push({ row: 1, field: column.key, header: column.header, value: '', message: `Manca la colonna "${column.header}"` });
  }
  if (errors.length) return { ok: false, errors };

  const labs = lookup(catalogue.laboratories);
  const agencies = lookup(catalogue.agencies);
  const lots = lookup(catalogue.lots);
  const matrices = lookup(catalogue.matrices);
  const packages = lookup(catalogue.analyticPackages);

  type TGroupState = { group: TRdpImportGroup; first: number; report: Map<TRdpImportKey, string>; failed: boolean };
  const groups = new Map<string, TGroupState>();

  for (const { row, cells } of sheet.rows) {
    const values = new Map<TRdpImportKey, unknown>();
    for (const [key, index] of columnOf) {
      const value = cellValue(cells[index]);
      if (!(value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))) values.set(key, typeof value === 'string' ? value.trim() : value);
    }
    if (values.size === 0) continue;
    const rowErrors: TRdpImportError[] = [];
    const fail = (field: TRdpImportKey, message: string) => rowErrors.push({ row, field, header: COLUMN_BY_KEY.get(field)!.header, value: displayValue(values.get(field)), message });
    const text = (key: TRdpImportKey) => (values.has(key) ? displayValue(values.get(key)) : null);
    for (const column of RDP_IMPORT_COLUMNS) if (column.required && !values.has(column.key)) fail(column.key, `${column.header} è obbligatorio`);

    const resolve = (key: TRdpImportKey, byText: Map<string, string>, what: string) => {
      const t = text(key);
      if (t === null) return null;
      const id = byText.get(normaliseText(t));
      if (!id) fail(key, `${what} sconosciuto: ${t}`);
      return id ?? null;
    };
    const laboratoryId = resolve('laboratory', labs, 'Laboratorio');
    const agencyId = resolve('agency', agencies, 'Impresa');
    const lotId = resolve('lot', lots, 'Lotto');
    const matrixSettingId = resolve('matrix', matrices, 'Matrice');
    const packageIds: string[] = [];
    for (const name of (text('analyticPackages') ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const id = packages.get(normaliseText(name));
      if (!id) fail('analyticPackages', `Pacchetto analitico sconosciuto: ${name}`);
      else packageIds.push(id);
    }
    const date = (key: TRdpImportKey) => {
      if (!values.has(key)) return null;
      const iso = parseImportDate(values.get(key));
      if (!iso) fail(key, 'Data non valida: gg/mm/aaaa');
      return iso;
    };
    const number = (key: TRdpImportKey) => {
      if (!values.has(key)) return null;
      const raw = values.get(key);
      const n = typeof raw === 'number' ? raw : parseDecimal(displayValue(raw));
      if (n === null || !Number.isFinite(n)) fail(key, 'Numero non valido');
      return n;
    };
    const value = text('value');
    if (value !== null && parseAnalyticValue(typeof values.get('value') === 'number' ? values.get('value') : value).kind === 'invalid')
      fail('value', 'Valore non valido: un numero (12,5) oppure "< LOQ" / "< 0,01"');

    const rawValue = values.get('value');
    const input = {
      code: text('code') ?? '',
      laboratoryId: laboratoryId ?? '',
      lotId,
      wbs: text('wbs'),
      label: text('label'),
      matrixSettingId,
      agencyId,
      sampleManufacturer: text('sampleManufacturer'),
      samplingAgency: text('samplingAgency'),
      samplingMethod: text('samplingMethod'),
      sampler: text('sampler'),
      sampleDate: date('sampleDate'),
      samplingReportCode: text('samplingReportCode'),
      lat: number('lat'),
      long: number('long'),
      sampleLocation: text('sampleLocation'),
      receivingDate: date('receivingDate'),
      analysisStartDate: date('analysisStartDate'),
      analysisEndDate: date('analysisEndDate'),
      producer: text('producer'),
      cer: text('cer'),
      analyticPackageSettingIds: packageIds,
      analyticData: [
        {
          activity: text('activity') ?? '',
          description: text('description'),
          unit: text('unit'),
          method: text('method'),
          lowerLimit: number('lowerLimit'),
          upperLimit: number('upperLimit'),
          value: typeof rawValue === 'number' ? rawValue : value,
        },
      ],
    };
    // The schema's own rules (lengths, ranges, EER format, limits in order), on the fields not already reported.
    const parsed = ZRdpCreate.safeParse(input);
    if (!parsed.success) {
      const reported = new Set(rowErrors.map((e) => e.field));
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String);
        const named = path[0] === 'analyticData' ? path[2] : path[0] === 'analyticPackageSettingIds' ? 'analyticPackages' : path[0] === 'laboratoryId' ? 'laboratory' : path[0];
        const key = RDP_IMPORT_COLUMNS.find((column) => column.key === named)?.key ?? 'code';
        if (!reported.has(key)) {
          reported.add(key);
          fail(key, issue.message);
        }
      }
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    const key = `${laboratoryId}\u0000${input.code}`;
    const report = new Map(REPORT_KEYS.map((k) => [k, displayValue(values.get(k))]));
    const existing = groups.get(key);
    if (!existing) {
      const parsed = ZRdpCreate.parse(input);
      groups.set(key, { group: { laboratoryId: laboratoryId!, code: input.code, rows: [row], input: parsed }, first: row, report, failed: false });
      continue;
    }
    // The report's fields must agree with the first row of the same report.
    const mismatches = REPORT_KEYS.filter((k) => report.get(k) !== existing.report.get(k));
    if (mismatches.length) {
      for (const k of mismatches) fail(k, `Diverso dalla riga ${existing.first} dello stesso RDP (${existing.report.get(k) || 'vuoto'})`);
      errors.push(...rowErrors);
      continue;
    }
    existing.group.rows.push(row);
    existing.group.input.analyticData!.push(ZRdpCreate.parse(input).analyticData![0]);
  }
  if (errors.length) return { ok: false, errors };
  if (groups.size === 0) return { ok: false, errors: [{ row: 2, field: 'file', header: '', value: '', message: 'Il file non contiene righe' }] };
  return { ok: true, groups: [...groups.values()].map((g) => g.group) };
}
