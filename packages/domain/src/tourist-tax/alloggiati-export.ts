/**
 * The questura's file of one day: one Alloggiati Web record per guest of the stays that arrived that
 * day, each single guest (16) on its own, each head of family (17) or group leader (18) followed by
 * its members (19, 20). Written by formatAlloggiatiRecord (alloggiati.ts), which the importer reads
 * back unchanged. A stay that cannot be written is not skipped: every problem is returned, naming
 * the stay, the guest and the field, so the hotelier completes the guests and downloads again.
 */
import { formatAlloggiatiFile, type TAlloggiatiGuestKind, type TAlloggiatiRecordInput } from './alloggiati.ts';
import { resolveAlloggiatiCode, type TAlloggiatiCodeKind } from './alloggiati-codes.ts';
import { alloggiatiGuestKinds, isItalianBirth, missingPoliceFields, type TPoliceGuest, type TPoliceGuestField, type TPoliceStay } from './alloggiati-requirements.ts';
import { daysBetween } from './dates.ts';

export type TAlloggiatiExportStay = TPoliceStay & { id: string; checkIn: string; checkOut: string };

/**
 * missing: the field is empty (or the guest is not recorded: field 'guest'); unknownCode / ambiguous:
 * the value is not one entry of the code table; tooLong: longer than the record's field; charset: a
 * character the file's single-byte encoding (ISO-8859-1) cannot carry; birthAfterArrival; stayTooLong:
 * more than the 30 days of stay the record allows.
 */
export type TAlloggiatiProblemReason = 'missing' | 'unknownCode' | 'ambiguous' | 'tooLong' | 'charset' | 'birthAfterArrival' | 'stayTooLong';

export type TAlloggiatiProblem = {
  stayId: string;
  /** 0 = the lead guest, i = the stay's guests[i - 1]. */
  guestIndex: number;
  /** "Surname Name" as recorded, null for a guest not recorded. */
  guestName: string | null;
  field: TPoliceGuestField | 'guest' | 'days';
  value: string | null;
  reason: TAlloggiatiProblemReason;
};

export type TAlloggiatiExport = { ok: true; records: TAlloggiatiRecordInput[]; text: string; guests: number } | { ok: false; problems: TAlloggiatiProblem[] };

/** The record allows two digits, and the reader accepts 1 to 30 days. */
export const ALLOGGIATI_MAX_DAYS = 30;
const WIDTHS = { surname: 50, name: 30, documentNumber: 20 } as const;
// Characters beyond U+00FF have no byte in ISO-8859-1.
const OUTSIDE_LATIN1 = /[^\u0020-\u007e\u00a0-\u00ff]/;

function nameOf(guest: TPoliceGuest | undefined): string | null {
  if (!guest) return null;
  return [guest.surname, guest.name].filter((part) => part && part.trim()).join(' ') || null;
}

/** The file for the stays given (those arrived on one day, in the order they should appear). */
export function buildAlloggiatiExport(stays: readonly TAlloggiatiExportStay[]): TAlloggiatiExport {
  const problems: TAlloggiatiProblem[] = [];
  const records: TAlloggiatiRecordInput[] = [];
  for (const stay of stays) {
    const guests = [stay.guest, ...(stay.guests ?? [])];
    const problem = (guestIndex: number, field: TAlloggiatiProblem['field'], value: string | null | undefined, reason: TAlloggiatiProblemReason) =>
      problems.push({ stayId: stay.id, guestIndex, guestName: nameOf(guests[guestIndex]), field, value: value ?? null, reason });
    const before = problems.length;
    for (const { guestIndex, field } of missingPoliceFields(stay)) problem(guestIndex, field, null, 'missing');
    const days = daysBetween(stay.checkIn, stay.checkOut);
    if (days > ALLOGGIATI_MAX_DAYS) problem(0, 'days', String(days), 'stayTooLong');
    const kinds = alloggiatiGuestKinds(stay);
    const stayRecords = guests.slice(0, Math.max(stay.componentsNumber, 1)).map((guest, guestIndex) => {
      const isLead = guestIndex === 0;
      const code = (field: TPoliceGuestField, kind: TAlloggiatiCodeKind, province?: string | null, day?: string | null) => {
        const value = guest[field];
        if (!value || !value.trim()) return null;
        const resolved = resolveAlloggiatiCode(kind, value, province, day);
        if (resolved.ok) return resolved.entry;
        problem(guestIndex, field, value, resolved.reason);
        return null;
      };
      for (const field of ['surname', 'name', ...(isLead ? (['documentNumber'] as const) : [])] as const) {
        const value = guest[field]?.trim() ?? '';
        if (value.length > WIDTHS[field]) problem(guestIndex, field, value, 'tooLong');
        else if (OUTSIDE_LATIN1.test(value)) problem(guestIndex, field, value, 'charset');
      }
      if (guest.birthDate && guest.birthDate > stay.checkIn) problem(guestIndex, 'birthDate', guest.birthDate, 'birthAfterArrival');
      const italian = isItalianBirth(guest);
      const birthComune = italian ? code('birthPlace', 'comune', guest.birthProvince, guest.birthDate) : null;
      const birthState = code('birthCountry', 'state', null, guest.birthDate);
      const citizenship = code('citizenship', 'state');
      const documentType = isLead ? code('documentType', 'document') : null;
      const issuePlace = isLead ? code('documentIssuePlace', 'place') : null;
      const record: TAlloggiatiRecordInput = {
        guestKind: (isLead ? kinds.lead : kinds.member) satisfies TAlloggiatiGuestKind,
        arrivalDate: stay.checkIn,
        days,
        surname: guest.surname?.trim() ?? '',
        name: guest.name?.trim() ?? '',
        sex: guest.sex === 'F' ? 'F' : 'M',
        birthDate: guest.birthDate ?? stay.checkIn,
        birthPlace: birthComune?.code ?? null,
        birthProvince: birthComune?.province ?? null,
        birthCountry: birthState?.code ?? '',
        citizenship: citizenship?.code ?? '',
        documentType: documentType?.code ?? null,
        documentNumber: isLead ? (guest.documentNumber?.trim() ?? null) : null,
        documentIssuePlace: issuePlace?.code ?? null,
      };
      return record;
    });
    if (problems.length === before) records.push(...stayRecords);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, records, text: formatAlloggiatiFile(records), guests: records.length };
}
