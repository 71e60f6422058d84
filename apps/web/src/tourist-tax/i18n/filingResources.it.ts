import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* Italian names and field labels of the filings resources (periods, declarations, Modello 21, communications...), react-admin's `resources` namespace. */

export const filingResourcesIt = {
  resources: {
    'declaration-templates': {
      name: 'Modello di dichiarazione |||| Modelli di dichiarazione',
      fields: {
        periodName: 'Periodo',
        year: 'Anno',
        cityId: 'Comune',
        dateFrom: 'Dal',
        dateTo: 'Al',
        submitBy: 'Presentazione entro',
        payBy: 'Versamento entro',
      },
    },
    declarations: {
      name: 'Dichiarazione |||| Dichiarazioni',
      fields: {
        code: 'Codice',
        structureId: 'Struttura',
        declarationTemplateId: 'Periodo',
        type: 'Tipo',
        status: 'Stato',
        noGuests: 'Nessun ospite',
        compilationDate: 'Data compilazione',
        submitBy: 'Presentazione entro',
        payBy: 'Versamento entro',
        numberOfStays: 'Soggiorni',
        guestsNumber: 'Ospiti',
        nightsNumber: 'Notti',
        payingPresences: 'Presenze paganti',
        reducedPresences: 'Presenze ridotte',
        exemptPresences: 'Presenze esenti',
        tariff: 'Imposta lorda',
        reduction: 'Riduzioni',
        totalAmount: 'Imposta totale',
        toPayAmount: 'Riscossa (da versare)',
        unpaidAmount: 'Non riscossa',
        rejectedPayments: 'Soggiorni non pagati',
        beneficiaryInstitution: 'Ente beneficiario',
        iban: 'IBAN',
        bank: 'Banca',
        paymentDate: 'Data versamento',
        trn: 'TRN/CRO',
        paidAmount: 'Importo versato',
        notes: 'Note',
      },
    },
    twentyOneModels: {
      name: 'Modello 21 |||| Modelli 21',
      fields: {
        structureId: 'Struttura',
        year: 'Anno',
        status: 'Stato',
        tax: 'Riscosso',
        totalPaid: 'Versato',
        due: 'Differenza',
        deadline: 'Scadenza',
        validationNumber: 'N. validazione',
        cityNotes: 'Note del comune',
        ownerName: 'Nome',
        ownerSurname: 'Cognome',
        ownerTaxCode: 'Codice fiscale',
        ownerVatNumber: 'Partita IVA',
        ownerAddress: 'Sede / indirizzo',
        signatureDate: 'Data di firma',
        notes: 'Note',
      },
    },
    communications: {
      name: 'Comunicazione |||| Comunicazioni',
      fields: {
        title: 'Titolo',
        text: 'Testo',
        audience: 'Destinatari',
        structureIds: 'Strutture',
        createdAt: 'Inviata il',
        cityId: 'Comune',
      },
    },
    'documentation-area': {
      name: 'Documento |||| Documenti',
      fields: {
        title: 'Titolo',
        description: 'Descrizione',
        category: 'Categoria',
        cityId: 'Comune',
      },
    },
  },
};

/** Adds these Italian messages to it.ts's bundle (called once, at the end of it.ts). */
export function addFilingResourcesIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, filingResourcesIt);
}
