import type { TMailLanguage } from '../../../lib/services.ts';

/** Mail templates in Italian and English. Variables are plain text and escaped for HTML. */
const TEMPLATES = {
  confirmEmail: {
    it: {
      subject: 'Conferma il tuo indirizzo e-mail',
      body: "Ciao {name},\n\nper confermare il tuo indirizzo e-mail apri questo collegamento:\n{link}\n\nSe non hai creato tu l'account, ignora questo messaggio.",
    },
    en: { subject: 'Confirm your e-mail address', body: 'Hello {name},\n\nto confirm your e-mail address open this link:\n{link}\n\nIf you did not create the account, ignore this message.' },
  },
  resetPassword: {
    it: {
      subject: 'Reimposta la password',
      body: "Ciao {name},\n\nper scegliere una nuova password apri questo collegamento entro un'ora:\n{link}\n\nSe non hai chiesto tu il cambio, ignora questo messaggio: la password resta quella di prima.",
    },
    en: {
      subject: 'Reset your password',
      body: 'Hello {name},\n\nto choose a new password open this link within one hour:\n{link}\n\nIf you did not ask for it, ignore this message: your password stays the same.',
    },
  },
  invite: {
    it: {
      subject: 'Il tuo accesso al portale',
      body: 'Ciao {name},\n\nè stato creato un account per te ({email}).\nPer attivarlo scegli una password da questo collegamento, valido {days} giorni e utilizzabile una sola volta:\n{link}\n\nSe non attendevi questo messaggio, ignoralo.',
    },
    en: {
      subject: 'Your access to the portal',
      body: 'Hello {name},\n\nan account has been created for you ({email}).\nTo activate it, choose a password from this link, valid for {days} days and usable once:\n{link}\n\nIf you were not expecting this message, ignore it.',
    },
  },
  companyInvite: {
    it: {
      subject: 'Invito al portale del consorzio: {company}',
      body: "Gentile responsabile di {company},\n\nil consorzio vi invita ad accedere al portale per la gestione ambientale.\nPer attivare l'account {email} scegliete una password da questo collegamento, valido {days} giorni e utilizzabile una sola volta:\n{link}\n\nSe non attendevate questo invito, ignorate il messaggio.",
    },
    en: {
      subject: 'Invitation to the consortium portal: {company}',
      body: 'Dear manager of {company},\n\nthe consortium invites you to its environmental compliance portal.\nTo activate the account {email}, choose a password from this link, valid for {days} days and usable once:\n{link}\n\nIf you were not expecting this invitation, ignore this message.',
    },
  },
  colleagueInvite: {
    it: {
      subject: 'Il tuo accesso al portale del consorzio: {company}',
      body: "Ciao {name},\n\n{company} ti ha invitato al portale per la gestione ambientale del consorzio.\nPer attivare l'account {email} scegli una password da questo collegamento, valido {days} giorni e utilizzabile una sola volta:\n{link}\n\nSe non attendevi questo invito, ignora il messaggio.",
    },
    en: {
      subject: 'Your access to the consortium portal: {company}',
      body: "Hello {name},\n\n{company} invited you to the consortium's environmental compliance portal.\nTo activate the account {email}, choose a password from this link, valid for {days} days and usable once:\n{link}\n\nIf you were not expecting this invitation, ignore this message.",
    },
  },
  // A signing code of an NCA phase: it names what is signed (report, phase, hash) and until when.
  ncaSigningCode: {
    it: {
      subject: 'Codice per la firma della NCA {report}',
      body: 'Ciao {name},\n\nil tuo codice per la firma con codice OTP della NCA {report} ({phase}) è:\n\n{code}\n\nÈ valido fino alle {expires} e si può usare una sola volta. Impronta dei dati da firmare: {hash}…\n\nSe non hai chiesto tu il codice, ignora questo messaggio e avvisa il consorzio.',
    },
    en: {
      subject: 'Signing code for NCA {report}',
      body: 'Hello {name},\n\nyour code to sign NCA {report} ({phase}) with a one-time code is:\n\n{code}\n\nIt is valid until {expires} and can be used once. Fingerprint of the data to sign: {hash}…\n\nIf you did not ask for it, ignore this message and tell the consortium.',
    },
  },
  notification: {
    it: { subject: '{title}', body: '{body}\n\n{link}' },
    en: { subject: '{title}', body: '{body}\n\n{link}' },
  },
} as const;

export type TMailTemplate = keyof typeof TEMPLATES;

/**
 * Variables that carry a secret: a single-use link that sets a password or confirms an address, a
 * one-time signing code. When the mail is delivered by SMTP, the outbox keeps the message with them
 * masked, so that nobody who reads the outbox can use them; without SMTP the outbox is the only
 * delivery channel (development and demo), so it keeps them and its row says so (`secrets: kept`).
 */
export const SECRET_MAIL_VARIABLES: Partial<Record<TMailTemplate, readonly TSecretKind[]>> = {
  confirmEmail: ['link'],
  resetPassword: ['link'],
  invite: ['link'],
  companyInvite: ['link'],
  colleagueInvite: ['link'],
  ncaSigningCode: ['code'],
};
type TSecretKind = 'link' | 'code';
/** What stands in the outbox copy for each secret variable. */
export const MASKED_SECRETS: Record<TSecretKind, string> = { link: '[link sent by e-mail, not kept]', code: '[code sent by e-mail, not kept]' };
export const MASKED_SECRET = MASKED_SECRETS.link;

/** How the outbox row holds the message's secrets: masked (delivered by SMTP) or kept (the outbox is the delivery); null without secrets. */
export type TOutboxSecrets = 'masked' | 'kept' | null;

// The mailer service (lib/services.ts) accepts exactly these template names.
declare module '../../../lib/services.ts' {
  interface TMailTemplates extends Record<TMailTemplate, true> {}
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const fill = (text: string, vars: Record<string, string>, escape: (s: string) => string) => text.replace(/\{(\w+)\}/g, (_, name: string) => escape(vars[name] ?? ''));

export function renderMail(template: TMailTemplate, vars: Record<string, string>, language: TMailLanguage) {
  const t = TEMPLATES[template][language];
  const text = fill(t.body, vars, (s) => s);
  const html = `<div style="font-family:sans-serif">${fill(t.body, vars, escapeHtml).replace(/\n/g, '<br>')}</div>`;
  return { subject: fill(t.subject, vars, (s) => s), text, html };
}
