import type { TStayGuestLine as TDomainStayGuestLine, TStayNight as TDomainStayNight } from '@app/domain/tourist-tax/types';
import { apiRequest } from './httpClient';
import { errorCodeOf, errorDetailsOf } from './errors';

/*
 * The stays' calls beyond the collection contract, as custom methods of the data provider: the tax
 * of a stay being typed (POST /stays/preview) and the repricing of saved stays after a rule changes
 * (POST /stays/reprice). Each answers `{ data }` like react-admin's methods.
 */

/** POST /api/stays/preview: the request the stay form sends and the computation it gets back (euros). */

export type TPreviewInput = {
  structureId: string;
  checkIn: string;
  checkOut: string;
  componentsNumber: number;
  appliedExemptions: { exemptionId: string; count: number }[];
  appliedReductions: { reductionId: string; count: number }[];
  accommodationAmount?: number | null;
  /** The price of each night when it varies (euros), one per night; null: the stay's amount split evenly. */
  nightlyPrices?: number[] | null;
  guest?: TPreviewGuest;
  guests?: TPreviewGuest[];
  stayId?: string | null;
};

/** What the preview needs of a guest: the age, residence and tour-leader rules read these. */
export type TPreviewGuest = { name?: string; surname?: string; taxCode?: string | null; birthDate?: string | null; resident?: boolean | null; tourLeader?: boolean | null };

/** A night of the stay: the domain's night with its amounts in euros and its percentage in percent. */
export type TStayNight = Omit<TDomainStayNight, 'nightlyPriceCents' | 'percentageBasisPoints' | 'tariffCents' | 'reductionCents' | 'toPayCents'> & {
  /** flat tariffs: euros per paying guest */
  nightlyPrice: number | null;
  percentage: number | null;
  tariff: number;
  reduction: number;
  toPay: number;
};

export type TStayCategory = {
  kind: 'full' | 'reduction' | 'exempt';
  id: string | null;
  name: string;
  guests: number;
  taxableGuestNights: number;
  reducedGuestNights?: number;
  tariff: number;
  reduction: number;
  toPay: number;
};

/** Which guest got what: recorded guests one by one, the others grouped by rule; the domain's line with its amounts in euros. */
export type TStayGuestLine = Omit<TDomainStayGuestLine, 'tariffCents' | 'reductionCents' | 'toPayCents'> & { tariff: number; reduction: number; toPay: number };

export type TStayComputation = {
  nightsNumber: number;
  taxableNights: number;
  componentsNumber: number;
  exemptGuests: number;
  payingGuests: number;
  reducedGuests: number;
  tariffImport: number;
  reductionImport: number;
  toPayAmount: number;
  nights: TStayNight[];
  categories: TStayCategory[];
  guestLines?: TStayGuestLine[];
};

export type TPreviewError = Error & { code?: string; details?: { path: string; message: string; value?: unknown }[] };

/** POST /stays/reprice: the stays not yet declared whose amounts change under the current rules (amounts in euros). */
type TRepriceAmounts = { tariffImport: number; reductionImport: number; toPayAmount: number };
export type TRepricePreview = {
  applied: boolean;
  changed: { stayId: string; structureId: string; structureName: string; guest: string; checkIn: string; checkOut: string; before: TRepriceAmounts; after: TRepriceAmounts }[];
  unchanged: number;
  failed: { stayId: string; checkIn: string; checkOut: string; code: string; message: string }[];
  declared: number;
};

/** The scope of a reprice: the stays priced with one rule, or every stay of the comune. */
export type TRepriceScope = { ruleId?: string; cityId?: string };

/** GET /alloggiati-codes: an entry of the Alloggiati Web tables (comuni, states, document types). */
/** validTo: the last day a closed code was valid (a suppressed comune, a former state). */
export type TPoliceCode = { code: string; name: string; province: string | null; kind: 'comune' | 'state' | 'document'; validTo?: string };
export type TPoliceCodeKind = 'comune' | 'state' | 'place' | 'document';

type TMovementFigures = { arrivals: number; departures: number; presences: number };
export type TIstatDay = TMovementFigures & { date: string };
/** GET /structures/{id}/istat-movements: the month's movement of guests (ISTAT C/59). */
export type TIstatMovement = {
  structure: { id: string; name: string; cin: string | null };
  month: string;
  bedsAvailable: number | null;
  roomsOccupied: null;
  days: TIstatDay[];
  residences: (TMovementFigures & { residence: { kind: 'province' | 'state' | 'unknown'; code: string; label: string }; days: TIstatDay[] })[];
  totals: TMovementFigures;
};

export type TStayMethods = {
  /** The stay's tax as the server computes it; a refusal carries the API's code and details (rule problems the form shows in place). */
  previewStayTax(input: TPreviewInput): Promise<{ data: TStayComputation }>;
  /** The preview of a reprice, or with `apply` the repricing of the chosen stays (one transaction on the server). */
  repriceStays(scope: TRepriceScope, apply?: { stayIds: string[] }): Promise<{ data: TRepricePreview }>;
  /** The Alloggiati Web table entries whose name starts with (or contains) the text, or the entry of a code. */
  searchPoliceCodes(kind: TPoliceCodeKind, q: string): Promise<{ data: TPoliceCode[] }>;
  /** A structure's movement of guests in a month ('YYYY-MM'). */
  istatMovement(structureId: string, month: string): Promise<{ data: TIstatMovement }>;
};

export const stayMethods: TStayMethods = {
  previewStayTax: async (input) => {
    try {
      const { json } = await apiRequest<TStayComputation>('/stays/preview', { method: 'POST', body: input });
      return { data: json };
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      const wrapped: TPreviewError = Object.assign(error, { code: errorCodeOf(error), details: errorDetailsOf(error) });
      throw wrapped;
    }
  },
  repriceStays: async (scope, apply) => {
    const { json } = await apiRequest<TRepricePreview>('/stays/reprice', { method: 'POST', body: { ...scope, ...(apply ? { apply: true, stayIds: apply.stayIds } : {}) } });
    return { data: json };
  },
  searchPoliceCodes: async (kind, q) => {
    const { json } = await apiRequest<{ items: TPoliceCode[] }>('/alloggiati-codes', { query: { kind, q, limit: 20 } });
    return { data: json.items };
  },
  istatMovement: async (structureId, month) => {
    const { json } = await apiRequest<TIstatMovement>(`/structures/${structureId}/istat-movements`, { query: { month } });
    return { data: json };
  },
};
