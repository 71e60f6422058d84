import { z } from 'zod';

/** The fields every API record carries: `_id` and the ISO timestamps of creation and last change. */
export const ZRecordBase = z.object({
  _id: z.string().describe('UUID'),
  createdAt: z.string().describe('ISO timestamp, UTC'),
  updatedAt: z.string().describe('ISO timestamp, UTC'),
});
export type TRecordBase = z.infer<typeof ZRecordBase>;

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const ZDateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');
