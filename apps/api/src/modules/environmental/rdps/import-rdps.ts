import { and, eq, inArray } from 'drizzle-orm';
import { computeRdpPrice, RDP_IMPORT_COLUMNS, rdpImportColumnText, type TRdpImportError } from '@app/domain/environmental/rdp/index';
import { DEFAULT_LANGUAGE, translate, type TLanguage } from '../../../i18n/translate.ts';
import { agencies, contracts, laboratories, lots, rdps, settings } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TLiveChange } from '../../../lib/collection/live.ts';
import { xlsxBuffer } from '../../../lib/xlsx-write.ts';
import { recordAudit } from '../../platform/index.ts';
import { notifyConsortiumOfOutOfLimits } from './rdp-notifications.ts';
import { MAX_RDP_IMPORT_BYTES } from './read-rdp-import.ts';

export { MAX_RDP_IMPORT_BYTES };

/**
 * Reports per INSERT. Drizzle builds each statement on the request thread, about a millisecond per report with its
 * analytic rows under load: 200 at a time held every other request for up to 200 ms; 25 keep each under 30 ms.
 */
const INSERT_CHUNK = 25;

/**
 * Reading and checking a 20,000-row file takes a few seconds of CPU (most of it the row checks), on a shared
 * machine several times that: the limit is far above an honest file, and ends one that is not.
 */
const readRdpImportJob = documentJob<typeof import('./read-rdp-import.ts').readRdpImport>(import.meta.url, './read-rdp-import', 'readRdpImport', {
  name: 'RDP import',
  timeoutMs: 60_000,
});

export type TRdpImportSummary = { created: number; updated: number; unchanged: number; reports: number; rows: number; outOfLimits: number };

async function importCatalogue(tx: TTx) {
  // One after the other: the queries share the transaction's connection.
  const labs = await tx.select({ id: laboratories.id, vatNumber: laboratories.vatNumber, businessName: laboratories.businessName }).from(laboratories);
  const agencyRows = await tx.select({ id: agencies.id, vatNumber: agencies.vatNumber, businessName: agencies.businessName }).from(agencies);
  const lotRows = await tx.select({ id: lots.id, code: lots.code }).from(lots);
  const settingRows = await tx
    .select({ id: settings.id, code: settings.code, name: settings.name, settingType: settings.settingType })
    .from(settings)
    .where(and(inArray(settings.settingType, ['matrix', 'analyticPackage']), eq(settings.isActive, true)));
  return {
    laboratories: labs,
    agencies: agencyRows,
    lots: lotRows,
    matrices: settingRows.filter((s) => s.settingType === 'matrix').map((s) => ({ id: s.id, code: s.code ?? '', name: s.name })),
    analyticPackages: settingRows.filter((s) => s.settingType === 'analyticPackage').map((s) => ({ id: s.id, code: s.code ?? '', name: s.name })),
  };
}

function invalid(errors: TRdpImportError[]): AppError {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const badRows = new Set(sorted.map((e) => e.row)).size;
  return new AppError('IMPORT_INVALID', `${badRows} righe non valide: nessun RDP è stato importato`, {
    params: { rows: badRows },
    details: sorted.map((e) => ({ row: e.row, path: e.field, value: e.value, message: e.message })),
  });
}

/**
 * Imports test reports from xlsx, all or nothing, in the caller's transaction. The whole file is
 * checked first (columns, every row, reports already approved that the file would change); any problem
 * refuses the file with every bad row. A report is keyed by laboratory and code: re-importing the same
 * rows changes nothing (the hash of the report's rows is kept), changed rows update a report still in
 * processing. The consortium is notified of the new reports with values out of limits.
 *
 * The file is read and its rows checked in a document job (read-rdp-import.ts), within the bounds of
 * RDP_IMPORT_XLSX_LIMITS (else 400 IMPORT_TOO_LARGE), so no file, however crafted, holds this thread.
 */
