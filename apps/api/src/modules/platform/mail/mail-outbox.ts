import { z } from 'zod';
import { mailOutbox } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';

/**
 * Every e-mail the product sent or kept (no SMTP_URL), read-only for admins: in demo mode this is
 * where confirmation and reset links are read.
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
  }),
  create: z.object({}),
  filterable: { to: mailOutbox.to, template: mailOutbox.template, status: mailOutbox.status, sentAt: mailOutbox.sentAt },
  searchable: [mailOutbox.to, mailOutbox.subject],
  disabled: ['create', 'update', 'delete'],
});
