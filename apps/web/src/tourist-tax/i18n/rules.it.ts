import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/*
 * Italian messages of the tourist-tax rules (guests of a stay, age ranges, exemption conditions, cap
 * mode, payments, repricing). Merged into it.ts with addRulesIt.
 */
export const rulesIt = {
  touristTax: {
    guest: {
      resident: 'Residente nel comune',
      tourLeader: 'Capogruppo / accompagnatore turistico',
    },
    sections: {
      otherGuests: 'Altri ospiti',
    },
    help: {
      otherGuests: 'Registrate ogni ospite: le esenzioni e riduzioni per età, residenza e accompagnatori si applicano da sole. Gli ospiti non registrati contano solo nel numero di ospiti.',
      ageRange: 'Età in anni compiuti, estremi inclusi (es. "sotto i 12 anni" = fino a 11); vuoto = nessun limite',
      maxPerPersonNight: 'Solo tariffe a percentuale: importo massimo per persona per notte; vuoto = nessun massimo',
      participantsPerLeader: 'Un accompagnatore esente ogni N partecipanti',
      taxCapMode: 'Come si contano le notti per il limite di notti tassabili',
    },
    exemptionCondition: {
      count: 'Numero indicato dal gestore',
      age: 'Età',
      resident: 'Residenti nel comune',
      tourLeader: 'Accompagnatori di gruppo',
    },
    ageOn: {
      checkIn: 'Età alla data di arrivo',
      checkOut: 'Età alla data di partenza',
    },
    capMode: {
      stay: 'Notti tassabili di qualsiasi stagione insieme',
      season: 'Per stagione (ogni tariffa conta le sue notti)',
    },
    guestLines: {
      title: 'Per ospite',
      guest: 'Ospite',
      age: 'Età',
      rule: 'Regola',
      others: 'Ospiti non registrati',
      full: 'Tariffa piena',
      reason: {
        age: 'per età',
        resident: 'residente',
        tourLeader: 'accompagnatore',
        count: 'indicato dal gestore',
      },
    },
    breakdown: {
      noTariffBeyondCap: 'oltre il limite, nessuna tariffa',
    },
    import: {
      paymentStatus: "L'imposta è stata pagata dagli ospiti del file?",
      paymentStatusHelp: 'Il file della Questura non lo dice: indicatelo per tutti i soggiorni del file.',
      noPaymentReason: 'Motivo del mancato pagamento',
    },
  },
  filings: {
    payments: {
      add: 'Aggiungi pagamento',
      title: 'Pagamenti',
      empty: 'Nessun pagamento registrato',
      date: 'Data',
      amount: 'Importo',
      trn: 'TRN / CRO',
      treasuryReference: 'Reversale / ordinativo',
      receiptNumber: 'Quietanza',
      total: 'Totale versato',
    },
  },
  resources: {
    tariffs: { fields: { maxPerPersonNight: 'Massimo per persona per notte (€)' } },
    reductions: { fields: { ageFrom: 'Da età', ageTo: 'A età', ageOn: 'Età calcolata' } },
    exemptions: { fields: { condition: 'Condizione', ageFrom: 'Da età', ageTo: 'A età', ageOn: 'Età calcolata', participantsPerLeader: 'Partecipanti per accompagnatore' } },
    cities: { fields: { taxCapMode: 'Conteggio del limite di notti' } },
    declarations: { fields: { beyondCapPresences: 'Presenze oltre il limite di notti' } },
  },
};

export function addRulesIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, rulesIt);
}
