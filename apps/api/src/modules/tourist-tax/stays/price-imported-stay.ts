import { isTaxRuleError } from '@app/domain/tourist-tax/errors';
import type { structures } from '../../../db/schema/index.ts';
import type { TCityRules } from '../rules/city-rules.ts';
import { computeTaxOfFacts, stayColumns, type TStayFacts } from './compute-stay.ts';
import type { TImportedStay, TImportFormat, TImportRowError } from './read-stay-import-file.ts';

/** The columns of an imported stay: what stayColumns gives, plus where it came from. */
export type TPricedImportedStay = ReturnType<typeof stayColumns> & { importFingerprint: string; source: string };

/** Exemption / reduction names as typed in a sheet, matched ignoring case, accents and spaces. */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Which column an engine error points at, in the file's own terms. */
function fieldOfTaxError(code: string, format: TImportFormat): string {
  const dates = format === 'alloggiati' ? 'arrivalDate' : 'checkIn';
  switch (code) {
    case 'NO_TARIFF_FOR_NIGHT':
    case 'AMBIGUOUS_TARIFF':
      return dates;
    case 'INVALID_DATES':
      return format === 'alloggiati' ? 'days' : 'checkOut';
    case 'TOO_MANY_EXEMPT_OR_REDUCED':
      return 'exemptCount';
    case 'MISSING_ACCOMMODATION_AMOUNT':
    case 'INVALID_ACCOMMODATION_AMOUNT':
      return 'accommodationAmount';
    default:
      return 'record';
  }
}

/** What an engine error means for an imported row, Italian and English; the engine's details follow. */
const TAX_ERROR_MESSAGES: Partial<Record<string, { it: string; en: string }>> = {
  NO_TARIFF_FOR_NIGHT: { it: 'Nessuna tariffa del comune si applica a una notte del soggiorno', en: 'No tariff of the comune applies to a night of the stay' },
  AMBIGUOUS_TARIFF: { it: 'Due tariffe del comune si applicano alla stessa notte', en: 'Two tariffs of the comune apply to the same night' },
  INVALID_DATES: { it: 'Date del soggiorno non valide', en: 'The dates of the stay are not valid' },
  INVALID_COMPONENTS: { it: 'Numero di ospiti non valido', en: 'The number of guests is not valid' },
  TOO_MANY_EXEMPT_OR_REDUCED: { it: 'Esenti più ridotti superano il numero di ospiti', en: 'Exempt plus reduced guests exceed the number of guests' },
  MISSING_ACCOMMODATION_AMOUNT: { it: "La tariffa è una percentuale: serve l'importo del soggiorno", en: 'The tariff is a percentage: the stay amount is needed' },
  INVALID_ACCOMMODATION_AMOUNT: { it: 'Importo del soggiorno non valido', en: 'The stay amount is not valid' },
};

/** Resolves names to the comune's rules and prices the stay; a problem becomes a row error, in the user's language. */
export function priceImportedStay(
  item: TImportedStay,
  structure: typeof structures.$inferSelect,
  rules: TCityRules,
  format: TImportFormat,
  errors: TImportRowError[],
  language: 'it' | 'en' = 'it',
): TPricedImportedStay | null {
  const row = item.rows[0];
  // A name the comune does not know is a row error that lists the names it does know.
  const resolve = <T extends { id: string; name: string }>(field: 'exemptionName' | 'reductionName', name: string | null, known: T[]) => {
    if (!name) return { ok: true, rule: undefined };
    const rule = known.find((k) => nameKey(k.name) === nameKey(name));
    if (rule) return { ok: true, rule };
    const allowed = known.map((k) => k.name).join(', ');
    const [it, en] = field === 'exemptionName' ? ['Esenzione', 'Exemption'] : ['Riduzione', 'Reduction'];
    errors.push({
      row,
      field,
      value: name,
      message: language === 'it' ? `${it} sconosciuta per questo comune; valori ammessi: ${allowed}` : `${en} unknown to this comune; allowed values: ${allowed}`,
    });
    return { ok: false, rule: undefined };
  };
  const { ok: exemptionOk, rule: exemption } = resolve('exemptionName', item.exemptionName, rules.exemptions);
  const { ok: reductionOk, rule: reduction } = resolve('reductionName', item.reductionName, rules.reductions);
  const ok = exemptionOk && reductionOk;
  if (!ok) return null;
  const facts: TStayFacts = {
    structureId: structure.id,
    checkIn: item.checkIn,
    checkOut: item.checkOut,
    componentsNumber: item.componentsNumber,
    guest: item.guest,
    guests: item.guests ?? [],
    hasInvoice: false,
    invoice: null,
    paymentStatus: item.paymentStatus,
    noPaymentReason: item.noPaymentReason,
    attachments: [],
    appliedExemptions: exemption && item.exemptCount > 0 ? [{ exemptionId: exemption.id, count: item.exemptCount }] : [],
    appliedReductions: reduction && item.reducedCount > 0 ? [{ reductionId: reduction.id, count: item.reducedCount }] : [],
    accommodationAmountCents: item.accommodationAmountCents,
    nightlyPricesCents: null,
    notes: null,
    partyKind: item.partyKind ?? null,
  };
  try {
    const tax = computeTaxOfFacts(facts, structure, rules);
    return { ...stayColumns(facts, structure, tax), importFingerprint: item.fingerprint, source: format };
  } catch (error) {
    if (!isTaxRuleError(error)) throw error;
    const detail = error.details.map((d) => d.message).join('; ');
    const lead = TAX_ERROR_MESSAGES[error.code]?.[language];
    errors.push({ row, field: fieldOfTaxError(error.code, format), value: error.date ?? '', message: lead ? `${lead} (${error.code}: ${detail})` : `${error.code}: ${detail}` });
    return null;
  }
}
