import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/*
 * Italian messages of the questura's file (Alloggiati Web) and ISTAT's monthly movement: the
 * structure's tab, the guest fields picked from the police tables, what the stay form says is
 * missing. Merged into it.ts with addPoliceFilesIt (they add to several namespaces).
 */
export const policeFilesIt = {
  touristTax: {
    tabs: { policeFiles: 'Questura e ISTAT' },
    fields: { partyKind: 'Gli ospiti viaggiano come' },
    guest: { documentIssuePlace: 'Luogo di rilascio documento', guest: 'Ospite' },
    policeFiles: {
      family: 'Famiglia (capofamiglia e familiari)',
      group: 'Gruppo (capogruppo e membri)',
      formTitle: 'Dati per la questura (Alloggiati Web)',
      ready: 'Gli ospiti hanno tutti i dati che il file della questura richiede.',
      missingTitle: 'Per il file della questura mancano ancora',
      missingHelp: 'Il soggiorno si può salvare comunque: l’imposta non ne dipende. Completa i dati prima di scaricare il file del giorno di arrivo.',
      guestN: 'Ospite %{n} (%{name})',
      notRecorded: 'non registrato (aggiungilo tra gli altri ospiti)',
      searchHelp: 'Scrivi il nome e scegli dall’elenco della Polizia',
      codeHelp: 'Codice Alloggiati %{code}',
      closedCodeHelp: 'Codice Alloggiati %{code}, valido fino al %{date} (per chi vi è nato prima)',
      closedCode: 'valido fino al %{date}',
      notACode: 'Non scelto dall’elenco: il file lo cercherà per nome',
      noCode: 'Nessuna voce dell’elenco',
      alloggiatiTitle: 'File per la questura (Alloggiati Web)',
      alloggiatiHelp: 'Un record per ogni ospite arrivato nel giorno scelto, nel tracciato del portale Alloggiati Web della Polizia di Stato: caricalo sul portale con “Invio file”.',
      notSent: 'Il file non viene inviato alla questura da questo programma: l’invio richiede le credenziali della struttura sul portale Alloggiati Web.',
      arrivalDate: 'Giorno di arrivo',
      downloadAlloggiati: 'Scarica il file del giorno',
      incompleteTitle: 'Il file non può essere scritto: %{smart_count} dato mancante o non valido |||| Il file non può essere scritto: %{smart_count} dati mancanti o non validi',
      reasons: {
        missing: 'mancano',
        unknownCode: 'non presenti negli elenchi della Polizia',
        ambiguous: 'più voci corrispondenti (sceglile dall’elenco)',
        tooLong: 'troppo lunghi per il tracciato',
        charset: 'con caratteri che il file non può contenere',
        birthAfterArrival: 'successiva all’arrivo',
        stayTooLong: 'soggiorno oltre i 30 giorni consentiti',
      },
      istatTitle: 'Movimento mensile dei clienti (ISTAT, modello C/59)',
      istatHelp: 'Arrivi, partenze e presenze di ogni giorno del mese, per provincia di residenza (residenti in Italia) o Stato estero. Le presenze sono le stesse notti che contano le dichiarazioni.',
      month: 'Mese',
      downloadIstat: 'Scarica xlsx',
      summary: 'Arrivi nel mese: %{arrivals} · Presenze: %{presences} · Posti letto: %{beds}',
      residence: 'Residenza',
      province: 'provincia',
      state: 'Stato estero',
      unknownResidence: 'Residenza non indicata',
      arrivals: 'Arrivi',
      departures: 'Partenze',
      presences: 'Presenze',
      total: 'Totale',
      day: 'Giorno',
      roomsNotRecorded: 'Le camere occupate non sono indicate: i soggiorni non registrano la camera assegnata.',
    },
  },
  errors: {
    ALLOGGIATI_INCOMPLETE: 'Alcuni ospiti arrivati in quel giorno non hanno i dati che il file della questura richiede.',
  },
};

export function addPoliceFilesIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, policeFilesIt);
}
