import { eq } from 'drizzle-orm';
import { agencies, lots, orders } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TLanguage } from '../../../i18n/translate.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import type { renderFormPdf } from './form-pdf.ts';
import { formToRecord, type TFormRow } from './forms.ts';

const formPdfJob = documentJob<typeof renderFormPdf>(import.meta.url, './form-pdf', 'renderFormPdf', { name: 'waste form PDF' });

/** The form as a PDF in the reader's language: its data read here, laid out in the document-job pool (its texts are the users' own). */
export async function printFormPdf(db: TDbOrTx, row: TFormRow, language: TLanguage): Promise<Uint8Array> {
  const [order] = await db.select({ name: orders.name }).from(orders).where(eq(orders.id, row.orderId));
  const [lot] = await db.select({ name: lots.name, code: lots.code }).from(lots).where(eq(lots.id, row.lotId));
  const [agency] = await db.select({ name: agencies.businessName }).from(agencies).where(eq(agencies.id, row.targetAgencyId));
  return runDocumentJob(formPdfJob, [{ form: formToRecord(row), lot: lot ?? null, order: order ?? null, agency: agency ?? null, language }]);
}
