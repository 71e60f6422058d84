import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAgeOn, TCapMode, TExemptionCondition, TStayCategory, TStayGuestLine, TStayNight } from '@app/domain/tourist-tax/types';
import type { TPartyKind } from '@app/domain/tourist-tax/alloggiati-requirements';
import { recordColumns, timestamptz } from '../columns.ts';

/**
 * Tourist tax (imposta di soggiorno). A comune (`cities`) is a tenant: every rule and registry row
 * carries its `cityId`. Money is integer cents (`...Cents`), percentages are basis points
 * (`...BasisPoints`, 1% = 100), dates are 'YYYY-MM-DD'.
 */

export type TGuest = {
  name: string;
  surname: string;
  taxCode?: string | null;
  sex?: 'M' | 'F' | null;
  birthDate?: string | null;
  birthCountry?: string | null;
  birthPlace?: string | null;
  birthProvince?: string | null;
  citizenship?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
  address?: string | null;
  postalCode?: string | null;
  email?: string | null;
  phone?: string | null;
  documentType?: string | null;
  documentNumber?: string | null;
  /** Where the document was issued: an Alloggiati Web place code (comune or state), or its name. */
  documentIssuePlace?: string | null;
  /** Resident of the structure's comune (the comune's resident exemption applies). */
  resident?: boolean | null;
  /** Tour leader of a group (the comune's tour-leader exemption applies). */
  tourLeader?: boolean | null;
};

export type TInvoice = {
  name: string;
  taxCode?: string | null;
  vatNumber?: string | null;
  address?: string | null;
  cap?: string | null;
  city?: string | null;
  officeCity?: string | null;
  country?: string | null;
  email?: string | null;
  emailPec?: string | null;
  phone?: string | null;
  fax?: string | null;
};

/**
 * A night of a stored breakdown: with `count`, that many consecutive nights from `date` priced alike
 * (modules/tourist-tax/stays/stored-breakdown.ts writes and reads the runs).
 */
export type TStoredNight = TStayNight & { count?: number };

/** What the engine computed on the last save, for the detail page (per night and per guest category). */
export type TStoredBreakdown = { nights: TStoredNight[]; categories: TStayCategory[]; guestLines?: TStayGuestLine[] };

export const cities = pgTable(
  'cities',
  {
    ...recordColumns,
    name: text().notNull(),
    /** ISTAT code of the comune, 6 digits (3 province + 3 comune), e.g. 059009 for Gaeta. */
    istatCode: text(),
    province: text(),
    location: text(),
    logo: uuid(),
    isActive: boolean().notNull().default(true),
    notes: text(),
    referentTributes: text(),
    iban: text(),
    ccp: text(),
    bank: text(),
    titledTo: text(),
    phone: text(),
    contactEmail: text(),
    fax: text(),
    emailPec: text(),
    accountName: text(),
    accountSurname: text(),
    accountEmail: text(),
    /** Whether hoteliers must render the Modello 21 (contested after DL 34/2020: a per-comune choice). */
    modello21Required: boolean().notNull().default(true),
    /** How the cap on taxable nights is counted: 'stay' (nights of any season) or 'season' (per tariff). */
    taxCapMode: text().$type<TCapMode>().notNull().default('stay'),
    /** The comune's 11-digit tax code: the creditor of its pagoPA notices. */
    fiscalCode: text(),
    /** The 2-digit segregation code PagoPA S.p.A. gave the comune for this product (aux digit 3). */
    pagopaSegregationCode: text(),
    /** Last IUV progressive handed out to a declaration of this comune (see assign-notice-number.ts). */
    pagopaLastProgressive: integer().notNull().default(0),
  },
  (t) => [index('cities_name_idx').on(t.name), uniqueIndex('cities_istat_unique').on(t.istatCode)],
);

const cityRegistry = (name: string) =>
  pgTable(
    name,
    {
      ...recordColumns,
      cityId: uuid().notNull(),
      name: text().notNull(),
      note: text(),
    },
    (t) => [index(`${name}_city_idx`).on(t.cityId)],
  );

export const structureTypes = cityRegistry('structure_types');
export const structureClasses = cityRegistry('structure_classes');
export const relevantAreas = cityRegistry('relevant_areas');

export const structures = pgTable(
  'structures',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    name: text().notNull(),
    address: text(),
    taxCode: text(),
    vatNumber: text(),
    cin: text(),
    atecoCode: text(),
    structureTypeId: uuid(),
    structureClassId: uuid(),
    relevantAreaId: uuid(),
    /** Hoteliers (role user) who manage this structure. */
    userIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    dateFrom: date({ mode: 'string' }),
    dateTo: date({ mode: 'string' }),
    availableSlots: integer(),
    url: text(),
    isActive: boolean().notNull().default(true),
    phone: text(),
    email: text(),
    contactEmail: text(),
    fax: text(),
    emailPec: text(),
    /** Non-blocking findings of the last save (e.g. CIN comune code differs from the comune's ISTAT code). */
    warnings: jsonb().$type<{ path: string; message: string }[]>().notNull().default([]),
  },
  (t) => [index('structures_city_idx').on(t.cityId), index('structures_user_ids_idx').using('gin', t.userIds), index('structures_name_idx').on(t.name)],
);

export const tariffs = pgTable(
  'tariffs',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    name: text().notNull(),
    note: text(),
    type: text().$type<'flat' | 'percentage'>().notNull().default('flat'),
    structureTypeId: uuid(),
    structureClassId: uuid(),
    relevantAreaId: uuid(),
    nightlyPriceCents: integer().notNull().default(0),
    percentageBasisPoints: integer().notNull().default(0),
    maxNights: integer(),
    /** percentage tariffs: at most this per person per night; null = no maximum. */
    maxPerPersonNightCents: integer(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
  },
  (t) => [index('tariffs_city_idx').on(t.cityId, t.validFrom)],
);

