import { apiRequest } from '../../dataProvider/httpClient';
import { uploadWithProgress } from '../../dataProvider/files';

/*
 * Calls of the filings API that are not plain collection CRUD: declaration transitions and payment,
 * attachments, Modello 21 steps, communication receipts, dashboards. Errors reject with the API's
 * HttpError (message = errors.<CODE> key when we have it), as the data provider does.
 */

export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  const { json } = await apiRequest<T>(path, { method: 'POST', body });
  return json;
}

export async function getJson<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
  const { json } = await apiRequest<T>(path, { query });
  return json;
}

export async function deleteJson<T>(path: string): Promise<T> {
  const { json } = await apiRequest<T>(path, { method: 'DELETE' });
  return json;
}

export type TUploadRecord = { _id: string; name: string; format: string; size: number };

/** The API's upload purposes decide the accepted formats (checked on the bytes). */
export function uploadPurposeFor(fileName: string): 'pdf' | 'image' | 'document' {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'pdf') return 'pdf';
  if (['jpg', 'jpeg', 'png', 'gif'].includes(extension)) return 'image';
  return 'document';
}

/** POST /api/uploads: the file, optionally linked to a record (the API checks the caller may change it). */
export function uploadFile(file: File, link?: { type: string; id: string }, onProgress: (percent: number) => void = () => undefined): Promise<TUploadRecord> {
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
    tags: [],
  };
  // The JSON part first: the server reads `data` before it streams the file.
  form.append('data', JSON.stringify(data));
  form.append('file', file, file.name);
  return uploadWithProgress<TUploadRecord>('/uploads', form, ({ loaded, total }) => onProgress(total > 0 ? Math.round((loaded / total) * 100) : 0));
}

/** Accepted extensions of declaration attachments and payment receipts (identity documents, receipts). */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'png', 'gif'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
