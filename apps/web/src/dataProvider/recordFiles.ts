import { fetchFileBlob } from './files';
import { apiRequest } from './httpClient';

/*
 * Files linked to a record (a stay's documents, a comune's logo) through the uploads API, and the
 * comune's filing settings: calls beyond the collection contract, as custom methods of the data
 * provider. The API decides who may see, add and delete each file.
 */

export type TRecordFile = { _id: string; createdAt: string; ownerId: string; name: string; format: string; fullName: string; size: number; mimeType: string; tags: string[] };

export type TFilingSettings = { cityId: string; remindersEnabled: boolean; reminderDaysAhead: number; modello21Required: boolean };
export type TFilingSettingsInput = { remindersEnabled?: boolean; reminderDaysAhead?: number };

const id = (value: string) => encodeURIComponent(value);

export type TRecordFileMethods = {
  /** GET /uploads?linkedEntityType&linkedEntityId: the files of one record, newest first. */
  listRecordFiles(linkedEntityType: string, linkedEntityId: string): Promise<{ data: TRecordFile[] }>;
  deleteUpload(uploadId: string): Promise<{ data: { _id: string } }>;
  /** An object URL of an uploaded image, for an <img>; the caller revokes it. */
  uploadObjectUrl(uploadId: string): Promise<{ data: string }>;
  /** The comune's filing settings (an admin names the comune). */
  getFilingSettings(cityId?: string): Promise<{ data: TFilingSettings }>;
  updateFilingSettings(cityId: string | undefined, input: TFilingSettingsInput): Promise<{ data: TFilingSettings }>;
};

export const recordFileMethods: TRecordFileMethods = {
  listRecordFiles: async (linkedEntityType, linkedEntityId) => {
    const { json } = await apiRequest<TRecordFile[]>('/uploads', { query: { linkedEntityType, linkedEntityId } });
    return { data: json ?? [] };
  },
  deleteUpload: async (uploadId) => {
    const { json } = await apiRequest<{ _id: string }>(`/uploads/${id(uploadId)}`, { method: 'DELETE' });
    return { data: json };
  },
  uploadObjectUrl: async (uploadId) => ({ data: URL.createObjectURL(await fetchFileBlob(`/uploads/${id(uploadId)}/download`)) }),
  getFilingSettings: async (cityId) => {
    const { json } = await apiRequest<TFilingSettings>('/filing-settings', { query: { cityId } });
    return { data: json };
  },
  updateFilingSettings: async (cityId, input) => {
    const { json } = await apiRequest<TFilingSettings>('/filing-settings', { method: 'PUT', query: { cityId }, body: input });
    return { data: json };
  },
};
