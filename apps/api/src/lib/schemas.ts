import { z } from 'zod';

export const ZErrorBody = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string(), value: z.unknown().optional(), row: z.number().optional() })).optional(),
});

export const ZIdParams = z.object({ id: z.string() });

/** The fields every record carries. */
export const ZRecordBase = z.object({
  _id: z.string().describe('UUID'),
  createdAt: z.string().describe('ISO timestamp, UTC'),
  updatedAt: z.string().describe('ISO timestamp, UTC'),
});

export const ZDateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');
export const ZUuid = z.uuid();
export const ZEmail = z.email();
