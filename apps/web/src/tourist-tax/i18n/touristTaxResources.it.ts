import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* Italian names and field labels of the tourist-tax resources (comuni, registries, rules, structures, stays), react-admin's `resources` namespace. */

const registryFields = { name: 'Nome', note: 'Note', cityId: 'Comune' };

export const touristTaxResourcesIt = {
  resources: {
    cities: {
      name: 'Comune |||| Comuni',
      fields: {
        name: 'Nome',
        istatCode: 'Codice ISTAT',
        province: 'Provincia',
        location: 'Sede',
        logo: 'Logo',
        isActive: 'Attivo',
        notes: 'Note interne',
        referentTributes: 'Referente tributi',
        iban: 'IBAN',
        fiscalCode: 'Codice fiscale del comune',
        pagopaSegregationCode: 'Codice di segregazione pagoPA',
        ccp: 'Conto corrente postale',
        bank: 'Banca',
        titledTo: 'Intestato a',
        phone: 'Telefono',
        contactEmail: 'Email di contatto',
        fax: 'Fax',
        emailPec: 'PEC',
        accountName: 'Nome referente',
        accountSurname: 'Cognome referente',
        accountEmail: 'Email referente',
        modello21Required: 'Modello 21 obbligatorio',
      },
    },
    'structure-types': { name: 'Tipologia struttura |||| Tipologie strutture', fields: registryFields },
    'structure-classes': { name: 'Classificazione |||| Classificazioni', fields: registryFields },
    'relevant-areas': { name: 'Zona di rilevanza |||| Zone di rilevanza', fields: registryFields },
    exemptions: { name: 'Esenzione |||| Esenzioni', fields: registryFields },
    tariffs: {
      name: 'Tariffa |||| Tariffe',
      fields: {
        name: 'Nome',
        note: 'Note',
        type: 'Tipo',
        nightlyPrice: 'Importo per notte (€)',
        percentage: 'Percentuale (%)',
        maxNights: 'Max notti',
        validFrom: 'Valida dal',
        validTo: 'Valida al',
      },
    },
    reductions: {
      name: 'Riduzione |||| Riduzioni',
      fields: {
        name: 'Nome',
        note: 'Note',
        reductionType: 'Tipo',
        amount: 'Importo (€)',
        percentage: 'Percentuale (%)',
        maxNights: 'Max notti',
        validFrom: 'Valida dal',
        validTo: 'Valida al',
      },
    },
    structures: {
      name: 'Struttura |||| Strutture',
      fields: {
        name: 'Nome',
        address: 'Indirizzo',
        taxCode: 'Codice fiscale',
        vatNumber: 'Partita IVA',
        cin: 'CIN',
        atecoCode: 'Codice ATECO',
        availableSlots: 'Posti letto',
        isActive: 'Attiva',
        dateFrom: 'Aperta dal',
        dateTo: 'Chiusa dal',
        phone: 'Telefono',
        fax: 'Fax',
        email: 'Email',
        contactEmail: 'Email di contatto',
        emailPec: 'PEC',
        url: 'Sito web',
      },
    },
    stays: {
      name: 'Soggiorno |||| Soggiorni',
      fields: {
        structureId: 'Struttura',
        checkIn: 'Arrivo',
        checkOut: 'Partenza',
        nightsNumber: 'Notti',
        componentsNumber: 'Ospiti',
        accommodationAmount: 'Importo soggiorno (€)',
        nightlyPrices: 'Prezzi per notte (€)',
        toPayAmount: 'Imposta',
        paymentStatus: 'Pagamento',
        noPaymentReason: 'Motivo mancato pagamento',
        hasInvoice: 'Richiesta fattura',
        notes: 'Note',
      },
    },
  },
};

/** Adds these Italian messages to it.ts's bundle (called once, at the end of it.ts). */
export function addTouristTaxResourcesIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, touristTaxResourcesIt);
}
