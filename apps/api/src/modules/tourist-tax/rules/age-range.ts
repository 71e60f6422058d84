import { z } from 'zod';

/**
 * The age range of an exemption or reduction: completed years, both ends inclusive ("under 12" is
 * ageTo 11), taken on the check-in date unless the regulation says check-out.
 */
const ZAge = z.number().int('must be a whole number').min(0).max(150).nullable().optional();

export const ZAgeRangeInput = z.object({
  ageFrom: ZAge.describe('Completed years, inclusive; empty = no lower bound'),
  ageTo: ZAge.describe('Completed years, inclusive ("under 12" = 11); empty = no upper bound'),
  ageOn: z.enum(['checkIn', 'checkOut']).nullable().optional().describe('Date the age is taken on; default checkIn'),
});

export const ZAgeRangeRecord = z.object({
  ageFrom: z.number().nullable(),
  ageTo: z.number().nullable(),
  ageOn: z.enum(['checkIn', 'checkOut']).nullable(),
});
