import { reachesAll } from '../../../lib/access.ts';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { computeStayTax, MAX_STAY_NIGHTS } from '@app/domain/tourist-tax/engine';
import type { TPartyKind } from '@app/domain/tourist-tax/alloggiati-requirements';
import type { TPreviousNight, TStayGuestFacts, TStayTax } from '@app/domain/tourist-tax/types';
import type { stays, structures, TGuest, TInvoice } from '../../../db/schema/index.ts';
import { stays as staysTable, uploads } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TErrorDetail } from '../../../lib/errors.ts';
import type { TCityRules } from '../rules/city-rules.ts';
import { toCents } from '../registry/fields.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { nightsOfStored, storedBreakdown } from './stored-breakdown.ts';

/** What a person states about a stay; everything else on the row is computed from it. */
export type TStayFacts = {
  structureId: string;
  checkIn: string;
  checkOut: string;
  componentsNumber: number;
  guest: TGuest;
  /** The other guests (the lead guest is `guest`). */
  guests: TGuest[];
  hasInvoice: boolean;
  invoice: TInvoice | null;
  paymentStatus: 'paid' | 'not_paid';
  noPaymentReason: string | null;
  attachments: string[];
  appliedExemptions: { exemptionId: string; count: number }[];
  appliedReductions: { reductionId: string; count: number }[];
  accommodationAmountCents: number | null;
  nightlyPricesCents: number[] | null;
  notes: string | null;
  /** For the questura's file only: family (default) or group; the tax does not depend on it. */
  partyKind?: TPartyKind | null;
};

