import type { TStayFacts } from '../modules/tourist-tax/stays/compute-stay.ts';

/** The day of the demo arrivals whose guests are complete for the questura's file (the day before the demo's today). */
export const POLICE_DEMO_DATE = '2026-11-20';

// Alloggiati Web codes (packages/domain/src/tourist-tax/alloggiati-tables.data.ts).
const ITALY = '100000100';
const GERMANY = '100000216';
const FRANCE = '100000215';
const ROMA = '412058091';
const NAPOLI = '415063049';
const GAETA = '412059009';

const base = {
  hasInvoice: false,
  invoice: null,
  paymentStatus: 'paid' as const,
  noPaymentReason: null,
  attachments: [],
  appliedReductions: [],
  accommodationAmountCents: null,
  nightlyPricesCents: null,
  notes: null,
};

/**
 * Arrivals at one structure on POLICE_DEMO_DATE with every field the questura's file needs: a
 * single guest from Germany, an Italian family of three and a group of two from France, so that the
 * hotelier downloads a complete Alloggiati file and sees residences in the ISTAT movement.
 */
export function policeDemoStays(structureId: string): TStayFacts[] {
  return [
    {
      ...base,
      structureId,
      checkIn: POLICE_DEMO_DATE,
      checkOut: '2026-11-23',
      componentsNumber: 1,
      appliedExemptions: [],
      guest: {
        surname: 'Schneider',
        name: 'Jürgen',
        sex: 'M',
        birthDate: '1974-02-11',
        birthCountry: GERMANY,
        citizenship: GERMANY,
        documentType: 'PASOR',
        documentNumber: 'C4J8K2L9M',
        documentIssuePlace: GERMANY,
        country: 'Germania',
        city: 'München',
      },
      guests: [],
    },
    {
      ...base,
      structureId,
      checkIn: POLICE_DEMO_DATE,
      checkOut: '2026-11-24',
      componentsNumber: 3,
      partyKind: 'family',
      appliedExemptions: [],
      guest: {
        surname: 'Esposito',
        name: 'Gennaro',
        sex: 'M',
        birthDate: '1981-06-30',
        birthCountry: ITALY,
        birthPlace: NAPOLI,
        birthProvince: 'NA',
        citizenship: ITALY,
        documentType: 'IDELE',
        documentNumber: 'CA48213BF',
        documentIssuePlace: NAPOLI,
        country: 'Italia',
        province: 'NA',
        city: 'Napoli',
      },
      guests: [
        { surname: 'Russo', name: 'Carmela', sex: 'F', birthDate: '1983-09-14', birthCountry: ITALY, birthPlace: ROMA, birthProvince: 'RM', citizenship: ITALY, country: 'Italia', province: 'NA' },
        { surname: 'Esposito', name: 'Luca', sex: 'M', birthDate: '2009-04-02', birthCountry: ITALY, birthPlace: GAETA, birthProvince: 'LT', citizenship: ITALY, country: 'Italia', province: 'NA' },
      ],
    },
    {
      ...base,
      structureId,
      checkIn: POLICE_DEMO_DATE,
      checkOut: '2026-11-22',
      componentsNumber: 2,
      partyKind: 'group',
      appliedExemptions: [],
      guest: {
        surname: 'Martin',
        name: 'Élodie',
        sex: 'F',
        birthDate: '1990-12-05',
        birthCountry: FRANCE,
        citizenship: FRANCE,
        documentType: 'IDENT',
        documentNumber: '190575304212',
        documentIssuePlace: FRANCE,
        country: 'Francia',
      },
      guests: [{ surname: 'Bernard', name: 'Hugo', sex: 'M', birthDate: '1992-03-21', birthCountry: FRANCE, citizenship: FRANCE, country: 'Francia' }],
    },
  ];
}
