/**
 * What the questura's file (Alloggiati Web) needs of a stay's guests, before any code table is read:
 * the stay form shows it while the hotelier types, the file's writer refuses a stay that lacks it.
 *
 * Source of the fields: DM Interno 7 January 2013, Allegato tecnico (Gazzetta Ufficiale 17 January
 * 2013), "Dati da trasmettere": for the single guest and the head of a family or group, surname,
 * name, sex, birth date, birth place (comune and province if in Italy, state if abroad), citizenship,
 * document type, number and place of issue; for the members of a family or group the same without
 * the document. The record layout is that of alloggiati.ts (168 characters, guest types 16..20).
 */
import type { TAlloggiatiGuestKind } from './alloggiati.ts';

/** The guest fields the file is written from (a subset of the stay's guest). */
export type TPoliceGuest = {
  name?: string | null;
  surname?: string | null;
  sex?: 'M' | 'F' | null;
  birthDate?: string | null;
  birthCountry?: string | null;
  birthPlace?: string | null;
  birthProvince?: string | null;
  citizenship?: string | null;
  documentType?: string | null;
  documentNumber?: string | null;
  documentIssuePlace?: string | null;
};

/** How the guests of a stay of several travel together: a family (17 + 19) or a group (18 + 20). */
export type TPartyKind = 'family' | 'group';

export type TPoliceStay = {
  componentsNumber: number;
  partyKind?: TPartyKind | null;
  guest: TPoliceGuest;
  guests?: readonly TPoliceGuest[] | null;
};

export const ALLOGGIATI_ITALY = '100000100';

/** The fields the questura needs, in the order of the record. */
export const POLICE_GUEST_FIELDS = ['surname', 'name', 'sex', 'birthDate', 'birthCountry', 'birthPlace', 'citizenship', 'documentType', 'documentNumber', 'documentIssuePlace'] as const;
export type TPoliceGuestField = (typeof POLICE_GUEST_FIELDS)[number];

const DOCUMENT_FIELDS: readonly TPoliceGuestField[] = ['documentType', 'documentNumber', 'documentIssuePlace'];

/** 'guest' when a guest the stay counts has no record at all (componentsNumber > recorded guests). */
export type TMissingPoliceField = { guestIndex: number; field: TPoliceGuestField | 'guest' };

/** Born in Italy: the state is Italy's code, or written as its name (before a code was picked). */
export function isItalianBirth(guest: TPoliceGuest): boolean {
  const country = (guest.birthCountry ?? '').trim().toUpperCase();
  return country === ALLOGGIATI_ITALY || country === 'ITALIA' || country === 'ITALY';
}

/** Guest kind of each recorded guest, lead first: 16 alone, else 17/19 (family, the default) or 18/20 (group). */
export function alloggiatiGuestKinds(stay: Pick<TPoliceStay, 'componentsNumber' | 'partyKind'>): { lead: TAlloggiatiGuestKind; member: TAlloggiatiGuestKind } {
  if (stay.componentsNumber <= 1) return { lead: '16', member: '19' };
  return stay.partyKind === 'group' ? { lead: '18', member: '20' } : { lead: '17', member: '19' };
}

/** The fields one guest needs: the document only for the lead guest (16, 17, 18), the birth comune only for the Italian-born. */
export function requiredPoliceFields(guest: TPoliceGuest, isLead: boolean): TPoliceGuestField[] {
  return POLICE_GUEST_FIELDS.filter((field) => {
    if (field === 'birthPlace') return isItalianBirth(guest);
    if (DOCUMENT_FIELDS.includes(field)) return isLead;
    return true;
  });
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * What the stay still lacks for the questura: per guest (0 = the lead guest, i = guests[i - 1]) the
 * empty fields, and one `guest` entry for each guest counted but not recorded. Empty when the file
 * can be written (codes are checked when it is).
 */
export function missingPoliceFields(stay: TPoliceStay): TMissingPoliceField[] {
  const recorded = [stay.guest, ...(stay.guests ?? [])];
  const missing: TMissingPoliceField[] = [];
  recorded.forEach((guest, guestIndex) => {
    for (const field of requiredPoliceFields(guest, guestIndex === 0)) {
      if (isBlank(guest[field])) missing.push({ guestIndex, field });
    }
  });
  for (let guestIndex = recorded.length; guestIndex < stay.componentsNumber; guestIndex++) missing.push({ guestIndex, field: 'guest' });
  return missing;
}
