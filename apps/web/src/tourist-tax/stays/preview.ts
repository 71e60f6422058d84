import type { TPreviewGuest, TPreviewInput } from '../../dataProvider/stays';

/* The stay form's values as the request of the tax preview (the data provider's previewStayTax sends it). */

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
