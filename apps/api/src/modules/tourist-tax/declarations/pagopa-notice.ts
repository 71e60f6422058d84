import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { italianDateOf, italianHourOf } from '@app/domain/platform/time/italian-time';
import { PAGOPA_TOURIST_TAX_TAXONOMY, composePagopaNotice, pagopaQrPayload } from '@app/domain/tourist-tax/pagopa';
import { cities, declarationPayments, declarations, structures } from '../../../db/schema/index.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';

/** A transfer of a payment option, as in pagoPA GPD's TransferModel (pagopa/pagopa-api openapi/gpd.json). */
const ZGpdTransfer = z.object({
  idTransfer: z.enum(['1', '2', '3', '4', '5']),
  amount: z.number().int().describe('Cents'),
  organizationFiscalCode: z.string(),
  remittanceInformation: z.string(),
  category: z.string().describe('Taxonomy code of the income: 9/0101105IM/, the tourist tax of a comune'),
  iban: z.string().optional(),
  companyName: z.string().optional(),
});

/** The debt position as pagoPA GPD's PaymentPositionModel (POST /organizations/{fiscalCode}/debtpositions). */
const ZGpdPaymentPosition = z.object({
  iupd: z.string().describe('Unique id of the debt position at the creditor'),
  type: z.literal('G').describe('Debtor is a legal person (the structure)'),
  fiscalCode: z.string().describe("Debtor's tax code, ANONIMO when the structure has none"),
  fullName: z.string().describe("Debtor's name"),
  companyName: z.string().describe("Creditor's name"),
  switchToExpired: z.boolean(),
  paymentOption: z.array(
    z.object({
      iuv: z.string(),
      amount: z.number().int().describe('Cents'),
      dueDate: z.string().describe('ISO instant: end of the due date in Italy'),
      isPartialPayment: z.literal(false),
      description: z.string().max(140),
      transfer: z.array(ZGpdTransfer),
    }),
  ),
});

export const ZPagopaNotice = z.object({
  noticeNumber: z.string().describe('18 digits: aux digit 3, segregation code, IUV base, check digits'),
  iuv: z.string().describe('17 digits: the notice number without the aux digit'),
  creditorTaxCode: z.string().describe("The comune's 11-digit tax code"),
  amountCents: z.number().int().describe('What is still due: tax collected from guests minus payments recorded'),
  dueDate: z.string().describe('YYYY-MM-DD: the period payment deadline'),
  qrPayload: z.string().describe('PAGOPA|002|<notice number>|<creditor tax code>|<amount in cents>'),
  debtPosition: ZGpdPaymentPosition,
});

export type TPagopaNotice = z.infer<typeof ZPagopaNotice>;

/** 23:59:59 of a date in Italy, as an ISO UTC instant (GPD wants date-times). */
function endOfItalianDay(date: string): string {
  for (const offsetHours of [1, 2]) {
    const instant = new Date(`${date}T23:59:59.000Z`);
    instant.setUTCHours(instant.getUTCHours() - offsetHours);
    if (italianDateOf(instant) === date && italianHourOf(instant) === 23) return instant.toISOString();
  }
  return new Date(`${date}T22:59:59.000Z`).toISOString();
}

/**
 * The declaration's IUV progressive, assigned once. The IUV must never change for a declaration (the
 * hotelier may have paid with it) and never repeat within the comune (pagoPA identifies a payment by
 * creditor + IUV), so it is not derived from the id or the figures: the comune keeps a counter, and the
 * first request takes the next value under a lock on the comune row, which serialises concurrent first
 * requests; the unique index (city_id, pagopa_progressive) backs this up.
 */
