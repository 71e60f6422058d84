import { z } from 'zod';
import { ZRecordBase } from '../platform/records/index.ts';

/**
 * A comune's message to its hoteliers (all, or the chosen structures): the POST body (the HTML is
 * sanitised on the server) and the record, with its read counts where the list computes them.
 */
export const COMMUNICATION_AUDIENCES = ['all', 'structures'] as const;

export const ZCommunicationInput = z.object({
  cityId: z.uuid().optional().describe('Admins choose the comune'),
  title: z.string().trim().min(1, 'validation.required').max(200),
  text: z.string().min(1, 'validation.required').max(50_000).describe('HTML; sanitised on the server'),
  audience: z.enum(COMMUNICATION_AUDIENCES).default('all'),
  structureIds: z.array(z.uuid()).max(5000).default([]).describe('With audience "structures": the chosen structures'),
});

export const ZCommunicationRecord = ZRecordBase.extend({
  cityId: z.string(),
  title: z.string(),
  text: z.string(),
  audience: z.enum(COMMUNICATION_AUDIENCES),
  structureIds: z.array(z.string()),
  authorId: z.string().nullable(),
  recipientsCount: z.number().optional(),
  readCount: z.number().optional(),
});

export type TCommunicationInput = z.infer<typeof ZCommunicationInput>;
export type TCommunicationRecord = z.infer<typeof ZCommunicationRecord>;
