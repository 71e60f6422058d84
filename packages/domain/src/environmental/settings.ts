import { z } from 'zod';
import { ZRecordBase } from './fields.ts';
import { isOneOf } from '../platform/records/index.ts';

/**
 * The lists the environmental area picks from, kept as settings (one table, `settingType`):
 * the NCA settings (environmental aspects, severity levels, reference documents, NCA types, company
 * functions, default observers) and the laboratory analysis settings (matrices, analytic packages).
 */
export const NCA_SETTING_TYPES = ['environmentalAspectType', 'severityLevel', 'referenceDocument', 'ncaType', 'companyFunction', 'defaultObserver'] as const;
export const LAB_ANALYSIS_SETTING_TYPES = ['matrix', 'analyticPackage'] as const;
/** Every environmental setting type, in the order the settings screens list them. */
export const ENVIRONMENTAL_SETTING_TYPES = ['environmentalAspectType', 'severityLevel', 'referenceDocument', 'matrix', 'analyticPackage', 'ncaType', 'companyFunction', 'defaultObserver'] as const;
export type TEnvironmentalSettingType = (typeof ENVIRONMENTAL_SETTING_TYPES)[number];

export function isEnvironmentalSettingType(type: string): type is TEnvironmentalSettingType {
  return isOneOf(ENVIRONMENTAL_SETTING_TYPES, type);
}

/** The six environmental categories an environmental aspect belongs to. */
export const AMBIENT_CATEGORIES = ['environmentalManagementSystem', 'wasteManagement', 'excavationSoilAndRock', 'singleEnvironmentalComponents', 'emergencyResponse', 'stakeholderRelations'] as const;
export type TAmbientCategory = (typeof AMBIENT_CATEGORIES)[number];

/** Company function types: the consortium itself or its agencies (suppliers). */
export const AGENCY_FUNCTION_TYPES = ['consortium', 'agencies'] as const;
export type TAgencyFunctionType = (typeof AGENCY_FUNCTION_TYPES)[number];

/** The attribute a type requires; the attribute is refused on every other type. */
export const REQUIRED_ATTRIBUTE_BY_TYPE: Partial<Record<TEnvironmentalSettingType, 'ambientCategory' | 'agencyFunctionType' | 'userId'>> = {
  environmentalAspectType: 'ambientCategory',
  companyFunction: 'agencyFunctionType',
  defaultObserver: 'userId',
};

/** A display colour (severity levels use it to mark reports). */
export const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
export const ZSettingCode = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');

export const ZEnvironmentalSettingCreate = z.object({
  settingType: z.enum(ENVIRONMENTAL_SETTING_TYPES),
  code: ZSettingCode.optional().describe('Derived from the name when omitted; a default observer has its user id'),
  name: z.string().trim().min(1, 'validation.required').max(200).optional().describe("Required, except for a default observer (the user's name)"),
  description: z.string().trim().max(2000).nullable().optional(),
  isActive: z.boolean().default(true),
  color: ZColor.nullable().optional(),
  ambientCategory: z.enum(AMBIENT_CATEGORIES).nullable().optional(),
  agencyFunctionType: z.enum(AGENCY_FUNCTION_TYPES).nullable().optional(),
  userId: z.uuid().optional().describe('Default observers: the observing user'),
  needsContainment: z.boolean().optional().describe('Severity levels: phase 1 needs an immediate containment action before it is signed'),
  effectivenessCheckDays: z.number().int().min(1).max(730).nullable().optional().describe('Severity levels: days from closing to the effectiveness check (null: 60)'),
  severityRank: z.number().int().min(1).max(99).nullable().optional().describe('Severity levels: the order of gravity, 1 the mildest; lists and pickers sort by it'),
});

export const ZEnvironmentalSettingUpdate = ZEnvironmentalSettingCreate.omit({ settingType: true, isActive: true }).partial().extend({ isActive: z.boolean().optional() });

export const ZEnvironmentalSettingRecord = ZRecordBase.extend({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  settingType: z.enum(ENVIRONMENTAL_SETTING_TYPES),
  isActive: z.boolean(),
  color: z.string().nullable(),
  ambientCategory: z.enum(AMBIENT_CATEGORIES).nullable(),
  agencyFunctionType: z.enum(AGENCY_FUNCTION_TYPES).nullable(),
  userId: z.string().nullable(),
  needsContainment: z.boolean(),
  effectivenessCheckDays: z.number().int().nullable(),
  severityRank: z.number().int().nullable().optional(),
});

export type TEnvironmentalSettingCreate = z.infer<typeof ZEnvironmentalSettingCreate>;

/** Problems of the type-specific attributes of a setting as it will be after a write (paths relative). */
export function settingAttributeProblems(
  type: TEnvironmentalSettingType,
  attributes: { ambientCategory?: unknown; agencyFunctionType?: unknown; userId?: unknown; needsContainment?: boolean; effectivenessCheckDays?: number | null; severityRank?: number | null },
): { path: string; message: string; value?: unknown }[] {
  const problems: { path: string; message: string; value?: unknown }[] = [];
  // The CAPA attributes belong to severity levels only.
  if (type !== 'severityLevel') {
    if (attributes.needsContainment) problems.push({ path: 'needsContainment', message: `not used by setting type ${type}`, value: true });
    if (attributes.effectivenessCheckDays !== null && attributes.effectivenessCheckDays !== undefined)
      problems.push({ path: 'effectivenessCheckDays', message: `not used by setting type ${type}`, value: attributes.effectivenessCheckDays });
    if (attributes.severityRank !== null && attributes.severityRank !== undefined) problems.push({ path: 'severityRank', message: `not used by setting type ${type}`, value: attributes.severityRank });
  }
  for (const attribute of ['ambientCategory', 'agencyFunctionType', 'userId'] as const) {
    const value = attributes[attribute];
    const required = REQUIRED_ATTRIBUTE_BY_TYPE[type] === attribute;
    if (required && !value) problems.push({ path: attribute, message: 'validation.required' });
    if (!required && value) problems.push({ path: attribute, message: `not used by setting type ${type}`, value });
  }
  return problems;
}
