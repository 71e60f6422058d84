import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canRecordPayment } from '@app/domain/tourist-tax/filings/declaration-flow';
import { buildDebtPosition, buildNoticeNumber, iuvBaseOf, isValidCreditorTaxCode, isValidSegregationCode, pagopaQrPayload, type TGpdDebtPosition } from '@app/domain/tourist-tax/pagopa';
import { cities, declarationPayments, declarations, pagopaNotices, structures, type TPagopaNoticeRow } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireGrant } from '../../../lib/access.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { comuneTitle } from '../../../lib/pdf-layout.ts';
import { todayInItaly } from '../declarations/filing-scope.ts';
import { structureChildScope } from '../registry/scope.ts';

const ZGpdTransfer = z.object({
  idTransfer: z.literal('1'),
  amount: z.number().int(),
  organizationFiscalCode: z.string(),
  remittanceInformation: z.string(),
  category: z.string().describe('9/<pagoPA taxonomy code>/: 0101105IM is the tourist tax'),
  iban: z.string().optional(),
});
export const ZDebtPosition = z
  .object({
    iupd: z.string(),
    type: z.enum(['F', 'G']),
    fiscalCode: z.string(),
    fullName: z.string(),
    streetName: z.string().optional(),
    companyName: z.string(),
    switchToExpired: z.boolean(),
    paymentOption: z.array(
      z.object({
        nav: z.string(),
        iuv: z.string(),
        amount: z.number().int().describe('Cents'),
        description: z.string(),
        isPartialPayment: z.boolean(),
        dueDate: z.string(),
        transfer: z.array(ZGpdTransfer),
      }),
    ),
  })
  .describe("pagoPA's GPD PaymentPositionModel (pagopa/pagopa-api openapi/gpd.json): produced for the comune's intermediary, not sent to pagoPA");

export const ZPagopaNotice = z.object({
  noticeNumber: z.string().describe('18 digits: aux digit 3, segregation code, IUV base, check digits (mod 93)'),
  iuv: z.string().describe('17 digits: the notice number without the aux digit'),
  creditorTaxCode: z.string().describe("The comune's codice fiscale"),
  amountCents: z.number().int().describe('What is still due: tax collected from guests minus the payments recorded'),
  dueDate: z.string().describe("The period's payment deadline (YYYY-MM-DD)"),
  qrPayload: z.string().describe('PAGOPA|002|<notice number>|<creditor tax code>|<amount in cents>'),
  debtPosition: ZDebtPosition,
  creditorName: z.string().optional(),
  debtorName: z.string().optional(),
  debtorTaxCode: z.string().nullable().optional(),
  declarationCode: z.string().nullable().optional(),
  periodFrom: z.string().optional(),
  periodTo: z.string().optional(),
  issuedAt: z.string().optional().describe('When the IUV was given to this declaration (it never changes afterwards)'),
});
export type TPagopaNotice = z.infer<typeof ZPagopaNotice>;

type TDeclarationRow = typeof declarations.$inferSelect;
type TCityRow = typeof cities.$inferSelect;

/** The declaration if the caller may read it (the pagoPA grant is the declaration's read grant), else 404. */
async function declarationInScope(db: TDbOrTx, ctx: TSignedInContext, id: string): Promise<TDeclarationRow> {
  const scope = structureChildScope(ctx, declarations.structureId, declarations.cityId);
  const [row] = await db
    .select()
    .from(declarations)
    .where(scope ? and(eq(declarations.id, id), scope) : eq(declarations.id, id));
  if (!row) throw notFound('Declaration');
  return row;
}

/** 409 PAGOPA_NOT_CONFIGURED naming each missing code of the comune. */
function creditorCodesOf(city: TCityRow): { fiscalCode: string; segregationCode: string } {
  const missing = [
    ...(isValidCreditorTaxCode(city.fiscalCode) ? [] : [{ path: 'fiscalCode', message: "the comune's codice fiscale (11 digits) is not set" }]),
    ...(isValidSegregationCode(city.pagopaSegregationCode) ? [] : [{ path: 'pagopaSegregationCode', message: "the comune's pagoPA segregation code (2 digits) is not set" }]),
  ];
  if (missing.length > 0) {
    throw new AppError('PAGOPA_NOT_CONFIGURED', `The comune lacks ${missing.map((m) => m.path).join(' and ')} for pagoPA notices`, { details: missing.map((m) => ({ ...m, value: null })) });
  }
  return { fiscalCode: city.fiscalCode!, segregationCode: city.pagopaSegregationCode! };
}

/**
 * The notice a declaration already has, or a new one: the comune's next sequence number of the year
 * (the comune's row is locked, so two first requests cannot take the same one) under the comune's
 * codes of today. Kept, so the IUV never changes between calls.
 */
