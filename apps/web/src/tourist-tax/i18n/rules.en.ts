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
    reprice: {
      button: 'Stays priced with this rule',
      cityButton: 'Reprice stays',
      ruleTitle: 'Stays priced with this rule',
      cityTitle: "Reprice the comune's stays",
      afterSaveTitle: 'Saved: reprice the stays?',
      summary: 'With the current rules %{changed} stays not yet declared change amount, %{unchanged} stay the same.',
      declared: '%{smart_count} stay is already in a submitted declaration: it keeps its amounts. |||| %{smart_count} stays are already in a submitted declaration: they keep their amounts.',
      failed:
        '%{smart_count} stay can no longer be priced with the current rules and is left as it is: |||| %{smart_count} stays can no longer be priced with the current rules and are left as they are:',
      nothing: 'No stay not yet declared changes amount.',
      help: 'Saved stays keep the amounts they were priced with until you reprice them. Stays in a submitted declaration never change.',
      selectAll: 'Choose every stay',
      select: 'Choose the stay of',
      columns: { structure: 'Structure', guest: 'Guest', dates: 'Stay', before: 'Tax now', after: 'Tax repriced' },
      notNow: 'Not now',
      apply: 'Reprice %{smart_count} stay |||| Reprice %{smart_count} stays',
      done: '%{smart_count} stay repriced |||| %{smart_count} stays repriced',
    },
  },
  filings: {
    templates: {
      submitDeadline: 'Submission deadline',
      payDeadline: 'Payment deadline',
      deadlineKinds: {
        daysAfter: 'Days after the end of the period',
        dayOfMonthAfter: 'On a day of the following month',
        endOfMonthAfter: 'By the end of the following month',
      },
      dayOfMonth: 'Day of the month',
      dayOfMonthHelp: '1 to 31 (e.g. 16: "by the 16th of the following month")',
      workingDays: 'A deadline on a Saturday, Sunday or public holiday moves to the next working day',
    },
    modello21: {
      columns: { payments: 'Payments to the treasury' },
      receiptsCount: '%{smart_count} receipt |||| %{smart_count} receipts',
      receiptOne: 'no. %{number}',
      receiptsRange: 'no. %{from} to no. %{to}',
      receiptsDates: '%{from} – %{to}',
      account: { openingBalance: 'Opening balance', carico: 'Charge (carico)', scarico: 'Discharge (scarico)', closingBalance: 'Balance carried forward' },
      openingBalanceHelp: "Previous year's tax paid to the treasury this year (e.g. the last quarter paid in January)",
      company: 'A company as tax agent',
      companyHelp: 'When the tax agent is a company: its name, and the legal representative who signs (the name printed under the signature).',
      ownerRolePlaceholder: 'e.g. legale rappresentante',
      pdfDraft: 'Draft preview (PDF)',
      pdfDraftSaved: 'Draft preview of the saved version (PDF)',
    },
    pagopa: {
      title: 'pagoPA notice',
      noticeNumber: 'Notice number',
      iuv: 'IUV',
      creditor: 'Creditor (tax code)',
      amount: 'Amount',
      dueDate: 'Due date',
      qrPayload: 'QR code content',
      notAvailable: 'pagoPA notice not available',
      notBuilt:
        "This product is not connected to pagoPA: the debt position is produced in the GPD format but not sent. The notice can be paid once the municipality's technology intermediary loads it on the platform.",
      download: 'Download notice (PDF)',
    },
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
    twentyOneModels: {
      fields: {
        ownerCompanyName: 'Company name',
        ownerLegalRepresentative: 'Legal representative',
        ownerRole: 'Role of the signer',
        openingBalance: 'Opening balance (€)',
        validatedAt: 'Validated on',
      },
    },
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
