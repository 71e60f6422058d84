/*
 * Italian messages of the tourist-tax rules (guests of a stay, age ranges, exemption conditions, cap
 * mode, payments, repricing). Part of the area's messages (messages.it.ts).
 */
export const rulesIt = {
  touristTax: {
    guest: {
      resident: 'Residente nel comune',
      tourLeader: 'Capogruppo / accompagnatore turistico',
    },
    sections: {
      otherGuests: 'Altri ospiti',
    },
    help: {
      otherGuests: 'Registrate ogni ospite: le esenzioni e riduzioni per età, residenza e accompagnatori si applicano da sole. Gli ospiti non registrati contano solo nel numero di ospiti.',
      ageRange: 'Età in anni compiuti, estremi inclusi (es. "sotto i 12 anni" = fino a 11); vuoto = nessun limite',
      maxPerPersonNight: 'Solo tariffe a percentuale: importo massimo per persona per notte; vuoto = nessun massimo',
      participantsPerLeader: 'Un accompagnatore esente ogni N partecipanti',
      taxCapMode: 'Come si contano le notti per il limite di notti tassabili',
    },
    exemptionCondition: {
      count: 'Numero indicato dal gestore',
      age: 'Età',
      resident: 'Residenti nel comune',
      tourLeader: 'Accompagnatori di gruppo',
    },
    ageOn: {
      checkIn: 'Età alla data di arrivo',
      checkOut: 'Età alla data di partenza',
    },
    capMode: {
      stay: 'Notti tassabili di qualsiasi stagione insieme',
      season: 'Per stagione (ogni tariffa conta le sue notti)',
    },
    guestLines: {
      title: 'Per ospite',
      guest: 'Ospite',
      age: 'Età',
      rule: 'Regola',
      others: 'Ospiti non registrati',
      full: 'Tariffa piena',
      reason: {
        age: 'per età',
        resident: 'residente',
        tourLeader: 'accompagnatore',
        count: 'indicato dal gestore',
      },
    },
    breakdown: {
      noTariffBeyondCap: 'oltre il limite, nessuna tariffa',
    },
    import: {
      paymentStatus: "L'imposta è stata pagata dagli ospiti del file?",
      paymentStatusHelp: 'Il file della Questura non lo dice: indicatelo per tutti i soggiorni del file.',
      noPaymentReason: 'Motivo del mancato pagamento',
    },
    reprice: {
      button: 'Soggiorni calcolati con questa regola',
      cityButton: 'Ricalcola soggiorni',
      ruleTitle: 'Soggiorni calcolati con questa regola',
      cityTitle: 'Ricalcola i soggiorni del comune',
      afterSaveTitle: 'Salvato: ricalcolare i soggiorni?',
      summary: 'Con le regole attuali %{changed} soggiorni non ancora dichiarati cambiano importo, %{unchanged} restano uguali.',
      declared: '%{smart_count} soggiorno è già in una dichiarazione inviata: mantiene i suoi importi. |||| %{smart_count} soggiorni sono già in una dichiarazione inviata: mantengono i loro importi.',
      failed:
        "%{smart_count} soggiorno non si può più calcolare con le regole attuali e resta com'è: |||| %{smart_count} soggiorni non si possono più calcolare con le regole attuali e restano come sono:",
      nothing: 'Nessun soggiorno non ancora dichiarato cambia importo.',
      help: 'I soggiorni salvati mantengono gli importi con cui sono stati calcolati finché non li ricalcolate. I soggiorni in una dichiarazione inviata non cambiano mai.',
      selectAll: 'Scegli tutti i soggiorni',
      select: 'Scegli il soggiorno di',
      columns: { structure: 'Struttura', guest: 'Ospite', dates: 'Soggiorno', before: 'Imposta attuale', after: 'Imposta ricalcolata' },
      notNow: 'Non ora',
      apply: 'Ricalcola %{smart_count} soggiorno |||| Ricalcola %{smart_count} soggiorni',
      done: '%{smart_count} soggiorno ricalcolato |||| %{smart_count} soggiorni ricalcolati',
    },
  },
  filings: {
    templates: {
      submitDeadline: 'Scadenza di presentazione',
      payDeadline: 'Scadenza di versamento',
      deadlineKinds: {
        daysAfter: 'Giorni dopo la fine del periodo',
        dayOfMonthAfter: 'Un giorno del mese successivo',
        endOfMonthAfter: 'Entro la fine del mese successivo',
      },
      dayOfMonth: 'Giorno del mese',
      dayOfMonthHelp: 'Da 1 a 31 (es. 16: "entro il 16 del mese successivo")',
      workingDays: 'Una scadenza di sabato, domenica o festivo slitta al primo giorno lavorativo successivo',
    },
    modello21: {
      columns: { payments: 'Versamenti in tesoreria' },
      receiptsCount: 'n. %{smart_count} ricevuta |||| n. %{smart_count} ricevute',
      receiptOne: 'n. %{number}',
      receiptsRange: 'dal n. %{from} al n. %{to}',
      receiptsDates: '%{from} – %{to}',
      account: { openingBalance: 'Fondo iniziale', carico: 'Carico', scarico: 'Scarico', closingBalance: 'Rimanenza' },
      openingBalanceHelp: "Imposta dell'anno precedente versata in tesoreria quest'anno (es. l'ultimo trimestre versato a gennaio)",
      company: 'Società come agente contabile',
      companyHelp: "Quando l'agente contabile è una società: la ragione sociale e il legale rappresentante che firma (il nome stampato sotto la firma).",
      ownerRolePlaceholder: 'es. legale rappresentante',
      pdfDraft: 'Anteprima bozza (PDF)',
      pdfDraftSaved: 'Anteprima bozza della versione salvata (PDF)',
    },
    pagopa: {
      title: 'Avviso pagoPA',
      noticeNumber: 'Codice avviso',
      iuv: 'IUV',
      creditor: 'Ente creditore (codice fiscale)',
      amount: 'Importo',
      dueDate: 'Scadenza',
      qrPayload: 'Contenuto del codice QR',
      notAvailable: 'Avviso pagoPA non disponibile',
      notBuilt:
        'Questo programma non è collegato a pagoPA: la posizione debitoria è prodotta nel formato GPD ma non inviata. L’avviso diventa pagabile quando l’intermediario tecnologico del comune la carica sulla piattaforma.',
      download: 'Scarica avviso (PDF)',
    },
    payments: {
      add: 'Aggiungi pagamento',
      title: 'Pagamenti',
      empty: 'Nessun pagamento registrato',
      date: 'Data',
      amount: 'Importo',
      trn: 'TRN / CRO',
      treasuryReference: 'Reversale / ordinativo',
      receiptNumber: 'Quietanza',
      total: 'Totale versato',
    },
  },
  resources: {
    twentyOneModels: {
      fields: {
        ownerCompanyName: 'Ragione sociale',
        ownerLegalRepresentative: 'Legale rappresentante',
        ownerRole: 'Qualifica del firmatario',
        openingBalance: 'Fondo iniziale (€)',
        validatedAt: 'Validato il',
      },
    },
    tariffs: { fields: { maxPerPersonNight: 'Massimo per persona per notte (€)' } },
    reductions: { fields: { ageFrom: 'Da età', ageTo: 'A età', ageOn: 'Età calcolata' } },
    exemptions: { fields: { condition: 'Condizione', ageFrom: 'Da età', ageTo: 'A età', ageOn: 'Età calcolata', participantsPerLeader: 'Partecipanti per accompagnatore' } },
    cities: { fields: { taxCapMode: 'Conteggio del limite di notti' } },
    declarations: { fields: { beyondCapPresences: 'Presenze oltre il limite di notti' } },
  },
};
