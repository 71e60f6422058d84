import { z } from 'zod';
import { ZOptionalText, ZRecordBase, ZRequiredText, ZWarning, type TWarning } from './fields.ts';
import { checkCig, checkCup, normalizeProcurementCode, type TCigCheck, type TCupCheck } from './procurement-codes.ts';

/**
 * A lot (lotto) of the consortium's works: the unit a public contract is awarded on, identified by
 * its CIG, funded under a CUP. A malformed CIG or CUP, or a CIG whose published check characters do
 * not match, is refused naming the field; a doubtful one is kept and reported in `warnings`.
 */

function procurementCode(check: (value: string) => TCigCheck | TCupCheck, description: string) {
  return z
    .string()
    .max(40)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : normalizeProcurementCode(v)))
    .superRefine((v, ctx) => {
      if (typeof v !== 'string') return;
      const result = check(v);
      if (result.verdict === 'invalid') ctx.addIssue({ code: 'custom', message: result.message ?? 'not valid', params: { reason: result.reason } });
    })
    .describe(description);
}

export const ZCig = procurementCode(checkCig, 'CIG: classic (7 digits + 3 check characters), smart (X/Y/Z) or PCP; upper case, no spaces');
export const ZCup = procurementCode(checkCup, 'CUP: 15 letters and digits');

const lotFields = {
  name: ZRequiredText(200),
  code: ZRequiredText(50).describe('The lot code, unique'),
  cig: ZCig,
  cup: ZCup,
  functionalCode: ZOptionalText(50),
  description: ZOptionalText(4000),
};

export const ZLotCreate = z.object(lotFields);
export const ZLotUpdate = z.object(lotFields).partial();

export const ZLotRecord = ZRecordBase.extend({
  name: z.string(),
  code: z.string(),
  cig: z.string().nullable(),
  cup: z.string().nullable(),
  functionalCode: z.string().nullable(),
  description: z.string().nullable(),
  warnings: z.array(ZWarning).describe('Doubtful CIG or CUP that was accepted'),
});

export type TLotCreate = z.infer<typeof ZLotCreate>;
export type TLotRecord = z.infer<typeof ZLotRecord>;

/** The doubts about a lot's stored codes (empty when both are plainly valid or absent). */
export function lotWarnings(lot: { cig?: string | null; cup?: string | null }): TWarning[] {
  const warnings: TWarning[] = [];
  for (const [path, value, check] of [
    ['cig', lot.cig, checkCig],
    ['cup', lot.cup, checkCup],
  ] as const) {
    if (!value) continue;
    const result = check(value);
    if (result.verdict !== 'valid') warnings.push({ path, message: result.message ?? 'check the code', ...(result.reason ? { reason: result.reason } : {}) });
  }
  return warnings;
}
