import type { TPermissionGrant } from '@app/domain/platform/auth/permissions';
import type { TCorrectiveActionFacts, TIshikawaCategory, TNcaReportFacts, TSignRequestFacts, TSignRequestRecord } from '@app/domain/environmental/nca/index';
import type { TFormTotal } from '@app/domain/environmental/waste/form-schemas';
import type { TRentriFirBody } from '@app/domain/environmental/waste/rentri';
import { HttpError } from './errors';
import { apiRequest, type TQueryValue } from './httpClient';

/*
 * The environmental API's calls beyond the collections' CRUD, as custom methods of the data
 * provider: the NCA workflow facts, timeline, signatures and dashboard, the companies' invitations,
 * users and contacts, the laboratory reports' totals and choices, the waste forms' totals, and the
 * NCA reports opened from a report or a form. Each answers `{ data }` like react-admin's methods.
 */

export type TTimelineEntry = {
  _id: string;
  createdAt: string;
  kind: 'transition' | 'signature' | 'comment' | 'change';
  action: string | null;
  actorId: string | null;
  actorName: string | null;
  impersonatorId: string | null;
  entityType: string | null;
  entityId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  message: string | null;
};

export type TMySignRequest = TSignRequestRecord & { reportDescription: string | null; reportStatus: string };

/** A sign request's facts as the API answers them: the request's own lock, and until when the signer is locked out of all their requests (ISO, or null). */
export type TSignFactsAnswer = TSignRequestFacts & { locked: boolean; signerLockedUntil?: string | null };

export type TNcaDashboard = {
  /** Every report, open or closed. */
  total: number;
  /** Reports per status, closed included. */
  byStatus: { status: string; count: number }[];
  openByLot: { lotId: string; lotName: string; count: number }[];
  openByAgency: { agencyId: string; agencyName: string; count: number }[];
  openBySeverity: { settingId: string | null; name: string | null; color: string | null; count: number }[];
  openByCategory: { category: string | null; count: number }[];
  overdueActions: number;
  averageDaysToClose: number | null;
  closedCount: number;
  /** Effectiveness checks by standing. */
  effectiveness: { due: number; upcoming: number; done: number; failed: number };
  byIshikawa: { category: TIshikawaCategory; count: number }[];
  recurrences: number;
  pareto: {
    byLot: ({ lotId: string; lotCode: string; lotName: string } & TParetoTables)[];
    byAgency: ({ agencyId: string; agencyName: string } & TParetoTables)[];
  };
};

export type TParetoRow = { settingId: string; name: string; count: number; share: number; cumulative: number };
type TParetoTables = { types: TParetoRow[]; aspects: TParetoRow[] };

export type TSendCodeAnswer = { sentAt: string; expiresAt: string; destinationMasked: string };

/** The signing terms in force (both languages) and whether the signed-in user accepted them. */
export type TSigningTerms = {
  version: string;
  publishedAt: string;
  language: 'it' | 'en';
  text: string;
  textSha256: string;
  textIt: string;
  textEn: string;
  acceptedAt: string | null;
  acceptedLanguage: 'it' | 'en' | null;
};

/** One version of the signing terms, as the administrator's settings list them (read-only). */
export type TSigningTermsVersion = {
  version: string;
  publishedAt: string;
  inForce: boolean;
  textItSha256: string;
  textEnSha256: string;
  /** null: the first version, installed with the product. */
  publishedBy: { id: string; name: string } | null;
  acceptances: number;
};

/** The check of a report's signature evidence: each row's problems, and the first broken link. */
export type TEvidenceVerification = {
  reportId: string;
  checkedAt: string;
  intact: boolean;
  rows: { evidenceId: string; sequence: number; phase: string; round: number; signer: string; signedAt: string; rowHash: string; problems: { kind: string; message: string }[] }[];
  brokenLink: { evidenceId: string; sequence: number; kind: string; message: string } | null;
};

/** The signed-in user's grants, and whether the permission system is on (off: the role alone decides). */
export type TMyPermissions = { permissionsSystem: boolean; permissions: TPermissionGrant[] };

export type TCompanyKind = 'agency' | 'laboratory';
export const COMPANY_PATH: Record<TCompanyKind, 'agencies' | 'laboratories'> = { agency: 'agencies', laboratory: 'laboratories' };
export type TCompanyInvitationAction = 'invite' | 'resend' | 'revoke';
export type TCompanyUser = { _id: string; email: string; name: string | null; surname: string | null; isEnabled: boolean; isConfirmed: boolean; isManager: boolean };
export type TCompanyContact = { name: string; role: string | null; email: string | null; phone: string | null };

export type TRdpTotals = {
  byLaboratory: { laboratoryId: string; businessName: string; confirmedCount: number; confirmedTotal: number; pendingCount: number; pendingTotal: number }[];
  byPeriod: { period: string; count: number; total: number }[];
  confirmedTotal: number;
  pendingTotal: number;
};

