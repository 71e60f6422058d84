import { z } from 'zod';
import { AGENCY_FUNCTION_TYPES, AMBIENT_CATEGORIES, ENVIRONMENTAL_SETTING_TYPES, ZColor, ZSettingCode } from '../../environmental/settings.ts';
import { ZRecordBase } from '../records/index.ts';

/**
 * Setting types: `feature` rows are the product's feature flags; the others are the lists the
 * environmental-compliance (NCA) area picks from, declared by that area's domain.
 */
export const NCA_SETTING_TYPES = ENVIRONMENTAL_SETTING_TYPES;
export const SETTING_TYPES = ['feature', ...ENVIRONMENTAL_SETTING_TYPES] as const;
export type TSettingType = (typeof SETTING_TYPES)[number];

/** POST body: feature flags are part of the product, so only the NCA lists are created. */
export const ZSettingCreate = z.object({
  settingType: z.enum(NCA_SETTING_TYPES),
  code: ZSettingCode.optional(),
  name: z.string().trim().min(1, 'validation.required').max(200).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  isActive: z.boolean().default(true),
  color: ZColor.nullable().optional(),
  ambientCategory: z.enum(AMBIENT_CATEGORIES).nullable().optional(),
  agencyFunctionType: z.enum(AGENCY_FUNCTION_TYPES).nullable().optional(),
  /** Default observers: the observing user (its id is also the setting's code). */
  userId: z.uuid().optional(),
});

/** PUT body: partial, without the create defaults; the type is echoed back, never changed. */
export const ZSettingUpdate = ZSettingCreate.omit({ settingType: true, isActive: true })
  .partial()
  .extend({ settingType: z.enum(SETTING_TYPES).optional(), isActive: z.boolean().optional() });

export const ZSettingRecord = ZRecordBase.extend({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  settingType: z.enum(SETTING_TYPES),
  isActive: z.boolean(),
  color: z.string().nullable(),
  ambientCategory: z.string().nullable(),
  agencyFunctionType: z.string().nullable(),
  isSystem: z.boolean(),
  userId: z.string().nullable(),
});

export type TSettingCreate = z.infer<typeof ZSettingCreate>;
export type TSettingUpdate = z.infer<typeof ZSettingUpdate>;
export type TSettingRecord = z.infer<typeof ZSettingRecord>;
