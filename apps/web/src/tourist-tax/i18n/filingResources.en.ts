import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* English names and field labels of the filings resources; same keys as filingResources.it.ts. */

export const filingResourcesEn = {
  resources: {
    'declaration-templates': {
      name: 'Declaration template |||| Declaration templates',
      fields: {
        periodName: 'Period',
        year: 'Year',
        cityId: 'Comune',
        dateFrom: 'From',
        dateTo: 'To',
        submitBy: 'Submit by',
        payBy: 'Pay by',
      },
    },
    declarations: {
      name: 'Declaration |||| Declarations',
      fields: {
        code: 'Code',
        structureId: 'Structure',
        declarationTemplateId: 'Period',
        type: 'Type',
        status: 'Status',
        noGuests: 'No guests',
        compilationDate: 'Filled in on',
        submitBy: 'Submit by',
        payBy: 'Pay by',
        numberOfStays: 'Stays',
        guestsNumber: 'Guests',
        nightsNumber: 'Nights',
        payingPresences: 'Paying presences',
        reducedPresences: 'Reduced presences',
        exemptPresences: 'Exempt presences',
        tariff: 'Gross tax',
        reduction: 'Reductions',
        totalAmount: 'Total tax',
        toPayAmount: 'Collected (to pay)',
        unpaidAmount: 'Not collected',
        rejectedPayments: 'Stays not paid',
        beneficiaryInstitution: 'Beneficiary',
        iban: 'IBAN',
        bank: 'Bank',
        paymentDate: 'Payment date',
        trn: 'TRN/CRO',
        paidAmount: 'Amount paid',
        notes: 'Notes',
      },
    },
    twentyOneModels: {
      name: 'Modello 21 |||| Modelli 21',
      fields: {
        structureId: 'Structure',
        year: 'Year',
        status: 'Status',
        tax: 'Collected',
        totalPaid: 'Paid',
        due: 'Difference',
        deadline: 'Deadline',
        validationNumber: 'Validation no.',
        cityNotes: "Comune's notes",
        ownerName: 'Name',
        ownerSurname: 'Surname',
        ownerTaxCode: 'Tax code',
        ownerVatNumber: 'VAT number',
        ownerAddress: 'Registered office / address',
        signatureDate: 'Signature date',
        notes: 'Notes',
      },
    },
    communications: {
      name: 'Communication |||| Communications',
      fields: {
        title: 'Title',
        text: 'Text',
        audience: 'Recipients',
        structureIds: 'Structures',
        createdAt: 'Sent on',
        cityId: 'Comune',
      },
    },
    'documentation-area': {
      name: 'Document |||| Documents',
      fields: {
        title: 'Title',
        description: 'Description',
        category: 'Category',
        cityId: 'Comune',
      },
    },
  },
};

/** Adds these English messages to en.ts's bundle (called once, at the end of en.ts). */
export function addFilingResourcesEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, filingResourcesEn);
}
