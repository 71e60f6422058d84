import { and, eq, inArray, sql } from 'drizzle-orm';
import { contracts, settings } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import { lockCompany } from '../companies/company-tables.ts';
import { MAX_PRICE_LIST_BYTES } from './read-price-list-file.ts';

const UPSERT_CHUNK = 500;

/** A price list of 10,000 lines (the most a file takes) is read and checked in well under a second. */
const readPriceListJob = documentJob<typeof import('./read-price-list-file.ts').readPriceList>(import.meta.url, './read-price-list-file', 'readPriceList', {
  name: 'price list import',
  timeoutMs: 20_000,
});

export type TPriceListImportResult = { created: number; updated: number; total: number };

/** The active lab analysis settings a price list may name. */
async function priceListCatalogue(tx: TDbOrTx) {
  const rows = await tx
    .select({ id: settings.id, code: settings.code, name: settings.name, settingType: settings.settingType })
    .from(settings)
    .where(and(inArray(settings.settingType, ['matrix', 'analyticPackage']), eq(settings.isActive, true)));
  return {
    matrices: rows.filter((r) => r.settingType === 'matrix'),
    analyticPackages: rows.filter((r) => r.settingType === 'analyticPackage'),
  };
}

/**
 * Imports a laboratory's price list from xlsx, all or nothing. The whole sheet is read and checked
 * first; if any row is wrong, IMPORT_INVALID lists every problem (row, field, value) and nothing is
 * written. Otherwise each line is created, or updated when the laboratory already has that contract
 * code and article code; lines missing from the file are left as they are. Call it inside the
 * transaction that also records the audit entry: the laboratory row stays locked until it ends, so
 * two imports of one laboratory run one after the other. The file is read and checked in a document
 * job (read-price-list-file.ts), off the request thread, within PRICE_LIST_XLSX_LIMITS. `written`
 * hears of each contract written (for the live lists, told after the commit).
 */
export async function importPriceList(tx: TDbOrTx, laboratoryId: string, file: Buffer, written?: (id: string, kind: 'created' | 'updated') => void): Promise<TPriceListImportResult> {
  if (file.length > MAX_PRICE_LIST_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_PRICE_LIST_BYTES} bytes`, {
      params: { maxBytes: MAX_PRICE_LIST_BYTES },
      details: [{ path: 'file', message: `at most ${MAX_PRICE_LIST_BYTES} bytes` }],
    });
  }
  await lockCompany(tx, { kind: 'laboratory', id: laboratoryId });
  const catalogue = await priceListCatalogue(tx);
  // A copy that owns its memory moves to the worker (an upload's Buffer may share a pooled one).
  const bytes = new Uint8Array(file);
  const result = await runDocumentJob(readPriceListJob, [bytes, catalogue], [bytes.buffer]);
  if (!result.ok) {
    const errors = [...result.errors].sort((a, b) => a.row - b.row);
    const badRows = new Set(errors.map((e) => e.row)).size;
    throw new AppError('IMPORT_INVALID', `${badRows} righe non valide: il listino non è stato importato`, {
      params: { rows: badRows },
      details: errors.map((e) => ({ row: e.row, path: e.field, value: e.value, message: e.message })),
    });
  }
  let created = 0;
  const now = new Date();
  for (let i = 0; i < result.rows.length; i += UPSERT_CHUNK) {
    const chunk = result.rows.slice(i, i + UPSERT_CHUNK);
    const rows = await tx
      .insert(contracts)
      .values(chunk.map(({ row: _row, ...line }) => ({ ...line, laboratoryId, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [contracts.laboratoryId, contracts.code, contracts.articleCode],
        set: {
          articleName: sql`excluded.article_name`,
          packetCode: sql`excluded.packet_code`,
          matrixSettingId: sql`excluded.matrix_setting_id`,
          analyticPackageSettingId: sql`excluded.analytic_package_setting_id`,
          priceCents: sql`excluded.price_cents`,
          updatedAt: now,
        },
      })
      // xmax is 0 on a freshly inserted row version and non-zero on one written by the update.
      .returning({ id: contracts.id, inserted: sql<boolean>`(xmax = 0)` });
    created += rows.filter((w) => w.inserted).length;
    for (const row of rows) written?.(row.id, row.inserted ? 'created' : 'updated');
  }
  return { created, updated: result.rows.length - created, total: result.rows.length };
}
