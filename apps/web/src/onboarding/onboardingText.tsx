import { createContext, useContext } from 'react';
import type { TTranslate } from './validation';

export type TNoticeType = 'success' | 'error' | 'info' | 'warning';

/**
 * What the onboarding pages need from the app around them: texts, the language and notices. The
 * sign-in entry provides it without react-admin (OnboardingApp); inside the admin app the shared
 * pieces (password field, checklist, bot check, language switch) get it from react-admin
 * (AdminOnboardingText).
 */
export type TOnboardingText = {
  translate: TTranslate;
  locale: string;
  setLocale: (locale: string) => void;
  notify: (message: string, options?: { type?: TNoticeType }) => void;
};

export const OnboardingTextContext = createContext<TOnboardingText | null>(null);

export function useOnboardingText(): TOnboardingText {
  const value = useContext(OnboardingTextContext);
  if (!value) throw new Error('useOnboardingText outside OnboardingApp or AdminOnboardingText');
  return value;
}