async function assignProgressive(ctx: TSignedInContext, declarationId: string, cityId: string): Promise<number> {
  // inTransition: the declaration now shows its IUV; its list's watchers hear of it once committed.
  return inTransition(ctx.db, async ({ tx, changed }) => {
    const [city] = await tx.select({ last: cities.pagopaLastProgressive }).from(cities).where(eq(cities.id, cityId)).for('update');
    const [current] = await tx.select({ progressive: declarations.pagopaProgressive }).from(declarations).where(eq(declarations.id, declarationId)).for('update');
    if (current.progressive !== null) return current.progressive;
    const next = city.last + 1;
    await tx.update(cities).set({ pagopaLastProgressive: next }).where(eq(cities.id, cityId));
    await tx.update(declarations).set({ pagopaProgressive: next }).where(eq(declarations.id, declarationId));
    changed.push({ table: declarations, id: declarationId, kind: 'updated', by: ctx.actor });
    return next;
  });
}

/**
 * pagoPA notice data of a declaration: what is still due, with a stable notice number of the comune.
 * The caller has checked the declaration is readable (filing scope). 409 when nothing is due or the
 * comune lacks its tax code or segregation code.
 */
export async function readPagopaNotice(ctx: TSignedInContext, declarationId: string): Promise<TPagopaNotice> {
  const db = ctx.db;
  const [row] = await db
    .select({ declaration: declarations, city: cities, structure: { name: structures.name, taxCode: structures.taxCode, vatNumber: structures.vatNumber } })
    .from(declarations)
    .innerJoin(cities, eq(cities.id, declarations.cityId))
    .innerJoin(structures, eq(structures.id, declarations.structureId))
    .where(eq(declarations.id, declarationId));
  if (!row) throw new AppError('NOT_FOUND', 'Declaration not found');
  const { declaration, city, structure } = row;

  const payments = await db.select({ amountCents: declarationPayments.amountCents }).from(declarationPayments).where(eq(declarationPayments.declarationId, declarationId));
  const amountCents = declaration.toPayAmountCents - payments.reduce((sum, p) => sum + p.amountCents, 0);
  if (amountCents <= 0) {
    throw new AppError('PAGOPA_NOTHING_DUE', 'The declaration has nothing left to pay', {
      params: { toPayAmountCents: declaration.toPayAmountCents, paidCents: declaration.toPayAmountCents - amountCents },
    });
  }
  const missing = [city.fiscalCode ? null : 'fiscalCode', city.pagopaSegregationCode ? null : 'pagopaSegregationCode'].filter((f): f is string => f !== null);
  const creditorTaxCode = city.fiscalCode;
  const segregationCode = city.pagopaSegregationCode;
  if (!creditorTaxCode || !segregationCode) {
    throw new AppError('PAGOPA_NOT_CONFIGURED', `The comune has not set ${missing.join(' and ')}`, {
      params: { missing: missing.join(','), cityId: city.id },
      details: missing.map((path) => ({ path, message: 'validation.required: set it on the comune screen' })),
    });
  }

  const progressive = declaration.pagopaProgressive ?? (await assignProgressive(ctx, declaration.id, city.id));
  const { noticeNumber, iuv } = composePagopaNotice(segregationCode, progressive);
  const description = `Imposta di soggiorno ${declaration.dateFrom} - ${declaration.dateTo} ${structure.name}`.slice(0, 140);
  return {
    noticeNumber,
    iuv,
    creditorTaxCode,
    amountCents,
    dueDate: declaration.payBy,
    qrPayload: pagopaQrPayload(noticeNumber, creditorTaxCode, amountCents),
    debtPosition: {
      iupd: `${creditorTaxCode}-${iuv}`,
      type: 'G',
      // pagoPA accepts ANONIMO as the debtor's code when it is not known.
      fiscalCode: structure.taxCode ?? structure.vatNumber ?? 'ANONIMO',
      fullName: structure.name,
      companyName: city.name,
      switchToExpired: false,
      paymentOption: [
        {
          iuv,
          amount: amountCents,
          dueDate: endOfItalianDay(declaration.payBy),
          isPartialPayment: false,
          description,
          transfer: [
            {
              idTransfer: '1',
              amount: amountCents,
              organizationFiscalCode: creditorTaxCode,
              remittanceInformation: description,
              category: PAGOPA_TOURIST_TAX_TAXONOMY,
              ...(city.iban ? { iban: city.iban } : {}),
              companyName: city.name,
            },
          ],
        },
      ],
    },
  };
}
