import { apiRequest } from '../../dataProvider/httpClient';

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

export type TStayNight = {
  date: string;
  /** null for a night beyond the cap that no tariff covers */
  tariffId: string | null;
  tariffName: string;
  tariffType: 'flat' | 'percentage' | null;
  nightlyPrice: number | null;
  percentage: number | null;
  taxable: boolean;
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

/** Which guest got what: recorded guests one by one, the others grouped by rule. */
export type TStayGuestLine = {
  guestIndex: number | null;
  name: string | null;
  age: number | null;
  guests: number;
  kind: 'full' | 'reduction' | 'exempt';
  ruleId: string | null;
  ruleName: string | null;
  reason: 'age' | 'resident' | 'tourLeader' | 'count' | null;
  taxableNights: number;
  reducedNights: number;
  tariff: number;
  reduction: number;
  toPay: number;
};

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const day = value.slice(0, 10);
  return ISO_DATE.test(day) ? day : null;
}

function toCount(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * The preview request for the form's current values, or null while they cannot be priced yet
 * (no structure, a date missing, check-out not after check-in, no guests). Half-filled exemption
 * and reduction rows are left out until they have both a choice and a count.
 */
export function previewInputFrom(values: Record<string, unknown>): TPreviewInput | null {
  const structureId = typeof values.structureId === 'string' && values.structureId ? values.structureId : null;
  const checkIn = toDay(values.checkIn);
  const checkOut = toDay(values.checkOut);
  const componentsNumber = toCount(values.componentsNumber);
  if (!structureId || !checkIn || !checkOut || checkOut <= checkIn || !componentsNumber) return null;
  const rows = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).filter(Boolean);
  const appliedExemptions = rows(values.appliedExemptions)
    .map((row) => ({ exemptionId: row.exemptionId, count: toCount(row.count) }))
    .filter((row): row is { exemptionId: string; count: number } => typeof row.exemptionId === 'string' && !!row.exemptionId && row.count !== null);
  const appliedReductions = rows(values.appliedReductions)
    .map((row) => ({ reductionId: row.reductionId, count: toCount(row.count) }))
    .filter((row): row is { reductionId: string; count: number } => typeof row.reductionId === 'string' && !!row.reductionId && row.count !== null);
  const amount = values.accommodationAmount;
  const accommodationAmount = amount === '' || amount === null || amount === undefined || !Number.isFinite(Number(amount)) ? null : Number(amount);
  const guestOf = (value: unknown): TPreviewGuest | null => {
    if (!value || typeof value !== 'object') return null;
    const g = value as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    return {
      name: text(g.name),
      surname: text(g.surname),
      taxCode: text(g.taxCode) ?? null,
      birthDate: toDay(g.birthDate),
      resident: g.resident === true,
      tourLeader: g.tourLeader === true,
    };
  };
  const guest = guestOf(values.guest);
  const guests = rows(values.guests)
    .map(guestOf)
    .filter((g): g is TPreviewGuest => g !== null);
  const stayId = typeof values.id === 'string' ? values.id : null;
  // Prices per night are sent once every night has one; until then the preview prices the stay without them.
  const prices = values.nightlyPrices;
  const nightlyPrices = Array.isArray(prices) && prices.length > 0 && prices.every((p) => typeof p === 'number' && Number.isFinite(p) && p >= 0) ? (prices as number[]) : null;
  return {
    structureId,
    checkIn,
    checkOut,
    componentsNumber,
    appliedExemptions,
    appliedReductions,
    accommodationAmount,
    ...(nightlyPrices ? { nightlyPrices } : {}),
    ...(guest ? { guest } : {}),
    guests,
    stayId,
  };
}

export async function previewStayTax(input: TPreviewInput): Promise<TStayComputation> {
  try {
    const { json } = await apiRequest<TStayComputation>('/stays/preview', { method: 'POST', body: input });
    return json;
  } catch (error) {
    const body = (error as { body?: { code?: string; details?: TPreviewError['details'] } }).body;
    const wrapped = error as TPreviewError;
    wrapped.code = body?.code;
    wrapped.details = body?.details;
    throw wrapped;
  }
}
