import type { TMessageTree } from '../../i18n/mergeMessages';

/*
 * The area's texts that every signed-in user's messages hold (i18n/it.ts): menu entries and groups, field
 * validation and the API's error messages, which the shared components (the menu, toasts, the bulk actions' report)
 * show on any page. The rest of the area's texts come with the area (messages.it.ts, i18n/bundles.ts).
 */
export const touristTaxBaseIt: TMessageTree[] = [
  // From touristTax.it.ts.
  {
    validation: {
      taxCode: 'Codice fiscale non valido',
      vatNumber: 'Partita IVA non valida',
      iban: 'IBAN non valido',
      cin: 'CIN non valido (IT + 6 cifre ISTAT + classe + fino a 8 caratteri)',
      istatCode: 'Il codice ISTAT ha 6 cifre',
      province: 'Sigla di 2 lettere',
      ccp: 'Il conto corrente postale ha da 6 a 12 cifre',
      atecoCode: 'Codice ATECO non valido (es. 55.10.00)',
      url: 'Indirizzo web non valido (http:// o https://)',
      notNegative: 'Non può essere negativo',
      tooLarge: 'Valore troppo grande',
      twoDecimals: 'Al massimo due decimali',
      percentRange: 'Deve essere tra 0 e 100',
      wholeNumber: 'Deve essere un numero intero',
      outOfRange: 'Valore fuori dai limiti',
      guests: 'Almeno 1 ospite',
      checkOutAfterCheckIn: "La partenza deve essere successiva all'arrivo",
    },
    errors: {
      TARIFF_CONFLICT: 'La tariffa si sovrappone a un’altra tariffa del comune con lo stesso ambito.',
      REDUCTION_CONFLICT: 'Esiste già una riduzione uguale nello stesso periodo.',
      NO_TARIFF_FOR_NIGHT: 'Nessuna tariffa del comune si applica a una notte del soggiorno',
      AMBIGUOUS_TARIFF: 'Due tariffe del comune si applicano alla stessa notte',
      INVALID_RULE: 'Una tariffa o riduzione del comune non è valida',
      INVALID_DATES: "La partenza deve essere successiva all'arrivo",
      INVALID_COMPONENTS: 'Il numero di ospiti non è valido',
      INVALID_COUNT: 'Un numero di esenti o ridotti non è valido',
      TOO_MANY_EXEMPT_OR_REDUCED: 'Esenti e ridotti sono più degli ospiti del soggiorno',
      UNKNOWN_REDUCTION: 'La riduzione non esiste in questo comune',
      UNKNOWN_EXEMPTION: "L'esenzione non esiste in questo comune",
      MISSING_ACCOMMODATION_AMOUNT: "Si applica una tariffa a percentuale: inserisci l'importo del soggiorno",
      INVALID_ACCOMMODATION_AMOUNT: "L'importo del soggiorno non è valido",
      IN_USE: 'È usato da strutture o regole del comune: modifica prima quelle.',
      RULE_IN_USE: 'È applicata a soggiorni salvati: imposta una fine validità invece di eliminarla.',
      PAGOPA_NOTHING_DUE: 'La dichiarazione non ha importo da versare: nessun avviso pagoPA.',
      PAGOPA_NOT_CONFIGURED: 'Avviso pagoPA non disponibile: il comune non ha indicato %{missing}.',
      PAGOPA_SEGREGATION_CODE_LOCKED: 'Il codice di segregazione non si può cambiare: sono già stati emessi avvisi pagoPA con questo codice.',
      CITY_IN_USE: 'Il comune ha strutture o utenti: disattivalo invece di eliminarlo.',
      STRUCTURE_HAS_STAYS: 'La struttura ha soggiorni: disattivala invece di eliminarla.',
      STAY_DECLARED: 'Il soggiorno è compreso in una dichiarazione presentata e non è più modificabile.',
      DUPLICATE: 'Esiste già un elemento con questi dati.',
      IMPORT_INVALID: 'Il file contiene righe non valide: nessun soggiorno è stato importato.',
      IMPORT_UNREADABLE: 'Il file non è leggibile nel formato scelto.',
      IMPORT_TOO_LARGE: 'Il file supera i limiti di importazione (colonne, righe o dimensione): nessun soggiorno è stato importato.',
    },
  },
  // From filings.it.ts.
  {
    menu: {
      dashboard: 'Dashboard',
    },
    errors: {
      DECLARATION_LOCKED: 'La dichiarazione è già presentata o validata e non si può più modificare.',
      PERIOD_OVERLAP: 'Il periodo si sovrappone a un altro periodo del comune.',
      TEMPLATE_IN_USE: 'Il periodo ha già delle dichiarazioni: se ne possono spostare solo le scadenze.',
      MODELLO21_NOT_RECONCILED: 'Il Modello 21 non è riconciliato: spiega ogni differenza e indica data e TRN di ogni versamento.',
      MODELLO21_LOCKED: 'Il Modello 21 è già inviato o validato e non si può più modificare.',
      NOT_SUBMITTED: 'La ricevuta esiste solo dopo che la dichiarazione è stata presentata.',
    },
  },
  // From screens.it.ts.
  {
    menu: {
      filingSettings: 'Impostazioni dichiarazioni',
    },
    validation: {
      logo: 'Carica prima un’immagine per questo comune',
    },
  },
  // From policeFiles.it.ts.
  {
    errors: {
      ALLOGGIATI_INCOMPLETE: 'Alcuni ospiti arrivati in quel giorno non hanno i dati che il file della questura richiede.',
    },
  },
  // From pagopa.it.ts.
  {
    menu: { siatelChecks: 'Verifica SIATEL' },
  },
  // From touristTax.it.ts.
  {
    touristTax: {
      validation: {
        cityFiscalCode: 'Il codice fiscale del comune ha 11 cifre con cifra di controllo valida',
        segregationCode: 'Il codice di segregazione ha 2 cifre',
        checkOutAfterCheckIn: "La partenza deve essere successiva all'arrivo",
        dateToAfterDateFrom: 'La data di chiusura non può precedere quella di apertura',
        validToAfterValidFrom: 'La fine validità non può precedere l’inizio',
        tooManyExemptOrReduced: 'Esenti e ridotti sono più degli ospiti del soggiorno',
        invoiceIdentifier: 'Indica il codice fiscale o la partita IVA',
      },
    },
  },
  // From filings.it.ts.
  {
    filings: {
      validation: {
        dateInYear: "La data deve cadere nell'anno del periodo",
        dateToBeforeFrom: 'La fine non può precedere l’inizio',
        deadlineBeforeEnd: 'La scadenza non può precedere la fine del periodo',
        wholeNotNegative: 'Numero intero non negativo',
        totalIsPaidPlusUnpaid: 'Deve essere uguale a versato dagli ospiti + non riscosso',
        totalIsTariffMinusReduction: 'Deve essere uguale a tariffa lorda − riduzioni',
        rejectedNotMoreThanStays: 'Non può superare il numero di soggiorni',
        unpaidNeedsRejected: 'Importo non riscosso e soggiorni non pagati vanno indicati insieme',
        nightPerStay: 'Ogni soggiorno ha almeno una notte',
        noGuestsNoTax: 'Un periodo senza ospiti non ha soggiorni né imposta',
        tooLong: 'Testo troppo lungo',
        date: 'Data non valida',
      },
    },
  },
];
