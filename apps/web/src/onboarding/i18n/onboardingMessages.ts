import { onboardingIt } from './onboarding.it';

/*
 * The onboarding pages' texts per language: Italian, the default, comes with the entry; English is fetched when a page
 * shows it (main.tsx starts the fetch at once for a visitor whose language is English, the switch before it switches).
 */
const loaded: Record<string, object> = { it: onboardingIt };
const loading: Record<string, Promise<object>> = {};

/** The language's texts if they are in. */
export function onboardingMessages(locale: string): object | undefined {
  return loaded[locale];
}

/** The language's texts, fetched once (the same promise each time: React's `use` waits on it). Any language but English is Italian. */
export function loadOnboardingMessages(locale: string): Promise<object> {
  if (locale !== 'en') return (loading.it ??= Promise.resolve(onboardingIt));
  loading.en ??= import('./onboarding.en').then(
    (module) => (loaded.en = module.onboardingEn),
    (error: unknown) => {
      // A failed fetch (a network blip, a new deployment) is tried again by the next load, not remembered.
      delete loading.en;
      throw error;
    },
  );
  return loading.en;
}
