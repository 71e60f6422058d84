import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* Italian messages of the environmental dashboard and of the NCA screens (reports, corrective actions, signatures). */

export const ncaIt = {
  menu: { groups: { overview: 'Panoramica' } },
  envDashboard: {
    figures: { lots: 'Lotti', orders: 'Ordini', agencies: 'Imprese', laboratories: 'Laboratori', priceLines: 'Righe di listino' },
    ordersByType: 'Ordini per tipo',
    agenciesByInvite: 'Imprese per stato dell’invito',
    noOrders: 'Nessun ordine.',
    noAgencies: 'Nessuna impresa.',
    ncaTitle: 'Segnalazioni NCA',
    ncaNotYet: 'Le cifre delle segnalazioni NCA (aperte per stato, lotto, impresa e gravità, azioni scadute, giorni medi alla chiusura) non sono ancora disponibili.',
    notForRole: 'La dashboard riguarda comuni, gestori di strutture e il consorzio.',
  },
};

export function addNcaIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, ncaIt);
}
