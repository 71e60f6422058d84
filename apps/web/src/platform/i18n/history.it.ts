/* Italian messages of a record's history (the "Cronologia" tab of every record page). */

export const historyIt = {
  history: {
    tab: 'Cronologia',
    title: 'Cronologia delle modifiche',
    empty: 'Nessuna modifica registrata per questo elemento.',
    system: 'Sistema',
    impersonatedBy: 'impersonato da %{name}',
    reason: 'Motivo: %{reason}',
    noFieldChanges: 'Nessun campo modificato',
    current: 'Versione attuale',
    actions: {
      create: 'Creazione',
      update: 'Modifica',
      restore: 'Ripristino di una versione precedente',
      restoreOf: 'Ripristino della versione del %{date}',
      delete: 'Eliminazione',
      other: 'Azione «%{action}»',
    },
    values: { empty: '—', yes: 'Sì', no: 'No', items: '%{smart_count} elemento |||| %{smart_count} elementi' },
    restore: {
      button: 'Ripristina questa versione',
      title: 'Ripristinare questa versione?',
      content: 'I campi modificabili tornano come erano dopo la modifica del %{date}. Il ripristino è registrato come una nuova modifica e si può annullare ripristinando la versione attuale.',
      done: 'Versione ripristinata',
    },
  },
};
