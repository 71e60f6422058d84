import { SETTING_TYPES } from '@app/domain/platform/settings/settings';

/** The setting types (the domain's list, shared with the API); 'feature' holds the feature flags, the others are the NCA and laboratory-analysis lists. */
export { SETTING_TYPES };

export const settingTypeChoices = SETTING_TYPES.map((type) => ({ id: type, name: `settings.types.${type}` }));
