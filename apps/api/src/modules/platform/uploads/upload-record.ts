import { z } from 'zod';
import { uploads } from '../../../db/schema/index.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { UPLOAD_PURPOSES } from './detect-file-format.ts';

export type TUploadRow = typeof uploads.$inferSelect;

// Forms send '' for "not linked".
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** The `data` part of POST /api/uploads. */
export const ZUploadData = z
  .object({
    linkedEntityId: z.preprocess(emptyToNull, z.uuid().nullish()),
    linkedEntityType: z.preprocess(emptyToNull, z.string().trim().min(1).max(64).nullish()),
    purpose: z.enum(UPLOAD_PURPOSES).nullish().describe('Optional: without it the accepted formats follow the linked record and the detected content'),
    additionalInfo: z
      .object({
        name: z.string().max(255).nullish(),
        format: z.string().max(16).nullish(),
        fullName: z.string().max(300).nullish(),
        size: z.number().int().min(0).nullish(),
      })
      .nullish(),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  })
  .superRefine((data, ctx) => {
    if (!!data.linkedEntityId !== !!data.linkedEntityType) {
      ctx.addIssue({ code: 'custom', path: [data.linkedEntityId ? 'linkedEntityType' : 'linkedEntityId'], message: 'linkedEntityId and linkedEntityType go together' });
    }
  });
export type TUploadData = z.infer<typeof ZUploadData>;

export const ZUploadRecord = ZRecordBase.extend({
  ownerId: z.string(),
  linkedEntityId: z.string().nullable(),
  linkedEntityType: z.string().nullable(),
  purpose: z.string(),
  name: z.string(),
  format: z.string(),
  fullName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  tags: z.array(z.string()),
  additionalInfo: z.object({ name: z.string(), format: z.string(), fullName: z.string(), size: z.number() }),
});

export function uploadToRecord(row: TUploadRow) {
  const fullName = `${row.name}.${row.format}`;
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ownerId: row.ownerId,
    linkedEntityId: row.linkedEntityId,
    linkedEntityType: row.linkedEntityType,
    purpose: row.purpose,
    name: row.name,
    format: row.format,
    fullName,
    mimeType: row.mimeType,
    size: row.size,
    sha256: row.sha256,
    tags: row.tags,
    additionalInfo: { name: row.name, format: row.format, fullName, size: row.size },
  };
}

/**
 * A display name from whatever the client sent: last path segment only, no control or quote
 * characters, no extension (the stored format is the detected one), at most 120 characters.
 */
export function safeBaseName(raw: string | null | undefined): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(/[\p{Cc}"<>|:*?]/gu, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120)
    .trim();
  return cleaned || 'file';
}

/** Extension the client claims, from the explicit format or the file name. */
export function claimedExtension(format: string | null | undefined, fileName: string | null | undefined): string | null {
  if (format) return format.replace(/^\./, '').toLowerCase();
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName ?? '');
  return match ? match[1].toLowerCase() : null;
}

/** Content-Disposition for a download: an ASCII fallback plus the exact UTF-8 name (RFC 6266/5987). */
export function contentDisposition(fullName: string): string {
  const ascii =
    fullName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;%]/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(fullName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
