import type { TMessageTree } from '../../i18n/mergeMessages';

/*
 * The area's texts that every signed-in user's messages hold (i18n/it.ts): menu entries and groups, field
 * validation and the API's error messages, which the shared components (the menu, toasts, the bulk actions' report)
 * show on any page. The rest of the area's texts come with the area (messages.it.ts, i18n/bundles.ts).
 */
export const environmentalBaseIt: TMessageTree[] = [
  // From environmental.it.ts.
  {
    menu: { groups: { environmental: 'Ambiente' } },
    validation: {
      procurementCode: {
        length: 'Lunghezza errata',
        charset: 'Caratteri non ammessi',
        zeroProgressive: 'Numero progressivo zero',
        checkMismatch: 'I caratteri di controllo non corrispondono',
        unusualPattern: 'Formato insolito',
      },
    },
  },
  // From nca.it.ts.
  {
    menu: { groups: { overview: 'Panoramica' } },
  },
  // From environmental.it.ts.
  {
    environmental: {
      menu: {
        lots: 'Lotti',
        orders: 'Ordini',
        agencies: 'Imprese',
        laboratories: 'Laboratori',
        contracts: 'Contratti',
        ncaSettings: 'Impostazioni NCA',
        labAnalysisSettings: 'Impostazioni analisi di laboratorio',
        myCompany: 'La mia azienda',
      },
    },
  },
  // From rdps.it.ts.
  {
    environmental: {
      menu: { rdps: 'Rapporti di prova' },
    },
  },
  // From forms.it.ts.
  {
    environmental: {
      menu: { forms: 'Formulari' },
    },
    forms: {
      validation: {
        istatCode: 'Codice ISTAT del comune: 6 cifre',
        siteNumber: 'Numero di iscrizione del sito RENTRI (es. OP0058ABC000123-LT0001)',
        taxCode: 'Codice fiscale o partita IVA non valido',
        firNumber: 'Numero FIR non valido (es. XRBC 000123 HF)',
        quantity: 'Quantità non valida: maggiore di zero, fino a 10 cifre intere e 4 decimali',
        albo: 'Formato XX/123456',
      },
    },
  },
  // From nca.it.ts.
  {
    envDashboard: {
      notForRole: 'La dashboard riguarda comuni, gestori di strutture e il consorzio.',
    },
    nca: {
      menu: { reports: 'Segnalazioni NCA', actions: 'Azioni correttive', mySignatures: 'Le mie firme', signRequests: 'Richieste di firma' },
    },
  },
];
