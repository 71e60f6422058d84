import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* Italian messages of the CAPA parts of an NCA report: containment, root cause, effectiveness check, recurrences, and their dashboard. */

export const capaIt = {
  nca: {
    capa: {
      containment: {
        title: 'Contenimento immediato',
        intro: 'Cosa è stato fatto subito sul posto, prima dell’analisi delle cause.',
        none: 'Nessuna azione di contenimento registrata.',
        required: 'Per questa gravità serve almeno un’azione di contenimento prima di firmare (o aprire) la fase 1.',
        what: 'Cosa è stato fatto',
        who: 'Chi',
        when: 'Quando',
        verifiedBy: 'Verificata da',
        notVerified: 'Da verificare',
        add: 'Registra',
        verify: 'Verifica',
        remove: 'Elimina',
        saved: 'Contenimento aggiornato',
        fillIn: 'Scrivi cosa è stato fatto, chi e quando.',
      },
      rootCause: {
        fiveWhys: 'I 5 perché',
        fiveWhysHelp: 'Ogni risposta è la causa della precedente; l’ultima è la causa radice.',
        why: 'Perché %{n}',
        ishikawa: 'Classificazione Ishikawa',
        noStructure: 'Nessuna analisi strutturata (5 perché o Ishikawa).',
      },
      ishikawa: { manpower: 'Manodopera', machines: 'Macchine', materials: 'Materiali', methods: 'Metodi', measurement: 'Misure', environment: 'Ambiente' },
      effectiveness: {
        title: 'Verifica di efficacia',
        notYet: 'Alla chiusura si programma la verifica di efficacia delle azioni, dopo i giorni previsti per la gravità.',
        dueOn: 'Prevista il %{date}',
        standing: { due: 'Da fare', upcoming: 'Programmata', done: 'Efficace', failed: 'Non efficace' },
        outcome: 'Esito',
        decidedOn: 'Registrata il %{date}',
        followUp: 'Apri la nuova segnalazione',
        actions: { recordEffective: 'Azioni efficaci', recordNotEffective: 'Azioni non efficaci' },
        done: { recordEffective: 'Verifica registrata: azioni efficaci', recordNotEffective: 'Verifica registrata: è stata aperta una nuova segnalazione' },
        confirm: { recordEffective: 'Le azioni sono state efficaci: la verifica si chiude.' },
        reasonIntro: 'Le azioni non sono state efficaci: si apre una nuova segnalazione che cita questa, già compilata. Scrivi cosa hai riscontrato.',
        reason: 'Esito della verifica',
      },
      recurrence: { chip: 'Ricorrenza di %{code}', chipOfDraft: 'Ricorrente: la segnalazione precedente è in bozza', tooltip: 'Stesso tipo sulla stessa impresa entro 12 mesi' },
      agencyNoReports: 'Nessuna segnalazione NCA per questa impresa.',
      followsUp: 'Segue %{code}',
      help: {
        needsContainment: 'La fase 1 non si firma senza un’azione di contenimento immediato.',
        effectivenessCheckDays: 'Giorni dalla chiusura alla verifica di efficacia (vuoto: 60).',
        severityRank: 'Ordine di gravità, 1 la più lieve: segnalazioni e scelte elencano i livelli in questo ordine.',
      },
      dashboard: {
        title: 'CAPA: efficacia, cause e ricorrenze',
        due: 'Verifiche da fare',
        upcoming: 'Verifiche programmate',
        done: 'Verifiche efficaci',
        failed: 'Verifiche non efficaci',
        recurrences: 'Ricorrenze',
        byIshikawa: 'Cause per famiglia Ishikawa',
        ishikawaFilter: 'Famiglia Ishikawa',
        all: 'Tutte',
        paretoByLot: 'Pareto per lotto',
        paretoByAgency: 'Pareto per impresa',
        types: 'Tipi di NCA',
        aspects: 'Aspetti ambientali',
        share: 'Quota',
        cumulative: 'Cumulata',
        none: 'Nessun dato.',
      },
    },
    timeline: {
      actions: { recordEffective: 'Verifica di efficacia: azioni efficaci', recordNotEffective: 'Verifica di efficacia: azioni non efficaci' },
      changes: { followUpOpened: 'Aperta dopo una verifica di efficacia non superata' },
    },
  },
  resources: {
    'nca-reports': {
      fields: {
        containmentActions: 'Contenimento immediato',
        fiveWhys: 'I 5 perché',
        ishikawaCategories: 'Classificazione Ishikawa',
        ishikawa: 'Famiglia Ishikawa',
        recurrence: 'Ricorrenze',
        previousReportId: 'Segue la segnalazione',
      },
    },
    'environmental-settings': { fields: { needsContainment: 'Richiede contenimento', effectivenessCheckDays: 'Giorni alla verifica di efficacia', severityRank: 'Ordine di gravità' } },
  },
};

export function addCapaIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, capaIt);
}