async function noticeOf(db: TDbOrTx, row: TDeclarationRow, city: TCityRow, codes: { fiscalCode: string; segregationCode: string }, now: Date): Promise<TPagopaNoticeRow> {
  const [existing] = await db.select().from(pagopaNotices).where(eq(pagopaNotices.declarationId, row.id));
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, city.id)).for('update');
    const [again] = await tx.select().from(pagopaNotices).where(eq(pagopaNotices.declarationId, row.id));
    if (again) return again;
    const year = Number(todayInItaly(now).slice(0, 4));
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${pagopaNotices.sequence}), 0)::int` })
      .from(pagopaNotices)
      .where(and(eq(pagopaNotices.cityId, city.id), eq(pagopaNotices.year, year)));
    const sequence = last + 1;
    const { iuv, noticeNumber } = buildNoticeNumber(codes.segregationCode, iuvBaseOf(year, sequence));
    const [created] = await tx
      .insert(pagopaNotices)
      .values({ cityId: city.id, declarationId: row.id, year, sequence, segregationCode: codes.segregationCode, creditorTaxCode: codes.fiscalCode, iuv, noticeNumber })
      .returning();
    return created;
  });
}

/** What is still due on a declaration: the tax collected from guests minus the payments recorded. */
async function amountDueOf(db: TDbOrTx, row: TDeclarationRow): Promise<number> {
  const [{ paid }] = await db
    .select({ paid: sql<number>`coalesce(sum(${declarationPayments.amountCents}), 0)::int` })
    .from(declarationPayments)
    .where(eq(declarationPayments.declarationId, row.id));
  return row.toPayAmountCents - paid;
}

/**
 * The pagoPA notice of a declaration's amount due, for whoever reads the declaration. A declaration not
 * yet submitted has no frozen amount (409 NOT_SUBMITTED); nothing left to pay is 409 PAGOPA_NOTHING_DUE;
 * a comune without its codes is 409 PAGOPA_NOT_CONFIGURED. The IUV is issued at the first call and kept.
 */
export async function readDeclarationNotice(ctx: TSignedInContext, declarationId: string, now = new Date()): Promise<TPagopaNotice> {
  requireGrant(ctx.actor, 'declarations', 'pagopaNotice', 'Only who reads the declaration reads its pagoPA notice');
  const row = await declarationInScope(ctx.db, ctx, declarationId);
  if (!canRecordPayment(row.status))
    throw new AppError('NOT_SUBMITTED', 'The pagoPA notice exists once the declaration has been submitted', { details: [{ path: 'status', message: 'submitted or validated', value: row.status }] });
  const amountCents = await amountDueOf(ctx.db, row);
  if (amountCents <= 0) {
    throw new AppError('PAGOPA_NOTHING_DUE', 'The declaration has nothing left to pay', { details: [{ path: 'toPayAmount', message: 'nothing due', value: amountCents / 100 }] });
  }
  const [city] = await ctx.db.select().from(cities).where(eq(cities.id, row.cityId));
  if (!city) throw notFound('Comune');
  const notice = await noticeOf(ctx.db, row, city, creditorCodesOf(city), now);
  const [structure] = await ctx.db.select().from(structures).where(eq(structures.id, row.structureId));
  const creditorName = city.titledTo ?? comuneTitle(city.name);
  const description = `Imposta di soggiorno ${row.dateFrom} - ${row.dateTo}${row.code ? `, dichiarazione ${row.code}` : ''}`;
  const debtor = { taxCode: structure?.taxCode ?? null, vatNumber: structure?.vatNumber ?? null, name: structure?.name ?? '', address: structure?.address ?? null };
  const debtPosition: TGpdDebtPosition = buildDebtPosition({
    creditorTaxCode: notice.creditorTaxCode,
    creditorName,
    iban: city.iban,
    iuv: notice.iuv,
    noticeNumber: notice.noticeNumber,
    amountCents,
    dueDate: row.payBy,
    description,
    debtor,
  });
  return {
    noticeNumber: notice.noticeNumber,
    iuv: notice.iuv,
    creditorTaxCode: notice.creditorTaxCode,
    amountCents,
    dueDate: row.payBy,
    qrPayload: pagopaQrPayload(notice.noticeNumber, notice.creditorTaxCode, amountCents),
    debtPosition,
    creditorName,
    debtorName: debtor.name,
    debtorTaxCode: debtor.taxCode ?? debtor.vatNumber,
    declarationCode: row.code,
    periodFrom: row.dateFrom,
    periodTo: row.dateTo,
    issuedAt: notice.createdAt.toISOString(),
  };
}
