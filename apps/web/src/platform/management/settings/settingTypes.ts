/** Spec 9 setting types; 'feature' holds the feature flags. */
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