export async function importRdps(tx: TTx, ctx: TSignedInContext, bytes: Buffer, changed?: TLiveChange[]): Promise<TRdpImportSummary> {
  if (bytes.length === 0) throw new AppError('IMPORT_UNREADABLE', 'The file is empty', { details: [{ path: 'file', message: 'The file is empty' }] });
  if (bytes.length > MAX_RDP_IMPORT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_RDP_IMPORT_BYTES} bytes`, {
      params: { maxBytes: MAX_RDP_IMPORT_BYTES },
      details: [{ path: 'file', message: `at most ${MAX_RDP_IMPORT_BYTES} bytes` }],
    });
  }
  const catalogue = await importCatalogue(tx);
  // A copy that owns its memory moves to the worker (an upload's Buffer may share a pooled one).
  const file = new Uint8Array(bytes);
  const result = await runDocumentJob(readRdpImportJob, [file, catalogue], [file.buffer]);
  if (!result.ok) throw invalid(result.errors);
  const { groups } = result;

  // Existing reports of the same laboratories and codes, locked until the end of the import.
  const existing = new Map<string, { id: string; status: string; importHash: string | null; outOfLimits: boolean }>();
  const labIds = [...new Set(groups.map((g) => g.group.laboratoryId))];
  const codes = [...new Set(groups.map((g) => g.group.code))];
  for (let i = 0; i < codes.length; i += 1000) {
    const found = await tx
      .select({ id: rdps.id, laboratoryId: rdps.laboratoryId, code: rdps.code, status: rdps.status, importHash: rdps.importHash, outOfLimits: rdps.outOfLimits })
      .from(rdps)
      .where(and(inArray(rdps.laboratoryId, labIds), inArray(rdps.code, codes.slice(i, i + 1000))))
      .for('update');
    for (const r of found) existing.set(`${r.laboratoryId}\u0000${r.code}`, r);
  }
  const locked: TRdpImportError[] = [];
  for (const { group, hash } of groups) {
    const current = existing.get(`${group.laboratoryId}\u0000${group.code}`);
    if (current && current.importHash !== hash && current.status !== 'processing') {
      locked.push({
        row: group.rows[0],
        field: 'code',
        header: 'Codice RDP',
        value: group.code,
        message: `L'RDP ${group.code} esiste già ed è oltre la bozza (${current.status}): non può essere cambiato dall'importazione`,
      });
    }
  }
  if (locked.length) throw invalid(locked);

  // Prices from the laboratories' price lists, read once.
  const priceList = await tx
    .select({
      id: contracts.id,
      laboratoryId: contracts.laboratoryId,
      analyticPackageSettingId: contracts.analyticPackageSettingId,
      matrixSettingId: contracts.matrixSettingId,
      priceCents: contracts.priceCents,
      code: contracts.code,
      articleCode: contracts.articleCode,
    })
    .from(contracts)
    .where(inArray(contracts.laboratoryId, labIds));
  const pricesByLaboratory = new Map<string, typeof priceList>();
  for (const price of priceList) {
    const prices = pricesByLaboratory.get(price.laboratoryId);
    if (prices) prices.push(price);
    else pricesByLaboratory.set(price.laboratoryId, [price]);
  }
  const valuesOf = ({ group, hash, analytic }: (typeof groups)[number]) => {
    const { analyticData: _rows, ...input } = group.input;
    const price = computeRdpPrice(input.analyticPackageSettingIds ?? [], input.matrixSettingId ?? null, pricesByLaboratory.get(group.laboratoryId) ?? []);
    return {
      ...input,
      analyticPackageSettingIds: [...new Set(input.analyticPackageSettingIds ?? [])],
      ...analytic,
      totalPriceCents: price.totalCents,
      unpricedPackageIds: price.unpriced,
      importHash: hash,
    };
  };

  const summary: TRdpImportSummary = { created: 0, updated: 0, unchanged: 0, reports: groups.length, rows: groups.reduce((n, g) => n + g.group.rows.length, 0), outOfLimits: 0 };
  const now = new Date();
  const toInsert: ReturnType<typeof valuesOf>[] = [];
  const newlyOut: { id: string; code: string; laboratoryId: string; outOfLimitsCount: number }[] = [];
  for (const entry of groups) {
    const { group, hash } = entry;
    const current = existing.get(`${group.laboratoryId}\u0000${group.code}`);
    if (current && current.importHash === hash) {
      summary.unchanged++;
      continue;
    }
    const values = valuesOf(entry);
    if (values.outOfLimits) summary.outOfLimits++;
    if (!current) {
      toInsert.push(values);
      continue;
    }
    const [saved] = await tx
      .update(rdps)
      .set({ ...values, updatedAt: now })
      .where(and(eq(rdps.id, current.id), eq(rdps.status, 'processing')))
      .returning({ id: rdps.id, code: rdps.code, laboratoryId: rdps.laboratoryId, outOfLimitsCount: rdps.outOfLimitsCount });
    summary.updated++;
    changed?.push({ table: rdps, id: saved.id, kind: 'updated', by: ctx.actor });
    if (values.outOfLimits && !current.outOfLimits) newlyOut.push(saved);
  }
  for (let i = 0; i < toInsert.length; i += INSERT_CHUNK) {
    const created = await tx
      .insert(rdps)
      .values(toInsert.slice(i, i + INSERT_CHUNK).map((v) => ({ ...v, createdById: ctx.actor.id, createdAt: now, updatedAt: now })))
      .returning({ id: rdps.id, code: rdps.code, laboratoryId: rdps.laboratoryId, outOfLimits: rdps.outOfLimits, outOfLimitsCount: rdps.outOfLimitsCount });
    summary.created += created.length;
    for (const { id } of created) changed?.push({ table: rdps, id, kind: 'created', by: ctx.actor });
    newlyOut.push(...created.filter((c) => c.outOfLimits));
  }
  await notifyConsortiumOfOutOfLimits(tx, newlyOut);
  await recordAudit(tx, ctx, { action: 'rdps.import', entityType: 'rdps', entityId: ctx.actor.id, changes: { ...summary } });
  return summary;
}

/**
 * The template: the import's headers (bold, frozen) with two example results of one report, and an instructions sheet
 * saying, column by column, whether it is required and how to fill it in; all in the reader's language (the import
 * reads Italian and English headers alike).
 */
export function rdpImportTemplate(language: TLanguage = DEFAULT_LANGUAGE): Promise<Buffer> {
  const t = (key: 'instructions' | 'column' | 'required' | 'notes' | 'yes' | 'perRow' | 'perReport') => translate(language, `rdpImportTemplate.${key}`);
  const columns = RDP_IMPORT_COLUMNS.map((c) => ({ ...c, ...rdpImportColumnText(c, language) }));
  const example = {
    code: 'RDP-2026-0001',
    laboratory: 'Laboratorio Analisi Ambientali Lazio S.r.l.',
    lot: 'L01',
    matrix: 'Terre e rocce da scavo',
    sampleDate: '02/11/2026',
    lat: 41.2567,
    long: 13.6064,
    cer: '17 05 04',
    analyticPackages: 'Metalli pesanti',
  };
  return xlsxBuffer([
    {
      sheetName: 'RDP',
      columns: columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(14, c.header.length + 4) })),
      writeRows: async (add) => {
        add({ ...example, activity: 'Piombo', unit: 'mg/kg', method: 'EPA 6010D', upperLimit: 100, value: '35,2' });
        add({ ...example, activity: 'Cadmio', unit: 'mg/kg', method: 'EPA 6010D', upperLimit: 2, value: '< LOQ' });
      },
    },
    {
      sheetName: t('instructions'),
      columns: [
        { header: t('column'), key: 'header', width: 28 },
        { header: t('required'), key: 'required', width: 14 },
        { header: t('notes'), key: 'help', width: 80 },
      ],
      writeRows: async (add) => {
        for (const c of columns) add({ header: c.header, required: c.required ? t('yes') : '', help: `${t(c.perRow ? 'perRow' : 'perReport')}${c.help}` });
      },
    },
  ]);
}
