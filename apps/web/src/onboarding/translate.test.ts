import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../i18n/messages';
import { onboardingEn } from './i18n/onboarding.en';
import { onboardingIt } from './i18n/onboarding.it';
import { createTranslate } from './translate';

describe('createTranslate (the sign-in pages without react-admin)', () => {
  it('translates, interpolates and falls back like polyglot with allowMissing', () => {
    const translate = createTranslate({ a: { b: 'Ciao %{name}', count: 'un file |||| %{smart_count} file' } }, []);
    expect(translate('a.b', { name: 'Elena' })).toBe('Ciao Elena');
    expect(translate('a.count', { smart_count: 1 })).toBe('un file');
    expect(translate('a.count', { smart_count: 3 })).toBe('3 file');
    expect(translate('a.missing', { _: 'Default' })).toBe('Default');
    expect(translate('The server said no')).toBe('The server said no');
    expect(translate.has('a.b')).toBe(true);
    expect(translate.has('a.missing')).toBe(false);
  });

  it('applies the labels an admin saved', () => {
    const translate = createTranslate(onboardingIt, [{ key: 'onboarding.login.submit', value: 'Entra' }]);
    expect(translate('onboarding.login.submit')).toBe('Entra');
  });

  it('has the same keys in Italian and English', () => {
    expect(Object.keys(flattenMessages(onboardingEn)).sort()).toEqual(Object.keys(flattenMessages(onboardingIt)).sort());
  });
});
