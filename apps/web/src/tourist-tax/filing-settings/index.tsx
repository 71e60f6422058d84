import { lazyPage } from '../../components/lazyPage';

/* filing-settings: the comune's reminders of filing deadlines (API GET/PUT /api/filing-settings). */
export const filingSettingsPages = {
  FilingSettingsPage: lazyPage(() => import('./FilingSettingsPage').then((module) => module.FilingSettingsPage)),
};
