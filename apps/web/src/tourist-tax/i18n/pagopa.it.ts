import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/*
 * Italian messages of the pagoPA notices (a declaration's notice, the comune's payment import) and of
 * the SIATEL cross-check. Merged into it.ts with addPagopaIt (they add to several namespaces).
 */
export const pagopaIt = {
  menu: { siatelChecks: 'Verifica SIATEL' },
  pagopa: {
    import: {
      button: 'Importa pagamenti pagoPA',
      title: 'Importa i pagamenti pagoPA ricevuti',
      intro:
        'Carica l’elenco dei pagamenti del tesoriere o dell’intermediario (CSV o Excel) con le colonne Numero avviso (o IUV), Importo, Data pagamento e TRN. Ogni riga abbinata a un avviso del comune diventa un versamento della dichiarazione; le righe non abbinate o duplicate sono elencate e non registrate. Se una riga non è leggibile non viene registrato nulla.',
      chooseFile: 'Scegli il file',
      noFile: 'Nessun file scelto',
      template: 'Modello',
      start: 'Importa',
      uploading: 'Caricamento %{percent}%',
      processing: 'Lettura e abbinamento dei pagamenti…',
      invalidRows: '%{smart_count} riga non valida: nessun pagamento registrato |||| %{smart_count} righe non valide: nessun pagamento registrato',
      row: 'Riga',
      field: 'Campo',
      value: 'Valore',
      message: 'Problema',
      rowsRead: '%{read} righe lette',
      rowsReadOf: '%{read} di %{expected} righe (%{percent}%)',
      dryRun: 'Solo verifica: mostra gli abbinamenti senza registrare',
      done: 'Righe lette %{total}: pagamenti registrati %{matched}, non abbinati %{unmatched}, duplicati %{duplicates}.',
      checked: 'Righe lette %{total}: da registrare %{matched}, non abbinati %{unmatched}, duplicati %{duplicates} (nulla è stato registrato).',
      matchedTitle: 'Pagamenti abbinati',
      unmatchedTitle: 'Non abbinati',
      duplicatesTitle: 'Duplicati',
      declaration: 'Dichiarazione',
      reason: 'Motivo',
      reasons: {
        unknownNotice: 'Il comune non ha emesso questo avviso',
        notPayable: 'La dichiarazione non è presentata',
        sameFile: 'Stesso avviso e TRN della riga %{row}',
        alreadyRecorded: 'TRN già registrato sulla dichiarazione',
      },
      fields: { reference: 'Numero avviso / IUV', amount: 'Importo', paymentDate: 'Data pagamento', trn: 'TRN' },
    },
  },
  siatel: {
    title: 'Verifica SIATEL',
    intro:
      'L’Agenzia delle Entrate mette a disposizione del comune, due volte l’anno su SIATEL v2 - PuntoFisco, il numero di ospiti e di giorni di permanenza comunicati ad Alloggiati Web per ogni struttura e mese (DM MEF 11 novembre 2020). Carica quel file: il programma lo confronta con le presenze dichiarate dalle strutture.',
    layoutNote:
      'Il file si legge per nome di colonna (Codice fiscale, Denominazione, CIN, Anno, Mese o Periodo, Numero alloggiati, Giorni di permanenza), in CSV o Excel: il tracciato ufficiale dell’allegato A al decreto non è pubblico e non è stato verificato.',
    upload: 'Carica file SIATEL',
    uploadTitle: 'Carica il file SIATEL',
    uploadIntro: 'CSV (separatore ; o ,) o Excel, con una riga d’intestazione. Il risultato viene conservato e si può rileggere.',
    chooseFile: 'Scegli il file',
    noFile: 'Nessun file scelto',
    template: 'Modello',
    start: 'Confronta',
    uploading: 'Caricamento %{percent}%',
    processing: 'Confronto con le dichiarazioni…',
    invalidRows: '%{smart_count} riga non valida: nessun confronto salvato |||| %{smart_count} righe non valide: nessun confronto salvato',
    row: 'Riga',
    field: 'Campo',
    value: 'Valore',
    message: 'Problema',
    rowsRead: '%{read} righe lette',
    rowsReadOf: '%{read} di %{expected} righe (%{percent}%)',
    done: 'Confronto salvato. Presenze dichiarate in meno: %{shortfalls}; strutture non registrate: %{unregistered}; mesi non dichiarati: %{undeclared}.',
    none: 'Nessun confronto ancora: carica il file ricevuto dall’Agenzia delle Entrate.',
    fileName: 'File',
    months: 'Mesi',
    checkedOn: 'Confrontato il',
    shortfallsCount: 'Presenze in meno',
    unregisteredCount: 'Non registrate',
    undeclaredCount: 'Mesi non dichiarati',
    open: 'Apri',
    back: 'Tutte le verifiche',
    checkTitle: 'Verifica SIATEL del %{date}',
    summary: '%{rows} righe del file, mesi %{from} – %{to}: %{siatel} giorni di permanenza per l’Agenzia, %{declared} presenze dichiarate dalle %{structures} strutture abbinate.',
    shortfalls: 'Strutture con presenze dichiarate inferiori',
    shortfallsHelp: 'Per struttura e mese: giorni di permanenza comunicati ad Alloggiati Web contro presenze (ospiti × notti, esenti compresi) delle dichiarazioni presentate.',
    unregistered: 'Strutture nel file non registrate',
    undeclared: 'Mesi con ospiti non dichiarati',
    undeclaredHelp: 'Mesi in cui il file riporta ospiti ma nessuna dichiarazione presentata della struttura copre il mese.',
    noneFound: 'Nessuna.',
    structure: 'Struttura',
    month: 'Mese',
    siatelGuests: 'Ospiti (Agenzia)',
    siatelNights: 'Giorni di permanenza (Agenzia)',
    declared: 'Presenze dichiarate',
    gap: 'Differenza',
    gapPercent: 'Differenza %',
    taxCode: 'Codice fiscale',
    fileRows: 'Righe del file',
    fields: { month: 'Mese', nights: 'Giorni di permanenza', guests: 'Numero alloggiati', taxCode: 'Codice fiscale', name: 'Denominazione' },
  },
};

export function addPagopaIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, pagopaIt);
}