/** The lots and agencies by name, for a laboratory: it reads neither registry, yet names them on its reports. */
export type TRdpSampleChoices = { lots: { _id: string; name: string; code: string }[]; agencies: { _id: string; businessName: string }[] };

const id = (value: string) => encodeURIComponent(value);

async function getJson<T>(path: string, query?: Record<string, TQueryValue>): Promise<{ data: T }> {
  const { json } = await apiRequest<T>(path, { query });
  return { data: json };
}

async function post<T>(path: string, body?: unknown): Promise<{ data: T }> {
  const { json } = await apiRequest<T>(path, { method: 'POST', body });
  return { data: json };
}

/** What RENTRI would receive for a form: the create-FIR body, or the fields RENTRI still needs (the API's 409 FORM_RENTRI_INCOMPLETE). */
export type TFormRentri = { ok: true; body: TRentriFirBody } | { ok: false; missing: { path: string; message: string; code?: string }[] };
/** A producer site whose register may be downloaded. */
export type TRegisterSite = { siteRegistrationNumber: string; producerName: string; productionSite: string | null; forms: number };
/** Whether the installation sends to RENTRI: it never does (no sender is built). */
export type TRentriTransmission = { configured: boolean; sends: false; endpoint: string | null; message: 'notConfigured' | 'senderNotBuilt' };

/** `_version` (the form's updatedAt) only keys the cached answer, so it follows every change of the form. */
async function formRentri(formId: string, _version?: string): Promise<{ data: TFormRentri }> {
  try {
    const { json } = await apiRequest<TRentriFirBody>(`/forms/${id(formId)}/rentri`);
    return { data: { ok: true, body: json } };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409 && error.body.code === 'FORM_RENTRI_INCOMPLETE' && Array.isArray(error.body.details)) {
      const missing = error.body.details.flatMap((d: unknown) =>
        typeof d === 'object' && d !== null && 'path' in d && 'message' in d
          ? [{ path: String(d.path), message: String(d.message), ...('code' in d && typeof d.code === 'string' ? { code: d.code } : {}) }]
          : [],
      );
      return { data: { ok: false, missing } };
    }
    throw error;
  }
}

export type TEnvironmentalMethods = {
  ncaReportFacts(reportId: string): Promise<{ data: TNcaReportFacts }>;
  correctiveActionFacts(actionId: string): Promise<{ data: TCorrectiveActionFacts }>;
  signRequestFacts(requestId: string): Promise<{ data: TSignFactsAnswer }>;
  ncaTimeline(reportId: string): Promise<{ data: TTimelineEntry[] }>;
  ncaReportSignatures(reportId: string): Promise<{ data: TSignRequestRecord[] }>;
  addNcaComment(reportId: string, text: string): Promise<{ data: unknown }>;
  /** The sign requests waiting for the signed-in user. */
  mySignRequests(): Promise<{ data: TMySignRequest[] }>;
  /** E-mails the signer a one-time code for the request. */
  sendSignatureCode(requestId: string): Promise<{ data: TSendCodeAnswer }>;
  signWithCode(requestId: string, code: string): Promise<{ data: unknown }>;
  /** The signing terms in force, and whether the signed-in user accepted them. */
  signingTerms(): Promise<{ data: TSigningTerms }>;
  /** Accepts the version of the terms read, in the language read. */
  acceptSigningTerms(version: string, language: 'it' | 'en'): Promise<{ data: TSigningTerms }>;
  /** Publishes a new version of the signing terms (administrator): every signer accepts it before their next signature. */
  publishSigningTerms(textIt: string, textEn: string): Promise<{ data: TSigningTerms }>;
  /** Every version of the signing terms, newest first (administrator, read-only). */
  signingTermsVersions(): Promise<{ data: TSigningTermsVersion[] }>;
  /** Recomputes the hashes of a report's signature evidence and its chain. */
  verifyNcaEvidence(reportId: string): Promise<{ data: TEvidenceVerification }>;
  rejectSignature(requestId: string, explanation: string): Promise<{ data: unknown }>;
  /** The consortium reminds the pending signer of a request (bell and e-mail; at most once an hour). */
  remindSigner(requestId: string): Promise<{ data: TSignRequestRecord }>;
  ncaDashboard(lotId?: string, ishikawa?: TIshikawaCategory): Promise<{ data: TNcaDashboard }>;
  myPermissions(): Promise<{ data: TMyPermissions }>;
  /** Invites the company's manager, sends the invitation again or withdraws it. */
  companyInvitation(kind: TCompanyKind, companyId: string, action: TCompanyInvitationAction): Promise<{ data: unknown }>;
  companyUsers(kind: TCompanyKind, companyId: string): Promise<{ data: TCompanyUser[] }>;
  inviteCompanyColleague(kind: TCompanyKind, companyId: string, colleague: { email: string; name: string; surname: string }): Promise<{ data: unknown }>;
  updateCompanyContacts(kind: TCompanyKind, companyId: string, contacts: TCompanyContact[]): Promise<{ data: unknown }>;
  /** The consortium's accounting figures of completed laboratory reports. */
  rdpTotals(): Promise<{ data: TRdpTotals }>;
  rdpSampleChoices(): Promise<{ data: TRdpSampleChoices }>;
  /** A pending NCA report on a laboratory report with values out of limits, under one of the lot's orders. */
  openNcaFromRdp(rdpId: string, orderId: string): Promise<{ data: { _id: string } }>;
  /** Quantity per EER code, unit and month over the forms the filters select. */
  formTotals(filters: Record<string, string>): Promise<{ data: TFormTotal[] }>;
  /** A pending NCA report on a load turned back at its destination. */
  openNcaFromForm(formId: string): Promise<{ data: { _id: string } }>;
  /** Links an uploaded signed FIR document to the form. */
  attachFormDocument(formId: string, uploadId: string): Promise<{ data: unknown }>;
  /** The form as RENTRI's create-FIR body, or what RENTRI still needs. */
  formRentri(formId: string, version?: string): Promise<{ data: TFormRentri }>;
  /** The producer sites of the forms the user may list (the registers to download). */
  formRegisterSites(): Promise<{ data: TRegisterSite[] }>;
  /** Whether anything is sent to RENTRI (never, today). */
  rentriTransmission(): Promise<{ data: TRentriTransmission }>;
};

