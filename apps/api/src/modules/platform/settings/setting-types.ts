/**
 * Setting types of spec sections 3 and 9. `feature` rows are the product's feature flags; the
 * others are the lists the environmental-compliance (NCA) area picks from.
 */
export const NCA_SETTING_TYPES = [
  'environmentalAspectType',
  'severityLevel',
  'referenceDocument',
  'matrix',
  'analyticPackage',
  'ncaType',
  'companyFunction',
  'defaultObserver',
] as const;
export const SETTING_TYPES = ['feature', ...NCA_SETTING_TYPES] as const;
export type TSettingType = (typeof SETTING_TYPES)[number];

/** The six environmental categories of spec section 9. */
export const AMBIENT_CATEGORIES = [
  'environmentalManagementSystem',
  'wasteManagement',
  'excavationSoilAndRock',
  'singleEnvironmentalComponents',
  'emergencyResponse',
  'stakeholderRelations',
] as const;

/** Company function types: the consortium itself or its agencies (suppliers). */
export const AGENCY_FUNCTION_TYPES = ['consortium', 'agencies'] as const;

/** Which optional attribute each type requires; the attribute is refused on every other type. */
export const REQUIRED_ATTRIBUTE_BY_TYPE: Partial<Record<TSettingType, 'ambientCategory' | 'agencyFunctionType' | 'userId'>> = {
  environmentalAspectType: 'ambientCategory',
  companyFunction: 'agencyFunctionType',
  defaultObserver: 'userId',
};
