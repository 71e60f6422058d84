import { reachesAll } from '../../../lib/access.ts';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { computeStayTax } from '@app/domain/tourist-tax/engine';
import type { TStayTax } from '@app/domain/tourist-tax/types';
import type { stays, structures, TGuest, TInvoice } from '../../../db/schema/index.ts';
import { uploads } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TErrorDetail } from '../../../lib/errors.ts';
import type { TCityRules } from '../rules/city-rules.ts';
import { toCents } from '../registry/fields.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';

/** What a person states about a stay; everything else on the row is computed from it. */
export type TStayFacts = {
  structureId: string;
  checkIn: string;
  checkOut: string;
  componentsNumber: number;
  guest: TGuest;
  hasInvoice: boolean;
  invoice: TInvoice | null;
  paymentStatus: 'paid' | 'not_paid';
  noPaymentReason: string | null;
  attachments: string[];
  appliedExemptions: { exemptionId: string; count: number }[];
  appliedReductions: { reductionId: string; count: number }[];
  accommodationAmountCents: number | null;
  notes: string | null;
};

/** The facts of a saved stay overlaid with a (partial) API input. */
export function stayFactsFrom(input: Record<string, unknown>, existing?: typeof stays.$inferSelect): TStayFacts {
  const pick = <K extends keyof TStayFacts>(key: K, fallback: TStayFacts[K]): TStayFacts[K] =>
    (input[key] !== undefined ? input[key] : existing ? existing[key as keyof typeof existing] : fallback) as TStayFacts[K];
  return {
    structureId: pick('structureId', '' as string),
    checkIn: pick('checkIn', ''),
    checkOut: pick('checkOut', ''),
    componentsNumber: pick('componentsNumber', 1),
    guest: pick('guest', { name: '', surname: '' }),
    hasInvoice: pick('hasInvoice', false),
    invoice: pick('invoice', null) ?? null,
    paymentStatus: pick('paymentStatus', 'paid'),
    noPaymentReason: pick('noPaymentReason', null) ?? null,
    attachments: pick('attachments', []),
    appliedExemptions: pick('appliedExemptions', []),
    appliedReductions: pick('appliedReductions', []),
    accommodationAmountCents: input.accommodationAmount !== undefined ? toCents(input.accommodationAmount as number | null) : (existing?.accommodationAmountCents ?? null),
    notes: pick('notes', null) ?? null,
  };
}

/** Rules across fields that the field schemas cannot see; one detail per problem. */
export function stayFactsProblems(facts: TStayFacts): TErrorDetail[] {
  const details: TErrorDetail[] = [];
  if (facts.checkIn && facts.checkOut && facts.checkOut <= facts.checkIn) {
    details.push({ path: 'checkOut', message: 'validation.checkOutAfterCheckIn: must be after the check-in', value: facts.checkOut });
  }
  if (facts.paymentStatus === 'not_paid' && !facts.noPaymentReason?.trim()) {
    details.push({ path: 'noPaymentReason', message: 'validation.required: give the reason the guest did not pay' });
  }
  if (facts.hasInvoice && !facts.invoice) {
    details.push({ path: 'invoice', message: 'validation.required: invoice data are needed when hasInvoice is set' });
  }
  if (facts.hasInvoice && facts.invoice && !facts.invoice.taxCode && !facts.invoice.vatNumber) {
    details.push({ path: 'invoice.taxCode', message: 'validation.required: codice fiscale or partita IVA' });
  }
  return details;
}

/**
 * Attachments are upload ids. A non-admin may attach only uploads they made or that are already
 * linked to this stay (a co-manager's), so an upload id seen elsewhere cannot be pulled in.
 */
export async function attachmentProblems(tx: TDbOrTx, ctx: TSignedInContext, attachments: string[], stayId?: string): Promise<TErrorDetail[]> {
  const ids = [...new Set(attachments)];
  if (ids.length === 0) return [];
  const mine = reachesAll(ctx.actor, 'uploads', 'read')
    ? undefined
    : or(eq(uploads.ownerId, ctx.actor.id), stayId ? and(eq(uploads.linkedEntityType, 'stays'), eq(uploads.linkedEntityId, stayId)) : undefined);
  const found = new Set(
    (
      await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), mine))
    ).map((r) => r.id),
  );
  return ids.filter((id) => !found.has(id)).map((id) => ({ path: `attachments.${attachments.indexOf(id)}`, message: 'no such upload', value: id }));
}

/** Links the stay's not-yet-linked uploads to it, so the uploads module lets the stay's readers see them. */
export async function linkAttachments(tx: TDbOrTx, stayId: string, attachments: string[]) {
  if (attachments.length === 0) return;
  await tx
    .update(uploads)
    .set({ linkedEntityType: 'stays', linkedEntityId: stayId })
    .where(and(inArray(uploads.id, attachments), isNull(uploads.linkedEntityId)));
}

export function computeTaxOfFacts(facts: TStayFacts, structure: typeof structures.$inferSelect, rules: TCityRules): TStayTax {
  return computeStayTax({
    checkIn: facts.checkIn,
    checkOut: facts.checkOut,
    componentsNumber: facts.componentsNumber,
    accommodationAmountCents: facts.accommodationAmountCents,
    structure: {
      cityId: structure.cityId,
      structureTypeId: structure.structureTypeId,
      structureClassId: structure.structureClassId,
      relevantAreaId: structure.relevantAreaId,
    },
    tariffs: rules.tariffs,
    reductions: rules.reductions,
    exemptions: rules.exemptions,
    appliedExemptions: facts.appliedExemptions,
    appliedReductions: facts.appliedReductions,
  });
}

/** The row columns of a stay: the stated facts plus what the engine computed. */
export function stayColumns(facts: TStayFacts, structure: typeof structures.$inferSelect, tax: TStayTax) {
  return {
    ...facts,
    invoice: facts.hasInvoice ? facts.invoice : null,
    noPaymentReason: facts.paymentStatus === 'not_paid' ? facts.noPaymentReason : null,
    cityId: structure.cityId,
    nightsNumber: tax.nightsNumber,
    taxableNights: tax.taxableNights,
    exemptGuests: tax.exemptGuests,
    reducedGuests: tax.reducedGuests,
    payingGuests: tax.payingGuests,
    tariffIds: tax.tariffIds,
    reductionIds: tax.reductionIds,
    exemptionIds: tax.exemptionIds,
    tariffImportCents: tax.tariffImportCents,
    reductionImportCents: tax.reductionImportCents,
    toPayAmountCents: tax.toPayAmountCents,
    breakdown: { nights: tax.nights, categories: tax.categories },
  };
}
