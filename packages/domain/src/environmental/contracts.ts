import { z } from 'zod';
import { ZEuros, ZOptionalText, ZRecordBase, ZRequiredText } from './fields.ts';

/**
 * A line of a laboratory's price list (contract): one article, with the matrix and analytic package
 * it applies to (lab analysis settings), priced in integer cents inside and in euros in the API.
 * A line is identified by laboratory, contract code and article code.
 */
const contractFields = {
  code: ZRequiredText(50).describe('Contract code; the lines of one price list share it'),
  laboratoryId: z.uuid(),
  articleCode: ZRequiredText(50),
  articleName: ZRequiredText(500),
  packetCode: ZOptionalText(50),
  matrixSettingId: z.uuid().nullable().optional().describe('Setting of type matrix'),
  analyticPackageSettingId: z.uuid().nullable().optional().describe('Setting of type analyticPackage'),
  price: ZEuros,
};

export const ZContractCreate = z.object(contractFields);
export const ZContractUpdate = z.object(contractFields).omit({ laboratoryId: true }).partial();

export const ZContractRecord = ZRecordBase.extend({
  code: z.string(),
  laboratoryId: z.string(),
  articleCode: z.string(),
  articleName: z.string(),
  packetCode: z.string().nullable(),
  matrixSettingId: z.string().nullable(),
  analyticPackageSettingId: z.string().nullable(),
  price: z.number().describe('Euros'),
});

export type TContractCreate = z.infer<typeof ZContractCreate>;
export type TContractRecord = z.infer<typeof ZContractRecord>;
