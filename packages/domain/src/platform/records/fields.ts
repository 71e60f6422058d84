import { z } from 'zod';

/** The fields every API record carries: `_id` and the ISO timestamps of creation and last change. */
export const ZRecordBase = z.object({
  _id: z.string().describe('UUID'),
  createdAt: z.string().describe('ISO timestamp, UTC'),
  updatedAt: z.string().describe('ISO timestamp, UTC'),
});
export type TRecordBase = z.infer<typeof ZRecordBase>;

/** A calendar date, `YYYY-MM-DD`, that exists (2025-02-30 does not: Date.parse would roll it over to March). */
export const ZDateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isRealCalendarDate, 'must be a real date');

function isRealCalendarDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
