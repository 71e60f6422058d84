import { itMessages } from '../../../i18n/it.ts';
import { translate, type TLanguage, type TParams } from '../../../i18n/translate.ts';

/** The mail templates are the `mail.*` messages of the server's message files (apps/api/src/i18n), in Italian and English. */
export type TMailTemplate = keyof typeof itMessages.mail;

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

/** Variables are plain text, escaped for the HTML part. */
export function renderMail(template: TMailTemplate, vars: TParams, language: TLanguage) {
  const text = translate(language, `mail.${template}.body`, vars);
  const html = `<div style="font-family:sans-serif">${translate(language, `mail.${template}.body`, vars, escapeHtml).replace(/\n/g, '<br>')}</div>`;
  return { subject: translate(language, `mail.${template}.subject`, vars), text, html };
}
