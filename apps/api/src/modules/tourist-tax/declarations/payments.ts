import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { declarationPayments } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { toEuros } from '../registry/fields.ts';

export const ZPaymentRecord = z.object({
  _id: z.string(),
  createdAt: z.string(),
  declarationId: z.string(),
  paymentDate: z.string(),
  amount: z.number().describe('Euros'),
  trn: z.string().describe('Bank TRN / CRO, or the PagoPA notice code'),
  treasuryReference: z.string().nullable().describe("Reversale / ordinativo d'incasso number"),
  receiptNumber: z.string().nullable().describe('Quietanza number'),
  receiptUploadId: z.string().nullable(),
});

export type TPaymentRow = typeof declarationPayments.$inferSelect;

export function paymentToRecord(row: TPaymentRow): z.infer<typeof ZPaymentRecord> {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    declarationId: row.declarationId,
    paymentDate: row.paymentDate,
    amount: toEuros(row.amountCents),
    trn: row.trn,
    treasuryReference: row.treasuryReference,
    receiptNumber: row.receiptNumber,
    receiptUploadId: row.receiptUploadId,
  };
}

/** The payments of one declaration, oldest first (the caller has checked the declaration is in scope). */
export async function listDeclarationPayments(db: TDbOrTx, declarationId: string) {
  const rows = await db
    .select()
    .from(declarationPayments)
    .where(eq(declarationPayments.declarationId, declarationId))
    .orderBy(asc(declarationPayments.paymentDate), asc(declarationPayments.createdAt));
  return rows.map(paymentToRecord);
}