export const reductions = pgTable(
  'reductions',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    name: text().notNull(),
    note: text(),
    reductionType: text().$type<'flat' | 'percentage'>().notNull().default('percentage'),
    structureTypeId: uuid(),
    structureClassId: uuid(),
    relevantAreaId: uuid(),
    amountCents: integer().notNull().default(0),
    percentageBasisPoints: integer().notNull().default(0),
    maxNights: integer(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    /** Age range (completed years, inclusive) that makes the reduction apply to recorded guests by itself. */
    ageFrom: integer(),
    ageTo: integer(),
    ageOn: text().$type<TAgeOn>(),
  },
  (t) => [index('reductions_city_idx').on(t.cityId)],
);

export const exemptions = pgTable(
  'exemptions',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    name: text().notNull(),
    note: text(),
    /** count (typed by the hotelier), age, resident or tourLeader (see the domain's TExemptionCondition). */
    condition: text().$type<TExemptionCondition>().notNull().default('count'),
    ageFrom: integer(),
    ageTo: integer(),
    ageOn: text().$type<TAgeOn>(),
    participantsPerLeader: integer(),
  },
  (t) => [index('exemptions_city_idx').on(t.cityId)],
);

export const stays = pgTable(
  'stays',
  {
    ...recordColumns,
    /** Time-ordered (migration 0028): a stay's index entries go where the latest stays' are, not on a random page. */
    id: uuid()
      .primaryKey()
      .default(sql`uuid_v7()`),
    structureId: uuid().notNull(),
    /** Copied from the structure on every save: the comune whose rules priced the stay (city scope). */
    cityId: uuid().notNull(),
    checkIn: date({ mode: 'string' }).notNull(),
    checkOut: date({ mode: 'string' }).notNull(),
    componentsNumber: integer().notNull(),
    guest: jsonb().$type<TGuest>().notNull(),
    /** The other guests of the stay (the lead guest is `guest`). */
    guests: jsonb().$type<TGuest[]>().notNull().default([]),
    hasInvoice: boolean().notNull().default(false),
    invoice: jsonb().$type<TInvoice | null>(),
    paymentStatus: text().$type<'paid' | 'not_paid'>().notNull().default('paid'),
    noPaymentReason: text(),
    /** Upload ids. */
    attachments: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    appliedExemptions: jsonb().$type<{ exemptionId: string; count: number }[]>().notNull().default([]),
    appliedReductions: jsonb().$type<{ reductionId: string; count: number }[]>().notNull().default([]),
    accommodationAmountCents: integer(),
    /** Price of each night (all guests) when it varies; percentage tariffs use it. */
    nightlyPricesCents: integer().array(),
    notes: text(),
    // Computed by the engine on every save (client values are ignored).
    nightsNumber: integer().notNull(),
    taxableNights: integer().notNull(),
    exemptGuests: integer().notNull().default(0),
    reducedGuests: integer().notNull().default(0),
    payingGuests: integer().notNull(),
    tariffIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    reductionIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    exemptionIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tariffImportCents: integer().notNull(),
    reductionImportCents: integer().notNull(),
    toPayAmountCents: integer().notNull(),
    breakdown: jsonb().$type<TStoredBreakdown>(),
    /** Guest-nights by how they were taxed (the engine's presences; declarations add them up). */
    payingPresences: integer(),
    reducedPresences: integer(),
    exemptPresences: integer(),
    beyondCapPresences: integer(),
    /** For the questura's file: the guests travel as a family (17 + 19, also when null) or a group (18 + 20). Migration 0031. */
    partyKind: text().$type<TPartyKind>(),
    /** manual | xlsx | csv | alloggiati */
    source: text().notNull().default('manual'),
    /** Hash of the imported row(s); unique per structure so a re-import skips what exists. */
    importFingerprint: text(),
    /** Set by part 2 (declarations): a stay counted in a submitted declaration is locked. */
    declarationId: uuid(),
    lockedAt: timestamptz(),
  },
  (t) => [
    index('stays_structure_checkout_idx').on(t.structureId, t.checkOut),
    index('stays_city_checkout_id_idx').on(t.cityId, t.checkOut, t.id),
    index('stays_structure_checkin_idx').on(t.structureId, t.checkIn, t.id),
    index('stays_city_checkin_idx').on(t.cityId, t.checkIn, t.id),
    index('stays_checkout_idx').on(t.checkOut, t.id),
    // The rejected-payment lines of a comune's declarations, in their order; migration 0027 adds INCLUDE
    // (structure_id, declaration_id, to_pay_amount_cents, no_payment_reason, guest) for an index-only scan.
    index('stays_city_checkout_unpaid_lines_idx')
      .on(t.cityId, t.checkOut, t.id)
      .where(sql`${t.paymentStatus} <> 'paid'`),
    // Also stays_city_checkout_figures_idx (migration 0017): (city_id, check_out) INCLUDE the columns the
    // declaration figures add up; the index builder cannot express INCLUDE, so it lives in the SQL only.
    // The other sorts of the stays list over a whole comune (migration 0019, which also adds the write-notify trigger of the cached list counts).
    index('stays_city_nights_idx').on(t.cityId, t.nightsNumber, t.id),
    index('stays_city_components_idx').on(t.cityId, t.componentsNumber, t.id),
    index('stays_city_to_pay_idx').on(t.cityId, t.toPayAmountCents, t.id),
    index('stays_city_payment_status_idx').on(t.cityId, t.paymentStatus, t.id),
    index('stays_city_structure_idx').on(t.cityId, t.structureId, t.id),
    uniqueIndex('stays_structure_fingerprint_unique').on(t.structureId, t.importFingerprint),
  ],
);
