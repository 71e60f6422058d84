import { createHash } from 'node:crypto';
import { uploads } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';

/** The largest draft or signed file of a lab report: the multipart limit of the RDP file routes (routes.ts), checked again before verification. */
export const rdpFileMaxBytes = (config: { uploadMaxBytes: number }) => Math.max(config.uploadMaxBytes, 32 * 2 ** 20);

export type TRdpUploadFile = { bytes: Buffer; name: string; format: 'pdf' | 'p7m'; storageKey: string; tags: string[] };

/** The upload row of a file stored for a lab test report: a PDF or a signed .p7m, with its SHA-256. */
export async function insertRdpUploadRow(tx: TTx, ownerId: string, rdpId: string, file: TRdpUploadFile) {
  const [row] = await tx
    .insert(uploads)
    .values({
      ownerId,
      linkedEntityType: 'rdps',
      linkedEntityId: rdpId,
      purpose: file.format,
      name: file.name,
      format: file.format,
      mimeType: file.format === 'pdf' ? 'application/pdf' : 'application/pkcs7-mime',
      size: file.bytes.length,
      storageKey: file.storageKey,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      tags: file.tags,
    })
    .returning();
  return row;
}