/** The facts of a saved stay overlaid with a (partial) API input. */
export function stayFactsFrom(input: Record<string, unknown>, existing?: typeof stays.$inferSelect): TStayFacts {
  const pick = <K extends keyof TStayFacts>(key: K, fallback: TStayFacts[K]): TStayFacts[K] =>
    (input[key] !== undefined ? input[key] : existing ? existing[key as keyof typeof existing] : fallback) as TStayFacts[K];
  return {
    structureId: pick('structureId', ''),
    checkIn: pick('checkIn', ''),
    checkOut: pick('checkOut', ''),
    componentsNumber: pick('componentsNumber', 1),
    guest: pick('guest', { name: '', surname: '' }),
    guests: pick('guests', []),
    hasInvoice: pick('hasInvoice', false),
    invoice: pick('invoice', null) ?? null,
    paymentStatus: pick('paymentStatus', 'paid'),
    noPaymentReason: pick('noPaymentReason', null) ?? null,
    attachments: pick('attachments', []),
    appliedExemptions: pick('appliedExemptions', []),
    appliedReductions: pick('appliedReductions', []),
    accommodationAmountCents: input.accommodationAmount !== undefined ? toCents(input.accommodationAmount as number | null) : (existing?.accommodationAmountCents ?? null),
    nightlyPricesCents: input.nightlyPrices !== undefined ? ((input.nightlyPrices as number[] | null)?.map((euros) => toCents(euros)) ?? null) : (existing?.nightlyPricesCents ?? null),
    notes: pick('notes', null) ?? null,
    partyKind: pick('partyKind', null) ?? null,
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

/** The guests as the engine sees them: the lead guest first (when the input has one), then the others. */
export function engineGuests(facts: Pick<TStayFacts, 'guest' | 'guests'>): TStayGuestFacts[] {
  const lead = facts.guest && (facts.guest.name || facts.guest.surname || facts.guest.birthDate) ? [facts.guest] : [];
  return [...lead, ...facts.guests].map((g) => ({ name: g.name, surname: g.surname, birthDate: g.birthDate ?? null, resident: g.resident ?? null, tourLeader: g.tourLeader ?? null }));
}

export function computeTaxOfFacts(facts: TStayFacts, structure: typeof structures.$inferSelect, rules: TCityRules, previousNights: TPreviousNight[] = []): TStayTax {
  return computeStayTax({
    checkIn: facts.checkIn,
    checkOut: facts.checkOut,
    componentsNumber: facts.componentsNumber,
    accommodationAmountCents: facts.accommodationAmountCents,
    nightlyPricesCents: facts.nightlyPricesCents,
    structure: {
      cityId: structure.cityId,
      structureTypeId: structure.structureTypeId,
      structureClassId: structure.structureClassId,
      relevantAreaId: structure.relevantAreaId,
    },
    tariffs: rules.tariffs,
    reductions: rules.reductions,
    exemptions: rules.exemptions,
    capMode: rules.capMode,
    appliedExemptions: facts.appliedExemptions,
    appliedReductions: facts.appliedReductions,
    guests: engineGuests(facts),
    previousNights,
  });
}

/** Same person: the codice fiscale when both have one, else name, surname and birth date (case and spaces ignored). */
function sameGuest(a: TGuest, b: TGuest): boolean {
  if (a.taxCode && b.taxCode) return a.taxCode === b.taxCode;
  const key = (g: TGuest) => [g.name, g.surname, g.birthDate ?? ''].map((v) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase()).join('|');
  return key(a) === key(b);
}

/**
 * The nights of the earlier stays that this one extends: stays of the same lead guest in the same
 * structure, each checking out on the day the next one checks in, oldest first. The cap on taxable
 * nights counts them, so an extension filed as a new stay does not restart the count.
 */
export async function previousNightsOf(tx: TDbOrTx, facts: Pick<TStayFacts, 'structureId' | 'checkIn' | 'guest'>, stayId?: string): Promise<TPreviousNight[]> {
  const chain: TPreviousNight[][] = [];
  let checkIn = facts.checkIn;
  let total = 0;
  while (total <= MAX_STAY_NIGHTS) {
    const candidates = await tx
      .select({ id: staysTable.id, checkIn: staysTable.checkIn, guest: staysTable.guest, breakdown: staysTable.breakdown })
      .from(staysTable)
      .where(and(eq(staysTable.structureId, facts.structureId), eq(staysTable.checkOut, checkIn), stayId ? ne(staysTable.id, stayId) : undefined));
    const previous = candidates.find((c) => sameGuest(c.guest, facts.guest));
    if (!previous?.breakdown) break;
    const nights = nightsOfStored(previous.breakdown.nights).map((n) => ({ tariffId: n.tariffId, taxable: n.taxable }));
    chain.unshift(nights);
    total += nights.length;
    checkIn = previous.checkIn;
  }
  return chain.flat();
}

/** The row columns of a stay: the stated facts plus what the engine computed. */
export function stayColumns(facts: TStayFacts, structure: typeof structures.$inferSelect, tax: TStayTax) {
  // Every property spelled out (no spread of the facts): an import builds 100,000 of these, and a
  // literal of fixed shape is several times cheaper to build and to serialise.
  return {
    structureId: facts.structureId,
    checkIn: facts.checkIn,
    checkOut: facts.checkOut,
    componentsNumber: facts.componentsNumber,
    guest: facts.guest,
    guests: facts.guests,
    hasInvoice: facts.hasInvoice,
    invoice: facts.hasInvoice ? facts.invoice : null,
    paymentStatus: facts.paymentStatus,
    noPaymentReason: facts.paymentStatus === 'not_paid' ? facts.noPaymentReason : null,
    attachments: facts.attachments,
    appliedExemptions: facts.appliedExemptions,
    appliedReductions: facts.appliedReductions,
    accommodationAmountCents: facts.accommodationAmountCents,
    nightlyPricesCents: facts.nightlyPricesCents,
    notes: facts.notes,
    partyKind: facts.partyKind ?? null,
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
    breakdown: storedBreakdown(tax),
    payingPresences: tax.presences.paying,
    reducedPresences: tax.presences.reduced,
    exemptPresences: tax.presences.exempt,
    beyondCapPresences: tax.presences.beyondCap,
  };
}
