/*
 * Italian messages of the hotelier's to-do groups, the stay's documents and summary bar, the comune's
 * logo, the filing settings screen and the browsing of all declarations. Part of the area's messages (messages.it.ts;
 * they add to several namespaces).
 */
export const screensIt = {
  filings: {
    dashboard: {
      groups: {
        fix_returned: 'Dichiarazioni restituite da correggere (%{smart_count})',
        pay: 'Imposta da versare (%{smart_count})',
        submit: 'Dichiarazioni da presentare (%{smart_count})',
        create: 'Dichiarazioni da compilare (%{smart_count})',
        modello21: 'Modello 21 da presentare (%{smart_count})',
      },
      lateCount: '%{smart_count} in ritardo',
      onTime: 'Nei tempi',
      lateSince: 'Scaduta il %{date}',
      dueBy: 'Entro il %{date}',
    },
    declarations: {
      submittedLate: 'Presentata in ritardo',
      searchCodeOrStructure: 'Codice, TRN o struttura',
      allYears: 'Tutti gli anni',
      allYearsTitle: 'tutti gli anni',
    },
  },
  touristTax: {
    breakdown: {
      open: 'Dettaglio',
      problem: 'Da verificare',
      incompleteShort: 'Inserisci date e ospiti',
      computing: 'Calcolo in corso',
    },
    stayFiles: {
      title: 'Documenti del soggiorno',
      empty: 'Nessun documento allegato.',
      saveFirst: 'Salva il soggiorno, poi riaprilo per allegare i documenti.',
      added: 'Documento allegato',
      removed: 'Documento eliminato',
      removeTitle: 'Eliminare il documento?',
      removeConfirm: '"%{name}" sarà eliminato dal soggiorno.',
    },
    logo: {
      title: 'Stemma del comune',
      alt: 'Stemma di %{name}',
      help: 'Immagine PNG, JPG o GIF: appare sulla dashboard del comune.',
      saveToKeep: 'Salva per usare questa immagine come stemma.',
      remove: 'Rimuovi lo stemma',
    },
    filingSettings: {
      remindersTitle: 'Promemoria ai gestori',
      remindersHelp: 'Ogni mattina i gestori ricevono un promemoria per le dichiarazioni da presentare e le imposte da versare in scadenza, e un avviso quando sono in ritardo.',
      remindersEnabled: 'Invia i promemoria',
      reminderDaysAhead: 'Giorni di preavviso',
      reminderDaysHelp: 'Quanti giorni prima della scadenza (da 0 a %{max}).',
      daysRange: 'Un numero intero da 0 a %{max}',
      modello21Title: 'Modello 21',
      modello21Required: 'Il comune richiede il Modello 21 ai gestori.',
      modello21NotRequired: 'Il comune non richiede il Modello 21.',
      changeOnComune: 'Cambia nella scheda del comune',
      saved: 'Impostazioni salvate',
    },
  },
};
