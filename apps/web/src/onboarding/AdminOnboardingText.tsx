import { useMemo, type ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { OnboardingTextContext, type TOnboardingText } from './onboardingText';

/** The onboarding pieces used inside the admin app (password field, checklist, bot check, language switch) speak through react-admin. */
export function AdminOnboardingText({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const notify = useNotify();
  const value = useMemo<TOnboardingText>(() => ({ translate, locale, setLocale, notify: (message, options) => notify(message, options) }), [translate, locale, setLocale, notify]);
  return <OnboardingTextContext.Provider value={value}>{children}</OnboardingTextContext.Provider>;
}
