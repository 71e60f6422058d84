import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TContact } from '@app/domain/environmental/companies';
import type { TInviteStatus } from '@app/domain/environmental/invite-flow';
import { recordColumns, timestamptz } from '../columns.ts';
import { settings, users } from './platform.ts';

/**
 * Environmental compliance (NCA): the consortium's lots and orders, its supplier companies
 * (agencies and laboratories, linked to their users by users.agencyId / users.laboratoryId), the
 * laboratories' price lists and the invitations of the companies. Money is integer cents.
 */

export const lots = pgTable(
  'lots',
  {
    ...recordColumns,
    name: text().notNull(),
    code: text().notNull(),
    cig: text(),
    cup: text(),
    functionalCode: text(),
    description: text(),
  },
  (t) => [
    uniqueIndex('lots_code_unique').on(t.code),
    uniqueIndex('lots_cig_unique')
      .on(t.cig)
      .where(sql`${t.cig} is not null`),
    index('lots_name_idx').on(t.name),
  ],
);

/** Registry fields shared by agencies and laboratories. */
const companyColumns = {
  businessName: text().notNull(),
  vatNumber: text().notNull(),
  phone: text(),
  managerEmail: text().notNull(),
  address: text(),
  contacts: jsonb().$type<TContact[]>().notNull().default([]),
  /** to_invite | invited | accepted; moved only by the invite use cases. */
  inviteStatus: text().$type<TInviteStatus>().notNull().default('to_invite'),
  invitedAt: timestamptz(),
  acceptedAt: timestamptz(),
};

export const agencies = pgTable('agencies', { ...recordColumns, ...companyColumns }, (t) => [
  uniqueIndex('agencies_vat_number_unique').on(t.vatNumber),
  index('agencies_business_name_idx').on(t.businessName),
  index('agencies_invite_status_idx').on(t.inviteStatus),
]);

export const laboratories = pgTable('laboratories', { ...recordColumns, ...companyColumns }, (t) => [
  uniqueIndex('laboratories_vat_number_unique').on(t.vatNumber),
  index('laboratories_business_name_idx').on(t.businessName),
  index('laboratories_invite_status_idx').on(t.inviteStatus),
]);

export const orders = pgTable(
  'orders',
  {
    ...recordColumns,
    name: text().notNull(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    /** work_order (direct) | announcement (tender). */
    orderType: text().notNull(),
    /** One or more agencies; an array cannot carry a foreign key, so writes check that each exists. */
    agencyIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    managerId: uuid().references(() => users.id),
    agencyFunctionSettingId: uuid().references(() => settings.id),
    userId: uuid().references(() => users.id),
  },
  (t) => [
    index('orders_lot_idx').on(t.lotId),
    index('orders_agency_ids_idx').using('gin', t.agencyIds),
    index('orders_name_idx').on(t.name),
    check('orders_type_check', sql`${t.orderType} in ('work_order', 'announcement')`),
  ],
);

/** A line of a laboratory's price list; the lines of one contract share its code. */
export const contracts = pgTable(
  'contracts',
  {
    ...recordColumns,
    code: text().notNull(),
    laboratoryId: uuid()
      .notNull()
      .references(() => laboratories.id, { onDelete: 'cascade' }),
    articleCode: text().notNull(),
    articleName: text().notNull(),
    packetCode: text(),
    matrixSettingId: uuid().references(() => settings.id),
    analyticPackageSettingId: uuid().references(() => settings.id),
    priceCents: integer().notNull(),
  },
  (t) => [
    uniqueIndex('contracts_lab_code_article_unique').on(t.laboratoryId, t.code, t.articleCode),
    index('contracts_article_name_idx').on(t.articleName),
    check('contracts_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * E-mailed invitation links of a company's manager. Only the SHA-256 of the token is stored. A link
 * is spent once (usedAt) and voided when a newer one is sent or the invitation is revoked.
 */
export const inviteTokens = pgTable(
  'invite_tokens',
  {
    ...recordColumns,
    agencyId: uuid().references(() => agencies.id, { onDelete: 'cascade' }),
    laboratoryId: uuid().references(() => laboratories.id, { onDelete: 'cascade' }),
    /** Where the link was sent: the manager's account is created with this e-mail on acceptance. */
    email: text().notNull(),
    /** An account that already had this e-mail and the company's role, activated on acceptance. */
    userId: uuid().references(() => users.id),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    voidedAt: timestamptz(),
    /** resent | revoked */
    voidReason: text(),
    createdById: uuid().references(() => users.id),
    /**
     * manager: the company's invitation (accepting it accepts the company); colleague: a further
     * account of an accepted company (`userId`), enabled when its owner sets a password.
     */
    purpose: text().notNull().default('manager'),
  },
  (t) => [
    uniqueIndex('invite_tokens_hash_unique').on(t.tokenHash),
    index('invite_tokens_agency_idx').on(t.agencyId, t.createdAt),
    index('invite_tokens_laboratory_idx').on(t.laboratoryId, t.createdAt),
    check('invite_tokens_one_company_check', sql`(${t.agencyId} is null) <> (${t.laboratoryId} is null)`),
  ],
);
