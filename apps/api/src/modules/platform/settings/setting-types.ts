import { AGENCY_FUNCTION_TYPES, AMBIENT_CATEGORIES, ENVIRONMENTAL_SETTING_TYPES, REQUIRED_ATTRIBUTE_BY_TYPE } from '@app/domain/environmental/settings';

/**
 * Setting types: `feature` rows are the product's feature flags; the others are the lists the
 * environmental-compliance (NCA) area picks from, declared by that area's domain.
 */
export const NCA_SETTING_TYPES = ENVIRONMENTAL_SETTING_TYPES;
export const SETTING_TYPES = ['feature', ...ENVIRONMENTAL_SETTING_TYPES] as const;
export type TSettingType = (typeof SETTING_TYPES)[number];

export { AGENCY_FUNCTION_TYPES, AMBIENT_CATEGORIES, REQUIRED_ATTRIBUTE_BY_TYPE };
