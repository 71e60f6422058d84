import type { TranslationMessages } from 'ra-core';
import { onboardingIt } from '../onboarding/i18n/onboarding.it';
import { mergeMessagesInto } from './mergeMessages';
import { raItalianMessages } from './raItalian';

/** Italian (it-IT), the default language. */
export const itMessages: TranslationMessages = {
  ...raItalianMessages,
  common: {
    changePassword: 'Cambia password',
    changePasswordSuccess: 'Password modificata',
    changePasswordError: 'Non è stato possibile modificare la password',
    oldPassword: 'Vecchia password',
    on: 'Attivo',
    off: 'Spento',
  },
  bulk: {
    selectAll: 'Seleziona tutte le %{count} righe corrispondenti',
    onlyPage: 'Solo le %{count} righe di questa pagina',
    allSelected: 'Selezionate tutte le %{count} righe che corrispondono ai filtri',
    export: 'Esporta selezione',
    confirm: 'Applicare a %{count} righe? Ogni riga è verificata singolarmente: quelle che non possono cambiare sono elencate con il motivo.',
    reason: 'Motivo del mancato pagamento',
    resultTitle: 'Esito',
    result: '%{done} eseguite, %{refused} rifiutate',
    more: 'e altre %{count}',
    actions: {
      validate: 'Convalida',
      approve: 'Approva',
      delete: 'Elimina',
      markPaid: 'Segna pagati',
      markNotPaid: 'Segna non pagati',
      remindSigners: 'Sollecita i firmatari',
      remind: 'Sollecita il firmatario',
    },
  },
  live: {
    newRows: '%{smart_count} nuovo |||| %{smart_count} nuovi',
    conflictTitle: 'Modificato da qualcun altro',
    conflictText: 'Mentre lo modificavi, qualcun altro ha salvato questo elemento: le tue modifiche non sono state salvate. Puoi ricaricarlo o vedere cosa è cambiato.',
    reload: 'Ricarica',
    reloadConfirm: 'Ricaricare l’elemento? Le modifiche non salvate andranno perse.',
    seeChanges: 'Vedi le modifiche',
    keepEditing: 'Continua a modificare',
    field: 'Campo',
    yours: 'I tuoi valori',
    theirs: 'Salvato da altri',
    loading: 'Lettura della versione salvata…',
    noDifferences: 'Nessun campo diverso da quelli che stai modificando.',
    empty: '(vuoto)',
  },
  roles: {
    admin: 'Amministratore',
    city: 'Comune',
    user: 'Albergatore',
    agency_user: 'Impresa',
    laboratory_user: 'Laboratorio',
    consortium_user: 'Consorzio',
  },
  menu: {
    groups: {
      touristTax: 'Imposta di soggiorno',
      administration: 'Amministrazione',
      account: 'Account',
    },
    structures: 'Strutture',
    stays: 'Soggiorni',
    declarations: 'Dichiarazioni',
    modello21: 'Modello 21',
    municipalities: 'Comuni',
    tariffs: 'Tariffe',
    reductions: 'Riduzioni',
    exemptions: 'Esenzioni',
    relevantAreas: 'Aree di rilevanza',
    structureTypes: 'Tipologie di struttura',
    structureClasses: 'Classificazioni di struttura',
    declarationTemplates: 'Modelli di dichiarazione',
    communications: 'Comunicazioni',
    documentArea: 'Area documentale',
    users: 'Utenti',
    inviteUsers: 'Invita utenti',
    rolesAndPermissions: 'Ruoli e permessi',
    search: 'Ricerca avanzata',
    management: 'Gestione',
    settings: 'Impostazioni',
    labels: 'Etichette',
    notifications: 'Notifiche',
    profile: 'Profilo',
    documentation: 'Documentazione',
  },
  userMenu: {
    profile: 'Profilo',
    changePassword: 'Cambia password',
    language: 'Lingua',
  },
  layout: {
    year: 'Anno',
    notifications: 'Notifiche (%{count} non lette)',
    actingAs: 'Stai operando come %{name} (%{email}, %{role})',
    backToMyAccount: 'Torna al mio account',
    goHome: 'Vai alla home',
    notFound: {
      title: 'Pagina non trovata',
      text: "L'indirizzo digitato o il link seguito non esiste.",
    },
    forbidden: {
      title: 'Accesso non consentito',
      text: 'Il tuo ruolo non ti permette di aprire questa pagina.',
    },
  },
  versions: {
    newVersionAvailable: "È disponibile una nuova versione dell'applicazione (%{version}).",
    reload: 'Ricarica',
    close: 'Chiudi',
  },
  publicSite: {
    signIn: 'Accedi',
    register: 'Registrati',
    openBackOffice: 'Apri il back office',
    home: {
      title: 'Imposta di soggiorno e amministrazione',
      text: 'Il back office per comuni, albergatori e consorzio.',
    },
    deleteUser: {
      link: 'Come eliminare il tuo account',
      title: 'Elimina il tuo account',
      intro: 'Puoi eliminare il tuo account in autonomia in qualsiasi momento:',
      step1: 'Accedi al back office.',
      step2: 'Apri il menu con il tuo nome in alto a destra e scegli "Profilo".',
      step3: 'Premi "Elimina account".',
      step4: 'Conferma nella finestra che si apre.',
      whatHappens: "L'accesso viene disabilitato subito e i tuoi dati personali vengono anonimizzati. I documenti che la legge impone di conservare (dichiarazioni, versamenti) restano al comune.",
    },
    test: {
      title: 'Pagina di prova',
      version: 'Versione',
      buildType: 'Tipo di build',
      environment: 'Ambiente',
      language: 'Lingua',
    },
  },
  profile: {
    title: 'Profilo',
    completeTitle: 'Completa il profilo',
    completeHelp: 'Compila i tuoi dati per continuare.',
    completeSubmit: 'Salva e continua',
    completed: 'Profilo completato',
    saved: 'Profilo salvato',
    security: 'Sicurezza',
    changeAvatar: 'Cambia immagine',
    avatarUpdated: 'Immagine aggiornata',
    deleteAccount: {
      action: 'Elimina account',
      title: 'Eliminare il tuo account?',
      content: 'Non potrai più accedere e i tuoi dati personali saranno anonimizzati. L’operazione non si può annullare.',
      confirm: 'Elimina il mio account',
      done: 'Account eliminato',
    },
  },
  users: {
    searchPlaceholder: 'Cerca',
    tabs: {
      information: 'Informazioni',
      structures: 'Strutture',
      roles: 'Ruoli',
    },
    status: {
      label: 'Stato',
      enabled: 'Abilitato',
      disabled: 'Disabilitato',
      enabledNotice: 'Utente abilitato',
      disabledNotice: 'Utente disabilitato',
    },
    actions: {
      column: 'Azioni',
      enable: 'Abilita',
      disable: 'Disabilita',
    },
    impersonate: {
      action: 'Opera come questo utente',
      started: 'Ora stai operando come questo utente',
    },
    invite: {
      title: 'Invita utenti',
      help: "Una riga per utente. Ogni utente invitato riceve un'email con un collegamento, valido 7 giorni e utilizzabile una volta, per scegliere la propria password.",
      rows: 'Utenti',
      submit: 'Invia gli inviti',
      success: '1 utente invitato |||| %{smart_count} utenti invitati',
      error: 'Non è stato possibile creare gli utenti: controlla le righe evidenziate.',
    },
    structures: {
      notAvailable: "Le strutture di questo utente saranno mostrate qui quando sarà installata la schermata strutture dell'imposta di soggiorno.",
    },
    roles: {
      none: 'Nessun ruolo definito.',
      save: 'Salva i ruoli',
      saved: 'Ruoli salvati',
    },
  },
  notifications: {
    title: 'Notifiche',
    unseen: '1 notifica non letta |||| %{smart_count} notifiche non lette',
    markAllRead: 'Segna tutte come lette',
    markRead: 'Non letta: clicca per segnarla come letta',
    allRead: 'Tutte le notifiche sono state segnate come lette',
    empty: 'Nessuna notifica.',
  },
  management: {
    title: 'Gestione',
    settingsText: 'Funzionalità attivabili e liste usate nei moduli.',
    labelsText: "I testi dell'interfaccia in italiano e in inglese.",
    rolesText: 'I ruoli e i permessi che concedono.',
  },
  settings: {
    types: {
      feature: 'Funzionalità',
      environmentalAspectType: 'Tipo di aspetto ambientale',
      severityLevel: 'Livello di gravità',
      referenceDocument: 'Documento di riferimento',
      matrix: 'Matrice',
      analyticPackage: 'Pacchetto analitico',
      ncaType: 'Tipo di NCA',
      companyFunction: 'Funzione aziendale',
      defaultObserver: 'Osservatore predefinito',
    },
  },
  labels: {
    new: 'Nuova etichetta',
    actions: 'Azioni',
    created: 'Etichetta salvata',
    valueIt: 'Testo italiano',
    valueEn: 'Testo inglese',
    keyHelp: 'Chiave puntata, ad es. menu.users',
    invalidKey: 'Usa solo lettere, cifre e punti',
    languages: {
      it: 'Italiano',
      en: 'Inglese',
    },
    platforms: {
      web: 'Web',
      app: 'App',
    },
  },
  rolesScreen: {
    noPermissions: 'Nessun permesso definito.',
    roleTypes: {
      internal: 'Interno',
      supplier: 'Fornitore',
    },
    areas: {
      nca: 'NCA',
      agencies: 'Imprese',
      lots: 'Lotti',
      roles: 'Ruoli',
      signs: 'Firme',
      actions: 'Azioni correttive',
      orders: 'Ordini',
      settings: 'Impostazioni',
      forms: 'Formulari',
      laboratories: 'Laboratori',
      contracts: 'Contratti',
      rdps: 'RDP',
    },
    permissionNames: {
      read: 'Lettura',
      create: 'Creazione',
      update: 'Modifica',
      delete: 'Eliminazione',
      forceSkipSignatures: 'Forza il salto delle firme',
    },
  },
  search: {
    title: 'Ricerca avanzata',
    placeholder: 'Nome, email, codice fiscale...',
    noResults: 'Nessun risultato.',
    tabs: {
      hoteliers: 'Albergatori',
      municipalities: 'Comuni',
    },
    columns: {
      name: 'Nome',
      surname: 'Cognome',
      email: 'Email',
      commercialName: 'Ragione sociale',
      phone: 'Telefono',
    },
  },
  components: {
    file: {
      accepted: 'Formati accettati: %{formats}',
      refused: '%{name}: formato non accettato',
    },
  },
  documentation: {
    title: 'Documentazione',
    overview: 'Panoramica',
    intro: 'Il tema e i componenti condivisi di questa applicazione, mostrati dal vivo.',
    theme: 'Tema',
    components: 'Componenti',
    pages: {
      measures: 'Misure',
      colors: 'Colori',
      typography: 'Tipografia',
      flex: 'Flex',
      input: 'Input',
      file: 'File',
      select: 'Select',
      grid: 'Griglia',
      subHeader: 'Sottotitolo di sezione',
    },
    measures: {
      spacing: 'Unità di spaziatura: %{unit}px',
      breakpoints: 'Punti di interruzione',
      other: 'Altre misure',
      radius: 'Raggio degli angoli',
      sidebar: 'Barra laterale aperta / chiusa',
    },
    typography: {
      sample: 'Imposta di soggiorno 1.234,56 €',
    },
    flex: {
      text: 'Flex dispone i figli in riga o in colonna con la spaziatura del tema.',
    },
    input: {
      text: 'Campo di testo',
      number: 'Numero',
      date: 'Data',
    },
    file: {
      text: 'FilePicker accetta file trascinati o scelti e rifiuta gli altri formati.',
    },
    select: {
      text: 'Scelta singola e multipla.',
      multiple: 'Scelta multipla',
    },
    grid: {
      text: 'Una griglia a 12 colonne; sugli schermi piccoli le colonne si impilano.',
    },
    subHeader: {
      sampleTitle: 'Titolo della sezione',
      sampleSubtitle: 'Una breve descrizione della sezione',
      text: 'SubHeader apre una sezione di pagina con titolo, sottotitolo e azioni.',
    },
  },
  resources: {
    users: {
      name: 'Utente |||| Utenti',
      fields: {
        email: 'Email',
        name: 'Nome',
        surname: 'Cognome',
        username: 'Nome utente',
        role: 'Ruolo',
        cityId: 'Comune',
        agencyId: 'Impresa',
        companyFunctionSettingIds: 'Funzioni aziendali',
        companyFunctionSettingIdsHelp: 'Chi ricopre una funzione avvia e completa le azioni correttive assegnate a quella funzione',
        mobilephone: 'Cellulare',
        phone: 'Telefono',
        address: 'Indirizzo',
        taxCode: 'Codice fiscale',
        vatNumber: 'Partita IVA',
        contactEmail: 'Email di contatto',
        emailPec: 'PEC',
        fax: 'Fax',
        commercialName: 'Ragione sociale',
        referentTributes: 'Legale rappresentante',
        birthDate: 'Data di nascita',
        paymentDays: 'Giorni di pagamento',
        isEnabled: 'Abilitato',
        isConfirmed: 'Confermato',
        createdAt: 'Creato il',
      },
    },
    roles: {
      name: 'Ruolo |||| Ruoli',
      fields: {
        name: 'Nome',
        description: 'Descrizione',
        roleType: 'Tipo di ruolo',
        permissionIds: 'Permessi',
      },
    },
    permissions: {
      name: 'Permesso |||| Permessi',
      fields: {
        areaName: 'Area',
        name: 'Nome',
        key: 'Chiave',
      },
    },
    'management/settings': {
      name: 'Impostazione |||| Impostazioni',
      fields: {
        code: 'Codice',
        name: 'Nome',
        settingType: 'Tipo',
        isActive: 'Attiva',
        color: 'Colore',
        description: 'Descrizione',
      },
    },
    'management/labels': {
      name: 'Etichetta |||| Etichette',
      fields: {
        key: 'Chiave',
        value: 'Testo',
        language: 'Lingua',
        category: 'Categoria',
        platform: 'Piattaforma',
      },
    },
  },
};
// The onboarding messages first: each area below may add to the same namespaces (errors, validation).
mergeMessagesInto(itMessages, onboardingIt);
import { addTouristTaxIt } from '../tourist-tax/i18n/touristTax.it';
addTouristTaxIt(itMessages);
import { addTouristTaxResourcesIt } from '../tourist-tax/i18n/touristTaxResources.it';
addTouristTaxResourcesIt(itMessages);
import { addFilingsIt } from '../tourist-tax/i18n/filings.it';
addFilingsIt(itMessages);
import { addFilingResourcesIt } from '../tourist-tax/i18n/filingResources.it';
addFilingResourcesIt(itMessages);
import { addScreensIt } from '../tourist-tax/i18n/screens.it';
addScreensIt(itMessages);
import { addPoliceFilesIt } from '../tourist-tax/i18n/policeFiles.it';
addPoliceFilesIt(itMessages);
import { addPagopaIt } from '../tourist-tax/i18n/pagopa.it';
addPagopaIt(itMessages);
import { addRulesIt } from '../tourist-tax/i18n/rules.it';
addRulesIt(itMessages);
import { addEnvironmentalIt } from '../environmental/i18n/environmental.it';
addEnvironmentalIt(itMessages);
import { addNcaIt } from '../environmental/i18n/nca.it';
addNcaIt(itMessages);
import { addCapaIt } from '../environmental/i18n/capa.it';
addCapaIt(itMessages);
import { addAdminIt } from '../platform/i18n/admin.it';
addAdminIt(itMessages);
import { addHistoryIt } from '../platform/i18n/history.it';
addHistoryIt(itMessages);
