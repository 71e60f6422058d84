/** The setting types; 'feature' holds the feature flags, the others are the NCA and laboratory-analysis lists. */
export const SETTING_TYPES = [
  'feature',
  'environmentalAspectType',
  'severityLevel',
  'referenceDocument',
  'matrix',
  'analyticPackage',
  'ncaType',
  'companyFunction',
  'defaultObserver',
] as const;

export const settingTypeChoices = SETTING_TYPES.map((type) => ({ id: type, name: `settings.types.${type}` }));
