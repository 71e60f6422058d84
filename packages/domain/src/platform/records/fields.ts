import { z } from 'zod';

/** The fields every API record carries: `_id` and the ISO timestamps of creation and last change. */
export const ZRecordBase = z.object({
  _id: z.string().describe('UUID'),
  createdAt: z.string().describe('ISO timestamp, UTC'),
  updatedAt: z.string().describe('ISO timestamp, UTC'),
});
export type TRecordBase = z.infer<typeof ZRecordBase>;

/**
 * True for a `YYYY-MM-DD` that exists on the calendar. `Date.parse` alone is not enough: it rolls
 * 2025-02-30 over to 2 March, so the parsed date must give back the same text.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const ZDateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, 'must be a real date');
