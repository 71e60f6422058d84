import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* English messages of the tourist-tax rules; the Italian ones (rules.it.ts) come first. */
export const rulesEn = {
  touristTax: {
    guest: {
      resident: 'Resident of the comune',
      tourLeader: 'Group leader / tour guide',
    },
    sections: {
      otherGuests: 'Other guests',
    },
    help: {
      otherGuests: 'Record every guest: exemptions and reductions by age, residence and tour leaders apply by themselves. Guests not recorded only count in the number of guests.',
      ageRange: 'Age in completed years, both ends included (e.g. "under 12" = up to 11); empty = no limit',
      maxPerPersonNight: 'Percentage tariffs only: the most per person per night; empty = no maximum',
      participantsPerLeader: 'One tour leader exempt every N participants',
      taxCapMode: 'How nights are counted for the cap on taxable nights',
    },
    exemptionCondition: {
      count: 'Number stated by the hotelier',
      age: 'Age',
      resident: 'Residents of the comune',
      tourLeader: 'Group tour leaders',
    },
    ageOn: {
      checkIn: 'Age on the arrival date',
      checkOut: 'Age on the departure date',
    },
    capMode: {
      stay: 'Taxable nights of any season together',
      season: 'Per season (each tariff counts its own nights)',
    },
    guestLines: {
      title: 'Per guest',
      guest: 'Guest',
      age: 'Age',
      rule: 'Rule',
      others: 'Guests not recorded',
      full: 'Full rate',
      reason: {
        age: 'by age',
        resident: 'resident',
        tourLeader: 'tour leader',
        count: 'stated by the hotelier',
      },
    },
    breakdown: {
      noTariffBeyondCap: 'beyond the cap, no tariff',
    },
    import: {
      paymentStatus: 'Did the guests of the file pay the tax?',
      paymentStatusHelp: 'The police file does not say: state it for every stay of the file.',
      noPaymentReason: 'Reason it was not paid',
    },
  },
  filings: {
    payments: {
      add: 'Add a payment',
      title: 'Payments',
      empty: 'No payment recorded',
      date: 'Date',
      amount: 'Amount',
      trn: 'TRN / CRO',
      treasuryReference: 'Collection order',
      receiptNumber: 'Treasury receipt',
      total: 'Total paid',
    },
  },
  resources: {
    tariffs: { fields: { maxPerPersonNight: 'Maximum per person per night (€)' } },
    reductions: { fields: { ageFrom: 'From age', ageTo: 'To age', ageOn: 'Age taken on' } },
    exemptions: { fields: { condition: 'Condition', ageFrom: 'From age', ageTo: 'To age', ageOn: 'Age taken on', participantsPerLeader: 'Participants per leader' } },
    cities: { fields: { taxCapMode: 'Counting of the night cap' } },
    declarations: { fields: { beyondCapPresences: 'Presences beyond the night cap' } },
  },
};

export function addRulesEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, rulesEn);
}
