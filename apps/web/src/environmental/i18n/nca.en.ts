import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';
import type { ncaIt } from './nca.it';

/* English messages of the environmental dashboard and of the NCA screens (reports, corrective actions, signatures). */

export const ncaEn: typeof ncaIt = {
  menu: { groups: { overview: 'Overview' } },
  envDashboard: {
    figures: { lots: 'Lots', orders: 'Orders', agencies: 'Agencies', laboratories: 'Laboratories', priceLines: 'Price-list lines' },
    ordersByType: 'Orders by type',
    agenciesByInvite: 'Agencies by invite status',
    noOrders: 'No orders.',
    noAgencies: 'No agencies.',
    ncaTitle: 'NCA reports',
    ncaNotYet: 'The NCA figures (open by status, lot, agency and severity, overdue actions, average days to close) are not available yet.',
    notForRole: 'The dashboard is for comuni, structure managers and the consortium.',
  },
};

export function addNcaEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, ncaEn);
}
