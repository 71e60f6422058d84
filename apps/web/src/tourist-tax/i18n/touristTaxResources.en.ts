import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* English names and field labels of the tourist-tax resources; same keys as touristTaxResources.it.ts. */

const registryFields = { name: 'Name', note: 'Note', cityId: 'Municipality' };

export const touristTaxResourcesEn = {
  resources: {
    cities: {
      name: 'Municipality |||| Municipalities',
      fields: {
        name: 'Name',
        istatCode: 'ISTAT code',
        province: 'Province',
        location: 'Address',
        logo: 'Logo',
        isActive: 'Active',
        notes: 'Internal notes',
        referentTributes: 'Tax office contact',
        iban: 'IBAN',
        fiscalCode: "Municipality's tax code",
        pagopaSegregationCode: 'pagoPA segregation code',
        ccp: 'Postal account',
        bank: 'Bank',
        titledTo: 'Account holder',
        phone: 'Phone',
        contactEmail: 'Contact email',
        fax: 'Fax',
        emailPec: 'PEC',
        accountName: 'Contact name',
        accountSurname: 'Contact surname',
        accountEmail: 'Contact email (internal)',
        modello21Required: 'Modello 21 required',
      },
    },
    'structure-types': { name: 'Structure type |||| Structure types', fields: registryFields },
    'structure-classes': { name: 'Classification |||| Classifications', fields: registryFields },
    'relevant-areas': { name: 'Relevant area |||| Relevant areas', fields: registryFields },
    exemptions: { name: 'Exemption |||| Exemptions', fields: registryFields },
    tariffs: {
      name: 'Tariff |||| Tariffs',
      fields: {
        name: 'Name',
        note: 'Note',
        type: 'Type',
        nightlyPrice: 'Amount per night (€)',
        percentage: 'Percentage (%)',
        maxNights: 'Max nights',
        validFrom: 'Valid from',
        validTo: 'Valid to',
      },
    },
    reductions: {
      name: 'Reduction |||| Reductions',
      fields: {
        name: 'Name',
        note: 'Note',
        reductionType: 'Type',
        amount: 'Amount (€)',
        percentage: 'Percentage (%)',
        maxNights: 'Max nights',
        validFrom: 'Valid from',
        validTo: 'Valid to',
      },
    },
    structures: {
      name: 'Structure |||| Structures',
      fields: {
        name: 'Name',
        address: 'Address',
        taxCode: 'Tax code',
        vatNumber: 'VAT number',
        cin: 'CIN',
        atecoCode: 'ATECO code',
        availableSlots: 'Beds',
        isActive: 'Active',
        dateFrom: 'Open since',
        dateTo: 'Closed since',
        phone: 'Phone',
        fax: 'Fax',
        email: 'Email',
        contactEmail: 'Contact email',
        emailPec: 'PEC',
        url: 'Website',
      },
    },
    stays: {
      name: 'Stay |||| Stays',
      fields: {
        structureId: 'Structure',
        checkIn: 'Check-in',
        checkOut: 'Check-out',
        nightsNumber: 'Nights',
        componentsNumber: 'Guests',
        accommodationAmount: 'Stay amount (€)',
        nightlyPrices: 'Prices per night (€)',
        toPayAmount: 'Tax',
        paymentStatus: 'Payment',
        noPaymentReason: 'Reason not paid',
        hasInvoice: 'Invoice requested',
        notes: 'Notes',
      },
    },
  },
};

/** Adds these English messages to en.ts's bundle (called once, at the end of en.ts). */
export function addTouristTaxResourcesEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, touristTaxResourcesEn);
}
