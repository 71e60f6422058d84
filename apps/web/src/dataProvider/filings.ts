import type { TDeadlineRule } from '@app/domain/tourist-tax/filings/deadline-rules';
import type { TQueryValue } from './httpClient';
import { apiRequest } from './httpClient';
import { downloadFile, uploadWithProgress } from './files';

/*
 * The calls of the filings API that are not plain collection CRUD (dashboards, Modello 21 info,
 * declaration payment and attachments, period generation, communication receipts) and the file
 * calls (uploads with progress, downloads), as custom methods of the data provider. Each answers
 * `{ data }` like the react-admin methods and rejects with the API's HttpError (message = the
 * errors.<CODE> key when we have it).
 */

export type TDashboardStructureItem = { structureId: string; name: string };

export type TCityDashboard = {
  period: { _id: string; periodName: string; dateFrom: string; dateTo: string; submitBy: string; payBy: string } | null;
  counts: { structures: number; declared: number; notDeclared: number; paid: number; lateSubmission: number; latePayment: number } | null;
  amounts: { taxDeclared: number; taxCollectedFromGuests: number; taxNotCollected: number; taxPaidToComune: number; taxOutstanding: number } | null;
  lists: {
    declared: TDashboardStructureItem[];
    notDeclared: TDashboardStructureItem[];
    paid: TDashboardStructureItem[];
    lateSubmission: TDashboardStructureItem[];
    latePayment: TDashboardStructureItem[];
  } | null;
  charts: { byStructureTypeAndMonth: { structureTypeId: string | null; structureTypeName: string | null; month: number; stays: number; nights: number; presences: number }[] };
  toCheck: { structureId: string; name: string; reason: 'never_declared' | 'zero_guests_had_guests_last_year'; detail: string }[];
};

export type THotelierDashboard = {
  structures: { _id: string; name: string; cityName: string }[];
  nextDeadlines: {
    structureId: string;
    structureName: string;
    periodName: string;
    kind: 'submit' | 'pay';
    date: string;
    daysLeft: number;
    declarationId: string | null;
    declarationTemplateId: string;
  }[];
  toDo: {
    structureId: string;
    structureName: string;
    action: 'create' | 'submit' | 'fix_returned' | 'pay' | 'modello21';
    overdue: boolean;
    periodName?: string;
    declarationId?: string | null;
    declarationTemplateId?: string;
    reason?: string | null;
    year?: number;
    twentyOneModelId?: string | null;
    deadline?: string;
    submitBy?: string;
    payBy?: string;
    /** The deadline of this item (submission, payment or Modello 21). */
    dueDate?: string;
    /** A payment of a declaration that was submitted after its deadline. */
    submittedLate?: boolean;
  }[];
};

export type TCityDashboardQuery = { year: number; declarationTemplateId?: string; cityId?: string };

export type TModello21Info = {
  required: boolean;
  deadline: string;
  daysToDeadline: number;
  reconciled: boolean;
  canSubmit: boolean;
  cityName: string;
  structureName: string;
  issues: { path: string; message: string; month?: number }[];
  warnings: { path: string; message: string }[];
};

/** The payment to the comune; the amount in euros (null: the amount due), the receipt an upload. */
export type TPaymentInput = {
  paymentDate: string;
  trn: string;
  paidAmount: number | null;
  paymentReceiptUploadId?: string;
  /** The treasury's reversale / ordinativo number and quietanza number, when known. */
  treasuryReference?: string | null;
  receiptNumber?: string | null;
};

/** One payment of a declaration (GET /api/declarations/:id/payments). */
export type TDeclarationPayment = {
  _id: string;
  paymentDate: string;
  amount: number;
  trn: string;
  treasuryReference: string | null;
  receiptNumber: string | null;
};

/** pagoPA notice data of a declaration (GET /api/declarations/:id/pagopa); amounts in cents. */
export type TPagopaNotice = {
  noticeNumber: string;
  iuv: string;
  creditorTaxCode: string;
  amountCents: number;
  dueDate: string;
  qrPayload: string;
};

export type TAttachmentDocumentType = 'identity_card' | 'passport' | 'driving_licence' | 'other';

export type TAttachment = {
  _id: string;
  createdAt: string;
  uploadId: string;
  fileName: string;
  fileDescription: string | null;
  documentType: TAttachmentDocumentType;
  isReBindable: boolean;
};

export type TAttachmentInput = { uploadId: string; fileName: string; fileDescription: string | null; documentType: TAttachmentDocumentType };

export type TGeneratePeriodsInput = {
  year: number;
  frequency: 'quarterly' | 'monthly' | 'fourMonthly';
  submitOffsetDays: number;
  payOffsetDays: number;
  /** A deadline as the regulation writes it ("by the 16th of the following month"); overrides the offset. */
  submitRule?: TDeadlineRule;
  payRule?: TDeadlineRule;
  /** Move a deadline off Saturdays, Sundays and Italian public holidays (the API's default: true). */
  workingDays?: boolean;
  cityId?: string;
};

export type TCommunicationRecipient = { userId: string; email: string; name: string | null; surname: string | null; commercialName: string | null; readAt: string | null; hasRead: boolean };

export type TUploadRecord = { _id: string; name: string; format: string; size: number };

