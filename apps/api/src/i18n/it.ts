/**
 * The server's Italian texts: the reference language. en.ts has the same keys (typed by TMessages);
 * placeholders are described in translate.ts. Grouped by what writes them: e-mails, then each area's
 * notifications and documents.
 */
export const itMessages = {
  common: {
    yes: 'Sì',
    no: 'No',
    /** A report without its code yet ("NCA in bozza"). */
    draftCode: 'in bozza',
    phase: 'fase {phase}',
  },
  mail: {
    confirmEmail: {
      subject: 'Conferma il tuo indirizzo e-mail',
      body: "Ciao {name},\n\nper confermare il tuo indirizzo e-mail apri questo collegamento:\n{link}\n\nSe non hai creato tu l'account, ignora questo messaggio.",
    },
    resetPassword: {
      subject: 'Reimposta la password',
      body: "Ciao {name},\n\nper scegliere una nuova password apri questo collegamento entro un'ora:\n{link}\n\nSe non hai chiesto tu il cambio, ignora questo messaggio: la password resta quella di prima.",
    },
    invite: {
      subject: 'Il tuo accesso al portale',
      body: 'Ciao {name},\n\nè stato creato un account per te ({email}).\nPer attivarlo scegli una password da questo collegamento, valido {days} giorni e utilizzabile una sola volta:\n{link}\n\nSe non attendevi questo messaggio, ignoralo.',
    },
    companyInvite: {
      subject: 'Invito al portale del consorzio: {company}',
      body: "Gentile responsabile di {company},\n\nil consorzio vi invita ad accedere al portale per la gestione ambientale.\nPer attivare l'account {email} scegliete una password da questo collegamento, valido {days} giorni e utilizzabile una sola volta:\n{link}\n\nSe non attendevate questo invito, ignorate il messaggio.",
    },
    colleagueInvite: {
      subject: 'Il tuo accesso al portale del consorzio: {company}',
      body: "Ciao {name},\n\n{company} ti ha invitato al portale per la gestione ambientale del consorzio.\nPer attivare l'account {email} scegli una password da questo collegamento, valido {days} giorni e utilizzabile una sola volta:\n{link}\n\nSe non attendevi questo invito, ignora il messaggio.",
    },
    // A signing code of an NCA phase: it names what is signed (report, phase, hash) and until when.
    ncaSigningCode: {
      subject: 'Codice per la firma della NCA {report}',
      body: 'Ciao {name},\n\nil tuo codice per la firma con codice OTP della NCA {report} ({phase}) è:\n\n{code}\n\nÈ valido fino alle {expires, time} e si può usare una sola volta. Impronta dei dati da firmare: {hash}…\n\nSe non hai chiesto tu il codice, ignora questo messaggio e avvisa il consorzio.',
    },
    notification: { subject: '{title}', body: '{body}\n\n{link}' },
  },
  nca: {
    /** "NCA 2025-001", or "NCA in bozza" before the report has its code. */
    name: 'NCA {code}',
    report: {
      signRequested: { title: 'Firma richiesta', body: 'Ti è chiesta la firma con codice OTP della {nca} ({phase}). Apri "Le mie firme".' },
      opened: { title: '{nca} aperta', body: "La {nca} è aperta: l'impresa scrive l'analisi delle cause e propone le azioni correttive." },
      toValidate: { title: '{nca} da validare', body: "L'impresa ha inviato l'analisi delle cause e le azioni proposte." },
      returned: { title: '{nca} rinviata', body: 'Il consorzio ha rinviato il piano delle azioni. Motivo: {reason}' },
      actionsToRun: { title: '{nca}: azioni da eseguire', body: 'Il piano delle azioni è approvato: puoi avviare le azioni correttive assegnate.' },
      running: { title: '{nca} in esecuzione', body: 'Il piano delle azioni è approvato.' },
      closed: { title: '{nca} chiusa', body: 'La {nca} è chiusa.' },
      signRejected: { title: '{nca}: firma rifiutata', body: 'Una firma è stata rifiutata. Motivazione: {reason}' },
    },
    action: {
      title: 'Azione correttiva {code}',
      body: "L'azione {label} {what}.",
      bodyWithNote: "L'azione {label} {what}. Nota: {note}",
      confirm: 'è stata confermata dal consorzio',
      rejectProposal: 'è stata rifiutata dal consorzio: va rivista',
      complete: "è stata completata dall'esecutore: va verificata",
      reopen: 'è stata riaperta dal consorzio',
      close: 'è stata chiusa dopo la verifica di efficacia',
    },
    reminder: {
      actionOverdue: { title: 'Azione correttiva scaduta', body: "L'azione {label} doveva essere completata entro il {date, date}." },
      actionDue: { title: 'Azione correttiva in scadenza', body: "L'azione {label} scade il {date, date}." },
      signerPending: { title: 'Firma in attesa', body: 'La tua firma con codice OTP della {nca} è in attesa da più di {days} giorni. Apri "Le mie firme".' },
    },
  },
  rdp: {
    outOfLimits: { title: 'RDP {code}: valori fuori limite', body: 'Il rapporto di prova {code} ha {count} valori fuori dai limiti.' },
    moreOutOfLimits: { title: 'Altri {count} RDP fuori limite', body: "L'importazione ha creato altri {count} rapporti di prova con valori fuori limite." },
    uploadDraft: { title: 'RDP {code}: bozza da approvare', body: 'Il laboratorio ha caricato la bozza del rapporto di prova {code}.' },
    approveDraft: { title: 'RDP {code}: bozza approvata', body: 'Il consorzio ha approvato la bozza del rapporto di prova {code}: caricate il file firmato (.p7m).' },
    rejectDraft: { title: 'RDP {code}: bozza respinta', body: 'Il consorzio ha respinto la bozza del rapporto di prova {code}. Motivo: {reason}' },
    uploadSigned: { title: 'RDP {code}: file firmato da approvare', body: 'Il laboratorio ha caricato il rapporto di prova {code} firmato{notDraft}{warnings}.' },
    signedNotDraft: ': il PDF firmato NON è identico alla bozza approvata',
    signatureWarnings: ' ({count} avvisi sulla firma)',
    approveSigned: { title: 'RDP {code}: completato', body: 'Il consorzio ha approvato il rapporto di prova firmato {code}.' },
    rejectSigned: { title: 'RDP {code}: file firmato respinto', body: 'Il consorzio ha respinto il file firmato del rapporto di prova {code}. Motivo: {reason}' },
    confirmAccounting: { title: 'RDP {code}: SAL confermato', body: 'La contabilità (SAL {sal}) del rapporto di prova {code} è confermata.' },
  },
  form: {
    approve: { title: 'Formulario approvato', body: 'Il consorzio ha approvato il formulario {code}.' },
    reject: { title: 'Formulario da correggere', body: 'Il consorzio ha rinviato il formulario {code}. Motivo: {reason}' },
    revoke: { title: 'Approvazione revocata', body: "L'approvazione del formulario {code} è stata revocata. Motivo: {reason}" },
  },
  declaration: {
    /** Who and which period a declaration notification speaks of. */
    what: '{structure} – periodo dal {from, date} al {to, date}',
    unnamedStructure: 'Struttura',
    submit: { title: 'Dichiarazione inviata', body: '{what}: dichiarazione {code} inviata, imposta {amount, euros}.' },
    validate: { title: 'Dichiarazione validata', body: '{what}: il Comune ha validato la dichiarazione {code}.' },
    return: { title: 'Dichiarazione rinviata', body: '{what}: il Comune ha rinviato la dichiarazione. Motivo: {reason}' },
    revoke: { title: 'Validazione revocata', body: '{what}: il Comune ha revocato la validazione della dichiarazione {code}.' },
    payment: { title: 'Pagamento registrato', body: 'Dichiarazione {code}: pagamento di {amount, euros} del {date, date}, TRN {trn}.' },
    reminder: {
      submit_due: { title: 'Dichiarazione in scadenza', body: '{structure}: La dichiarazione del periodo {period} va presentata entro il {date, date}.' },
      submit_late: { title: 'Dichiarazione non presentata', body: '{structure}: La dichiarazione del periodo {period} doveva essere presentata entro il {date, date}.' },
      pay_due: { title: 'Versamento in scadenza', body: "{structure}: Il versamento dell'imposta del periodo {period} va effettuato entro il {date, date}." },
      pay_late: { title: 'Versamento scaduto', body: "{structure}: Il versamento dell'imposta del periodo {period} doveva essere effettuato entro il {date, date}." },
      cityMissing: {
        title: 'Strutture senza dichiarazione – {period}',
        body: '{count} strutture non hanno presentato la dichiarazione del periodo {period} (termine {date, date}): {structures}.',
      },
    },
  },
  modello21: {
    submit: { title: 'Modello 21 inviato', body: 'Il Modello 21 {year} di una struttura è stato inviato.' },
    validate: { title: 'Modello 21 validato', body: 'Il Comune ha validato il Modello 21 {year} (n. {number}).' },
    return: { title: 'Modello 21 rinviato', body: 'Il Comune ha rinviato il Modello 21 {year}. Motivo: {reason}' },
  },
};

/** The shape every language fills: the same keys, any text. */
type TShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : TShape<T[K]> };
export type TMessages = TShape<typeof itMessages>;
