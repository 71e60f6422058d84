import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import type { TMailer } from '../../../lib/services.ts';
import { MASKED_SECRETS, SECRET_MAIL_VARIABLES, renderMail, type TOutboxSecrets } from './templates.ts';

/**
 * Every message is written to the outbox first (what was sent, to whom, when); with SMTP_URL it is
 * then delivered by nodemailer and marked sent, the outbox keeping it with its secret links and
 * codes masked (SECRET_MAIL_VARIABLES); otherwise it stays `logged`, whole, for an admin to read.
 * The row's `secrets` says which of the two holds for a message that carries secrets.
 */
export function createMailer(options: { db: TDb; smtpUrl?: string; from: string; log: FastifyBaseLogger }): TMailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(to, template, vars, language = 'it') {
      const message = renderMail(template, vars, language);
      const secretNames = SECRET_MAIL_VARIABLES[template] ?? [];
      const secrets: TOutboxSecrets = secretNames.length === 0 ? null : transport ? 'masked' : 'kept';
      const kept = secrets === 'masked' ? renderMail(template, { ...vars, ...Object.fromEntries(secretNames.map((name) => [name, MASKED_SECRETS[name]])) }, language) : message;
      const [row] = await options.db
        .insert(mailOutbox)
        .values({ to, subject: kept.subject, text: kept.text, html: kept.html, template, status: transport ? 'queued' : 'logged', secrets })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        options.log.info({ mail: { to, template, subject: message.subject } }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to, subject: message.subject, text: message.text, html: message.html });
        await options.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), updatedAt: new Date() }).where(eqId(row.id));
      } catch (error) {
        options.log.error({ err: error, to, template }, 'mail delivery failed');
        await options.db
          .update(mailOutbox)
          .set({ status: 'failed', error: String(error), updatedAt: new Date() })
          .where(eqId(row.id));
      }
    },
  };
}

const eqId = (id: string) => eq(mailOutbox.id, id);
