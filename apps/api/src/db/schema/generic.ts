import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../columns.ts';

/** The generic administration records (FAQs, categories, events, customers, projects, links). */
export const faqs = pgTable('faqs', {
  ...recordColumns,
  question: text().notNull(),
  answer: text().notNull(),
  order: integer().notNull().default(0),
  isVisible: boolean().notNull().default(true),
});

export const categories = pgTable('categories', {
  ...recordColumns,
  name: text().notNull(),
  description: text(),
  order: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  entityType: text().notNull().default('event'),
});

export const events = pgTable(
  'events',
  {
    ...recordColumns,
    name: text().notNull(),
    description: text(),
    galleryImages: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().notNull().default('waitingConfirmation'),
    categoryId: uuid(),
    /** Who proposed the event: users see their own and confirmed ones; admins confirm them. */
    createdById: uuid(),
  },
  (t) => [index('events_status_created_idx').on(t.status, t.createdAt)],
);

export const customers = pgTable('customers', {
  ...recordColumns,
  businessName: text().notNull(),
  vat: text(),
  businessSector: text(),
  language: text().notNull().default('it'),
  defaultMarginPercentage: numeric({ precision: 7, scale: 2, mode: 'number' }),
  agentId: uuid(),
  notes: text(),
  currencyId: text(),
  paymentDays: integer(),
  billingInfo: jsonb().$type<{ taxCode?: string | null; vatNumber?: string | null; pec?: string | null }>(),
  defaultVatRateId: text(),
  address: jsonb().$type<Record<string, string | null>>(),
  billingAddress: jsonb().$type<Record<string, string | null>>(),
  shippingAddress: jsonb().$type<Record<string, string | null>>(),
});

export const projects = pgTable('projects', {
  ...recordColumns,
  name: text().notNull(),
  domain: text(),
  iosTeamId: text(),
  iosAppId: text(),
  iosBundleId: text(),
  androidPackageName: text(),
  androidShaFingerprints: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  userId: uuid(),
  shortLink: text(),
});

export const links = pgTable('links', {
  ...recordColumns,
  shortLink: text(),
  longLink: text().notNull(),
  socialTitle: text(),
  socialDescription: text(),
  socialImage: text(),
  data: jsonb().$type<Record<string, unknown>>(),
  shortCode: text().notNull().unique(),
});