export const environmentalMethods: TEnvironmentalMethods = {
  ncaReportFacts: (reportId) => getJson(`/nca-reports/${id(reportId)}/facts`),
  correctiveActionFacts: (actionId) => getJson(`/corrective-actions/${id(actionId)}/facts`),
  signRequestFacts: (requestId) => getJson(`/sign-requests/${id(requestId)}/facts`),
  ncaTimeline: (reportId) => getJson(`/nca-reports/${id(reportId)}/timeline`),
  ncaReportSignatures: (reportId) => getJson(`/nca-reports/${id(reportId)}/signatures`),
  addNcaComment: (reportId, text) => post(`/nca-reports/${id(reportId)}/comments`, { text }),
  mySignRequests: () => getJson('/sign-requests/mine'),
  sendSignatureCode: (requestId) => post(`/sign-requests/${id(requestId)}/sendCode`, {}),
  signWithCode: (requestId, code) => post(`/sign-requests/${id(requestId)}/sign`, { code }),
  signingTerms: () => getJson('/sign-requests/terms'),
  acceptSigningTerms: (version, language) => post('/sign-requests/terms/accept', { version, language }),
  publishSigningTerms: (textIt, textEn) => post('/sign-requests/terms', { textIt, textEn }),
  signingTermsVersions: () => getJson('/sign-requests/terms/versions'),
  verifyNcaEvidence: (reportId) => getJson(`/nca-reports/${id(reportId)}/evidence/verify`),
  rejectSignature: (requestId, explanation) => post(`/sign-requests/${id(requestId)}/reject`, { explanation }),
  remindSigner: (requestId) => post(`/sign-requests/${id(requestId)}/remind`, {}),
  ncaDashboard: (lotId, ishikawa) => getJson('/nca-reports/dashboard', { lotId, ishikawa }),
  myPermissions: () => getJson('/auth/permission/employee/me'),
  // No body: the action is the whole request.
  companyInvitation: (kind, companyId, action) => post(`/${COMPANY_PATH[kind]}/${id(companyId)}/${action}`),
  companyUsers: (kind, companyId) => getJson(`/${COMPANY_PATH[kind]}/${id(companyId)}/users`),
  inviteCompanyColleague: (kind, companyId, colleague) => post(`/${COMPANY_PATH[kind]}/${id(companyId)}/users`, colleague),
  updateCompanyContacts: async (kind, companyId, contacts) => {
    const { json } = await apiRequest(`/${COMPANY_PATH[kind]}/${id(companyId)}/contacts`, { method: 'PUT', body: { contacts } });
    return { data: json };
  },
  rdpTotals: () => getJson('/rdps-totals'),
  rdpSampleChoices: () => getJson('/rdps/sample-choices'),
  openNcaFromRdp: (rdpId, orderId) => post(`/rdps/${id(rdpId)}/openNca`, { orderId }),
  formTotals: (filters) => getJson('/forms/totals', filters),
  openNcaFromForm: (formId) => post(`/forms/${id(formId)}/openNca`, {}),
  attachFormDocument: (formId, uploadId) => post(`/forms/${id(formId)}/document`, { uploadId }),
  formRentri,
  formRegisterSites: () => getJson('/forms/register/sites'),
  rentriTransmission: () => getJson('/forms/rentri-transmission'),
};