/** The API's upload purposes decide the accepted formats (checked on the bytes). */
export function uploadPurposeFor(fileName: string): 'pdf' | 'p7m' | 'image' | 'document' {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'p7m') return 'p7m';
  if (['jpg', 'jpeg', 'png', 'gif'].includes(extension)) return 'image';
  return 'document';
}

const id = (value: string) => encodeURIComponent(value);

async function getJson<T>(path: string, query?: Record<string, TQueryValue>): Promise<{ data: T }> {
  const { json } = await apiRequest<T>(path, { query });
  return { data: json };
}

async function send<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ data: T }> {
  const { json } = await apiRequest<T>(path, { method, body: method === 'POST' ? (body ?? {}) : undefined });
  return { data: json };
}

export type TFilingMethods = {
  /** GET /dashboards/city: the comune's figures of a period. */
  cityDashboard(query: TCityDashboardQuery): Promise<{ data: TCityDashboard }>;
  /** GET /dashboards/hotelier: the hotelier's structures, deadlines and to-dos. */
  hotelierDashboard(query: { year: number }): Promise<{ data: THotelierDashboard }>;
  modello21Info(modelId: string): Promise<{ data: TModello21Info }>;
  /** Answers the declaration as it is after the payment (amounts in euros). */
  recordPayment(declarationId: string, payment: TPaymentInput): Promise<{ data: Record<string, unknown> }>;
  declarationPayments(declarationId: string): Promise<{ data: TDeclarationPayment[] }>;
  listAttachments(declarationId: string): Promise<{ data: TAttachment[] }>;
  /** 409 PAGOPA_NOTHING_DUE / PAGOPA_NOT_CONFIGURED when no notice can be issued. */
  declarationPagopa(declarationId: string): Promise<{ data: TPagopaNotice }>;
  addAttachment(declarationId: string, attachment: TAttachmentInput): Promise<{ data: TAttachment }>;
  removeAttachment(declarationId: string, attachmentId: string): Promise<{ data: { _id: string } }>;
  /** Creates all the periods of a comune's year; answers the periods created. */
  generatePeriods(input: TGeneratePeriodsInput): Promise<{ data: Record<string, unknown>[] }>;
  communicationRecipients(communicationId: string): Promise<{ data: TCommunicationRecipient[] }>;
  markCommunicationRead(communicationId: string): Promise<{ data: unknown }>;
  /**
   * POST /uploads: the file, optionally linked to a record (the API checks the caller may change it)
   * and tagged (a corrective action's document carries the document's name), with upload progress in percent.
   */
  upload(file: File, options?: { link?: { type: string; id: string }; tags?: string[]; onProgress?: (percent: number) => void }): Promise<{ data: TUploadRecord }>;
  /** GET a file of the API and hand it to the browser as a download (the server's file name, else `fileName`). */
  download(path: string, options: { query?: Record<string, TQueryValue>; fileName: string }): Promise<{ data: null }>;
};

export const filingMethods: TFilingMethods = {
  cityDashboard: (query) => getJson('/dashboards/city', query),
  hotelierDashboard: (query) => getJson('/dashboards/hotelier', query),
  modello21Info: (modelId) => getJson(`/twenty-one-models/${id(modelId)}/info`),
  recordPayment: (declarationId, payment) => send('POST', `/declarations/${id(declarationId)}/payment`, payment),
  declarationPayments: (declarationId) => getJson(`/declarations/${id(declarationId)}/payments`),
  listAttachments: (declarationId) => getJson(`/declarations/${id(declarationId)}/attachments`),
  declarationPagopa: (declarationId) => getJson(`/declarations/${id(declarationId)}/pagopa`),
  addAttachment: (declarationId, attachment) => send('POST', `/declarations/${id(declarationId)}/attachments`, attachment),
  removeAttachment: (declarationId, attachmentId) => send('DELETE', `/declarations/${id(declarationId)}/attachments/${id(attachmentId)}`),
  generatePeriods: (input) => send('POST', '/declaration-templates/generate', input),
  communicationRecipients: (communicationId) => getJson(`/communications/${id(communicationId)}/recipients`),
  markCommunicationRead: (communicationId) => send('POST', `/communications/${id(communicationId)}/read`, {}),

  upload: async (file, { link, tags = [], onProgress } = {}) => {
    const form = new FormData();
    const dot = file.name.lastIndexOf('.');
    const data = {
      linkedEntityType: link?.type ?? null,
      linkedEntityId: link?.id ?? null,
      purpose: uploadPurposeFor(file.name),
      additionalInfo: {
        name: dot > 0 ? file.name.slice(0, dot) : file.name,
        format: dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '',
        fullName: file.name,
        size: file.size,
      },
      tags,
    };
    // The JSON part first: the server reads `data` before it streams the file.
    form.append('data', JSON.stringify(data));
    form.append('file', file, file.name);
    const record = await uploadWithProgress<TUploadRecord>('/uploads', form, ({ loaded, total }) => onProgress?.(total > 0 ? Math.round((loaded / total) * 100) : 0));
    return { data: record };
  },

  download: async (path, { query = {}, fileName }) => {
    await downloadFile(path, query, fileName);
    return { data: null };
  },
};
