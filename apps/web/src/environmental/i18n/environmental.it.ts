import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';
import { rdpsIt } from './rdps.it';
import { formsIt } from './forms.it';

/* Italian messages of the environmental-compliance screens. */

const company = {
  businessName: 'Ragione sociale',
  vatNumber: 'Partita IVA',
  phone: 'Telefono',
  managerEmail: 'Email del responsabile',
  address: 'Indirizzo',
  contacts: 'Contatti',
  inviteStatus: 'Invito',
  userCount: 'Utenti',
  openNcaCount: 'NCA aperte',
};

export const environmentalIt = {
  environmental: {
    search: 'Cerca',
    myCompany: 'La mia azienda',
    myLaboratory: 'Il mio laboratorio',
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
    inviteStatus: { to_invite: 'Da invitare', invited: 'Invitata', accepted: 'Accettato' },
    invite: {
      invite: 'Invita',
      resend: 'Reinvia invito',
      revoke: 'Revoca invito',
      done: { invite: 'Invito inviato', resend: 'Nuovo invito inviato: il precedente non vale più', revoke: 'Invito revocato' },
    },
    orderType: { work_order: 'Ordine di lavoro', announcement: 'Bando' },
    tabs: { registry: 'Anagrafica', users: 'Utenti', nca: 'Casi NCA', orders: 'Ordini', information: 'Informazioni', priceLists: 'Contratti e listini' },
    agencies: { noOrders: 'Nessun ordine assegnato.' },
    users: {
      inviteColleague: 'Invita un collega',
      none: 'Nessun utente.',
      email: 'Email',
      name: 'Nome',
      surname: 'Cognome',
      state: 'Stato',
      manager: 'Responsabile',
      accepted: 'Attivo',
      invitedOnly: 'Invitato',
      send: 'Invia invito',
      invited: 'Invito inviato al collega',
    },
    contact: { name: 'Nome', role: 'Ruolo', email: 'Email', phone: 'Telefono' },
    contacts: { title: 'Contatti', saved: 'Contatti salvati' },
    lots: {
      cigDoubtful: 'CIG PCP con caratteri di controllo fuori dalla regola nota: verificare il codice (verrà comunque salvato).',
      cupDoubtful: 'CUP insolito (di solito una lettera, due cifre, una lettera e undici cifre): verificare il codice.',
      savedWithWarnings: 'Il lotto è stato salvato con un codice da verificare.',
    },
    help: {
      managerEmail: "L'invito viene inviato a questo indirizzo",
      cig: '10 caratteri: CIG ordinario, smart (X, Y, Z) o PCP',
      cup: '15 lettere e cifre',
      settingCode: 'Ricavato dal nome se lasciato vuoto',
    },
    priceList: {
      import: 'Importa listino (xlsx)',
      export: 'Esporta listino',
      imported: 'Listino importato: %{created} righe nuove, %{updated} aggiornate',
      refused: 'Listino non importato',
      nothingWritten: 'Alcune righe non sono valide: nessuna riga è stata importata. Correggi il file e riprova.',
      row: 'Riga',
      field: 'Campo',
      value: 'Valore',
      problem: 'Problema',
      empty: 'Il listino è vuoto.',
    },
    settingType: {
      environmentalAspectType: 'Aspetti ambientali',
      severityLevel: 'Livelli di gravità',
      referenceDocument: 'Documenti di riferimento',
      matrix: 'Matrici',
      analyticPackage: 'Pacchetti analitici',
      ncaType: 'Tipi di NCA',
      companyFunction: 'Funzioni aziendali',
      defaultObserver: 'Osservatori predefiniti',
    },
    ambientCategory: {
      environmentalManagementSystem: 'Sistema di gestione ambientale',
      wasteManagement: 'Gestione dei rifiuti',
      excavationSoilAndRock: 'Terre e rocce da scavo',
      singleEnvironmentalComponents: 'Singole componenti ambientali',
      emergencyResponse: 'Gestione delle emergenze',
      stakeholderRelations: 'Rapporti con le parti interessate',
    },
    agencyFunctionType: { consortium: 'Consorzio', agencies: 'Imprese' },
  },
  menu: { groups: { environmental: 'Ambiente' } },
  resources: {
    lots: { name: 'Lotto |||| Lotti', fields: { name: 'Nome', code: 'Codice', cig: 'CIG', cup: 'CUP', functionalCode: 'Codice funzionale', description: 'Descrizione' } },
    orders: {
      name: 'Ordine |||| Ordini',
      fields: { name: 'Nome', lotId: 'Lotto', orderType: 'Tipo', agencyIds: 'Imprese', managerId: 'Responsabile', agencyFunctionSettingId: 'Funzione aziendale', userId: 'Utente' },
    },
    agencies: { name: 'Impresa |||| Imprese', fields: company },
    laboratories: { name: 'Laboratorio |||| Laboratori', fields: company },
    contracts: {
      name: 'Contratto |||| Contratti',
      fields: {
        code: 'Contratto',
        laboratoryId: 'Laboratorio',
        articleCode: 'Codice articolo',
        articleName: 'Articolo',
        packetCode: 'Codice pacchetto',
        matrixSettingId: 'Matrice',
        analyticPackageSettingId: 'Pacchetto analitico',
        price: 'Prezzo (€)',
      },
    },
    'environmental-settings': {
      name: 'Impostazione |||| Impostazioni',
      fields: {
        settingType: 'Tipo',
        name: 'Nome',
        code: 'Codice',
        description: 'Descrizione',
        isActive: 'Attiva',
        color: 'Colore',
        ambientCategory: 'Categoria ambientale',
        agencyFunctionType: 'Tipo di funzione',
        userId: 'Utente',
      },
    },
  },
  validation: {
    procurementCode: {
      length: 'Lunghezza errata',
      charset: 'Caratteri non ammessi',
      zeroProgressive: 'Numero progressivo zero',
      checkMismatch: 'I caratteri di controllo non corrispondono',
      unusualPattern: 'Formato insolito',
    },
  },
};

export function addEnvironmentalIt(messages: TranslationMessages): void {
  mergeMessagesInto(messages, environmentalIt);
  mergeMessagesInto(messages, rdpsIt);
  mergeMessagesInto(messages, formsIt);
}
