import { useRecordContext, useTranslate } from 'react-admin';
import type { TSettingRecord } from '@app/domain/platform/settings/settings';

type TSettingLike = Pick<TSettingRecord, 'code' | 'name' | 'settingType'>;

/** A feature flag's name in the user's language (its code names the message); other settings keep the name they were given. */
export function useSettingName(): (setting: TSettingLike | undefined) => string {
  const translate = useTranslate();
  return (setting) => {
    if (!setting) return '';
    if (setting.settingType !== 'feature') return setting.name || setting.code;
    return translate(`settings.flags.${setting.code}.name`, { _: setting.name || setting.code });
  };
}

/** A feature flag's description in the user's language, else the stored one. */
export function useSettingDescription(): (setting: (TSettingLike & { description: string | null }) | undefined) => string {
  const translate = useTranslate();
  return (setting) => {
    if (!setting) return '';
    if (setting.settingType !== 'feature') return setting.description ?? '';
    return translate(`settings.flags.${setting.code}.description`, { _: setting.description ?? '' });
  };
}

/** The name column of the settings list. */
export function SettingNameField() {
  const record = useRecordContext<TSettingRecord>();
  return <>{useSettingName()(record)}</>;
}
