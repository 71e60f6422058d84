import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { isTaxRuleError } from '@app/domain/tourist-tax/errors';
import { declarations, stays, structures } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireAccess } from '../../../lib/access.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';
import { loadCityRules, type TCityRules } from '../rules/city-rules.ts';
import { computeTaxOfFacts, stayColumns, type TStayFacts } from './compute-stay.ts';
import { readStayImportFile, type TImportedStay, type TImportFormat, type TImportOptions, type TImportRowError } from './read-stay-import-file.ts';
import { structureForStay } from './stays.ts';

export type TImportResult = { created: number; skipped: number; total: number };

const INSERT_CHUNK = 500;

/** Exemption / reduction names as typed in a sheet, matched ignoring case, accents and spaces. */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Which column an engine error points at, in the file's own terms. */
function fieldOfTaxError(code: string, format: TImportFormat): string {
  const dates = format === 'alloggiati' ? 'arrivalDate' : 'checkIn';
  switch (code) {
    case 'NO_TARIFF_FOR_NIGHT':
    case 'AMBIGUOUS_TARIFF':
      return dates;
    case 'INVALID_DATES':
      return format === 'alloggiati' ? 'days' : 'checkOut';
    case 'TOO_MANY_EXEMPT_OR_REDUCED':
      return 'exemptCount';
    case 'MISSING_ACCOMMODATION_AMOUNT':
    case 'INVALID_ACCOMMODATION_AMOUNT':
      return 'accommodationAmount';
    default:
      return 'record';
  }
}

/** Resolves names to the comune's rules and prices the stay; a problem becomes a row error. */
function priceImportedStay(
  item: TImportedStay,
  structure: typeof structures.$inferSelect,
  rules: TCityRules,
  format: TImportFormat,
  errors: TImportRowError[],
): (ReturnType<typeof stayColumns> & { importFingerprint: string; source: string }) | null {
  const row = item.rows[0];
  const exemption = item.exemptionName ? rules.exemptions.find((e) => nameKey(e.name) === nameKey(item.exemptionName!)) : undefined;
  const reduction = item.reductionName ? rules.reductions.find((r) => nameKey(r.name) === nameKey(item.reductionName!)) : undefined;
  let ok = true;
  if (item.exemptionName && !exemption) {
    errors.push({ row, field: 'exemptionName', value: item.exemptionName, message: `Esenzione sconosciuta per questo comune; valori ammessi: ${rules.exemptions.map((e) => e.name).join(', ')}` });
    ok = false;
  }
  if (item.reductionName && !reduction) {
    errors.push({ row, field: 'reductionName', value: item.reductionName, message: `Riduzione sconosciuta per questo comune; valori ammessi: ${rules.reductions.map((r) => r.name).join(', ')}` });
    ok = false;
  }
  if (!ok) return null;
  const facts: TStayFacts = {
    structureId: structure.id,
    checkIn: item.checkIn,
    checkOut: item.checkOut,
    componentsNumber: item.componentsNumber,
    guest: item.guest,
    guests: item.guests ?? [],
    hasInvoice: false,
    invoice: null,
    paymentStatus: item.paymentStatus,
    noPaymentReason: item.noPaymentReason,
    attachments: [],
    appliedExemptions: exemption && item.exemptCount > 0 ? [{ exemptionId: exemption.id, count: item.exemptCount }] : [],
    appliedReductions: reduction && item.reducedCount > 0 ? [{ reductionId: reduction.id, count: item.reducedCount }] : [],
    accommodationAmountCents: item.accommodationAmountCents,
    nightlyPricesCents: null,
    notes: null,
  };
  try {
    const tax = computeTaxOfFacts(facts, structure, rules);
    return { ...stayColumns(facts, structure, tax), importFingerprint: item.fingerprint, source: format };
  } catch (error) {
    if (!isTaxRuleError(error)) throw error;
    const detail = error.details.map((d) => d.message).join('; ');
    errors.push({ row, field: fieldOfTaxError(error.code, format), value: error.date ?? '', message: `${error.code}: ${detail}` });
    return null;
  }
}

/**
 * Imports the stays of one structure from a file, all or nothing: the whole file is read and
 * checked first (format, every row, the comune's rules for every night) and every problem is
 * reported with its row, field and value; nothing is written unless all rows are valid. Then the
 * stays are inserted in one transaction. Each stay carries the fingerprint of its row(s), unique per
 * structure, so importing the same file again creates nothing new (`skipped` counts those).
 *
 * The request is synchronous: the web shows the upload progress and then waits for this answer
 * (20,000 rows take a few seconds).
 */
export async function importStays(ctx: TSignedInContext, input: { structureId: string; format: TImportFormat; bytes: Buffer; options?: TImportOptions }): Promise<TImportResult> {
  await requireAccess(ctx, 'stays', 'import');
  return ctx.db.transaction(async (tx) => {
    const structure = await structureForStay(tx, ctx, input.structureId);
    // One import per structure at a time: the fingerprint check below must see the other's rows.
    await tx.select({ id: structures.id }).from(structures).where(eq(structures.id, structure.id)).for('update');

    const { stays: items, errors } = await readStayImportFile(input.format, input.bytes, input.options);
    const rules = await loadCityRules(tx, structure.cityId);
    const priced = items.map((item) => priceImportedStay(item, structure, rules, input.format, errors));
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      const badRows = new Set(errors.map((e) => e.row)).size;
      throw new AppError('IMPORT_INVALID', `${badRows} righe non valide: nessun soggiorno è stato importato`, {
        details: errors.map((e) => ({ row: e.row, path: e.field, value: e.value, message: e.message })),
      });
    }

    const rows = priced.filter((p): p is NonNullable<typeof p> => p !== null);
    const fingerprints = [...new Set(rows.map((r) => r.importFingerprint))];
    const existing = new Set<string>();
    for (let i = 0; i < fingerprints.length; i += INSERT_CHUNK) {
      const found = await tx
        .select({ fingerprint: stays.importFingerprint })
        .from(stays)
        .where(and(eq(stays.structureId, structure.id), isNotNull(stays.importFingerprint), inArray(stays.importFingerprint, fingerprints.slice(i, i + INSERT_CHUNK))));
      for (const f of found) existing.add(f.fingerprint!);
    }
    const fresh: typeof rows = [];
    for (const row of rows) {
      if (existing.has(row.importFingerprint)) continue;
      existing.add(row.importFingerprint); // the same stay twice in one file is one stay
      fresh.push(row);
    }
    // Stays checking out in a period the structure has already declared would change filed figures.
    const declared = await tx
      .select({ dateFrom: declarations.dateFrom, dateTo: declarations.dateTo })
      .from(declarations)
      .where(and(eq(declarations.structureId, structure.id), inArray(declarations.status, ['submitted', 'validated'])));
    const closed = fresh.filter((r) => declared.some((d) => d.dateFrom <= String(r.checkOut) && String(r.checkOut) <= d.dateTo));
    if (closed.length) {
      throw new AppError('STAY_DECLARED', `${closed.length} soggiorni cadono in periodi già dichiarati: nessun soggiorno è stato importato`, {
        details: closed.map((r) => ({ path: 'checkOut', value: r.checkOut, message: 'period already declared' })),
      });
    }
    const now = new Date();
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      await tx.insert(stays).values(fresh.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, createdAt: now, updatedAt: now })));
    }
    const result = { created: fresh.length, skipped: rows.length - fresh.length, total: rows.length };
    await recordAudit(tx, ctx, { action: 'import', entityType: 'stays', entityId: structure.id, changes: { format: input.format, ...result } });
    return result;
  });
}
