import { eq } from 'drizzle-orm';
import { cities, declarationTemplates, structureClasses, structures, structureTypes } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../i18n/translate.ts';
import type { TDeclarationRow } from './declarations.ts';
import type { renderDeclarationReceipt } from './receipt-pdf.ts';

const receiptPdfJob = documentJob<typeof renderDeclarationReceipt>(import.meta.url, './receipt-pdf', 'renderDeclarationReceipt', { name: 'declaration receipt PDF' });

/** The receipt of a submitted declaration as a PDF in `language`: its data read here, laid out in the document-job pool. */
export async function printDeclarationReceipt(db: TDbOrTx, row: TDeclarationRow, language: TLanguage = DEFAULT_LANGUAGE): Promise<Uint8Array> {
  if (row.status === 'draft' || row.status === 'returned' || !row.submittedAt) {
    throw new AppError('NOT_SUBMITTED', 'The receipt exists once the declaration has been submitted');
  }
  const [structure] = await db.select().from(structures).where(eq(structures.id, row.structureId));
  const [city] = await db.select().from(cities).where(eq(cities.id, row.cityId));
  const [template] = await db.select().from(declarationTemplates).where(eq(declarationTemplates.id, row.declarationTemplateId));
  const [type] = structure?.structureTypeId ? await db.select().from(structureTypes).where(eq(structureTypes.id, structure.structureTypeId)) : [];
  const [klass] = structure?.structureClassId ? await db.select().from(structureClasses).where(eq(structureClasses.id, structure.structureClassId)) : [];
  return runDocumentJob(receiptPdfJob, [
    {
      row,
      city: city?.name ?? '',
      structure: structure ? { name: structure.name, address: structure.address, taxCode: structure.taxCode, vatNumber: structure.vatNumber, cin: structure.cin } : null,
      classification: [type?.name, klass?.name].filter(Boolean).join(' – '),
      periodName: template?.periodName ?? '',
      language,
    },
  ]);
}
