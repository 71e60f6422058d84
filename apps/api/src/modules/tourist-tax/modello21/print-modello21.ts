import { eq } from 'drizzle-orm';
import { reconcileModello21 } from '@app/domain/tourist-tax/filings/modello21';
import { cities, structureClasses, structures, structureTypes } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import { todayInItaly } from '../declarations/filing-scope.ts';
import type { renderModello21Pdf } from './modello21-pdf.ts';
import type { TModello21Row } from './modello21.ts';

const modello21PdfJob = documentJob<typeof renderModello21Pdf>(import.meta.url, './modello21-pdf', 'renderModello21Pdf', { name: 'Modello 21 PDF' });

/**
 * The Modello 21 as a PDF, laid out in the document-job pool. Printing is refused until the model reconciles, as
 * vendor portals do; a draft preview prints whatever the model holds, watermarked "bozza".
 */
export async function printModello21Pdf(db: TDbOrTx, row: TModello21Row, options: { draft?: boolean } = {}): Promise<Uint8Array> {
  const { issues } = reconcileModello21(row, todayInItaly());
  if (issues.length > 0 && !options.draft) {
    throw new AppError('MODELLO21_NOT_RECONCILED', 'The Modello 21 can be printed once every month reconciles', { details: issues.map((i) => ({ path: i.path, message: i.message })) });
  }
  const [structure] = await db.select().from(structures).where(eq(structures.id, row.structureId));
  const [city] = await db.select().from(cities).where(eq(cities.id, row.cityId));
  const [type] = structure?.structureTypeId ? await db.select().from(structureTypes).where(eq(structureTypes.id, structure.structureTypeId)) : [];
  const [klass] = structure?.structureClassId ? await db.select().from(structureClasses).where(eq(structureClasses.id, structure.structureClassId)) : [];
  return runDocumentJob(modello21PdfJob, [
    {
      row,
      city: city?.name ?? '',
      structure: structure ? { name: structure.name, address: structure.address, dateFrom: structure.dateFrom, dateTo: structure.dateTo } : null,
      classification: [type?.name, klass?.name].filter(Boolean).join(' – '),
      draft: options.draft ?? false,
    },
  ]);
}
