import { apiRequest } from './httpClient';

/*
 * The comune's pagoPA payment import (its answer) and SIATEL cross-checks, as custom methods of the data
 * provider (the uploads go through FileImportDialog, which posts with progress).
 */

type TImportedRow = { row: number; reference: string; iuv: string; amountCents: number; paymentDate: string; trn: string };
/** POST /cities/:id/pagopa-payments. */
export type TPaymentImportResult = {
  applied: boolean;
  total: number;
  matched: (TImportedRow & { declarationId: string; declarationCode: string | null; structureName: string })[];
  unmatched: (TImportedRow & { reason: 'unknownNotice' | 'notPayable' })[];
  duplicates: (TImportedRow & { reason: 'sameFile' | 'alreadyRecorded'; firstRow: number | null })[];
};

export type TSiatelCheckSummary = {
  _id: string;
  createdAt: string;
  cityId: string;
  fileName: string;
  monthFrom: string | null;
  monthTo: string | null;
  checkedOn: string;
  shortfalls: number;
  unregistered: number;
  undeclaredMonths: number;
};

export type TSiatelResult = {
  months: string[];
  rows: number;
  shortfalls: { structureId: string; name: string; month: string; siatelGuests: number | null; siatelNights: number; declaredPresences: number; gap: number; gapPercent: number }[];
  unregistered: { name: string | null; taxCode: string | null; cin: string | null; structureCode: string | null; address: string | null; months: string[]; siatelNights: number; rows: number[] }[];
  undeclaredMonths: { structureId: string; name: string; month: string; siatelNights: number }[];
  totals: { siatelNights: number; declaredPresences: number; structuresMatched: number };
};
export type TSiatelCheck = Omit<TSiatelCheckSummary, 'shortfalls' | 'unregistered' | 'undeclaredMonths'> & { result: TSiatelResult };

const id = (value: string) => encodeURIComponent(value);

async function getJson<T>(path: string): Promise<{ data: T }> {
  const { json } = await apiRequest<T>(path);
  return { data: json };
}

export type TPagopaMethods = {
  siatelChecks(cityId: string): Promise<{ data: TSiatelCheckSummary[] }>;
  siatelCheck(cityId: string, checkId: string): Promise<{ data: TSiatelCheck }>;
};

export const pagopaMethods: TPagopaMethods = {
  siatelChecks: (cityId) => getJson(`/cities/${id(cityId)}/siatel-checks`),
  siatelCheck: (cityId, checkId) => getJson(`/cities/${id(cityId)}/siatel-checks/${id(checkId)}`),
};
