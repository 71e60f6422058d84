import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';

/**
 * Every e-mail the product sent or kept (no SMTP_URL), read-only: administrators read all of it,
 * everyone else the messages sent to their own address. In demo mode this is where confirmation and
 * reset links and signing codes are read; with SMTP they are masked here.
 */
export const mailOutboxCollection = defineCollection({
  name: 'mail-outbox',
  resource: 'mail-outbox',
  tag: 'mail',
  table: mailOutbox,
  record: ZRecordBase.extend({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    template: z.string(),
    status: z.string(),
    sentAt: z.string().nullable(),
    error: z.string().nullable(),
    secrets: z
      .enum(['masked', 'kept'])
      .nullable()
      .describe(
        'For a message carrying a secret (a single-use link, a signing code): masked = delivered by SMTP, this copy has it masked; kept = no SMTP, this outbox is the delivery and shows it in clear. Null for other messages.',
      ),
  }),
  create: z.object({}),
  filterable: { to: mailOutbox.to, template: mailOutbox.template, status: mailOutbox.status, sentAt: mailOutbox.sentAt },
  searchable: [mailOutbox.to, mailOutbox.subject],
  disabled: ['create', 'update', 'delete'],
  // Addresses are compared as the sign-in compares them: without regard to case.
  scopes: { recipient: (ctx) => sql`lower(${mailOutbox.to}) = lower(${ctx.actor.email})` },
});
