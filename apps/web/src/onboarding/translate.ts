import { applyOverrides, flattenMessages, type TMessages } from '../i18n/messages';
import type { TOverride } from '../i18n/locale';
import type { TTranslate } from './validation';

export type TOnboardingTranslate = TTranslate & { has: (key: string) => boolean };

/**
 * A translate function over the onboarding messages with the admin's label overrides, as
 * react-admin's (polyglot) behaves for these texts: `%{name}` placeholders, `smart_count` choosing
 * between "one |||| many", `_` as the default, and an unknown key (a server message) shown as it is.
 */
export function createTranslate(messages: object, overrides: TOverride[]): TOnboardingTranslate {
  const flat = flattenMessages(applyOverrides(messages as TMessages, overrides));
  const translate = (key: string, options: Record<string, unknown> = {}) => {
    let phrase = flat[key] ?? (typeof options._ === 'string' ? options._ : key);
    if (phrase.includes('||||') && typeof options.smart_count === 'number') {
      const forms = phrase.split('||||').map((form) => form.trim());
      phrase = forms[options.smart_count === 1 ? 0 : Math.min(1, forms.length - 1)];
    }
    return phrase.replace(/%\{(\w+)\}/g, (placeholder, name: string) => (options[name] === undefined ? placeholder : String(options[name])));
  };
  return Object.assign(translate, { has: (key: string) => key in flat });
}
