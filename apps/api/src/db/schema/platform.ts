import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordColumns, timestamptz } from '../columns.ts';
import { agencies, laboratories } from './environmental.ts';
import type { TAgencyFunctionType, TAmbientCategory } from '@app/domain/environmental/settings';
import type { TSettingType } from '@app/domain/platform/settings/settings';

export const users = pgTable(
  'users',
  {
    ...recordColumns,
    email: text().notNull(),
    username: text(),
    name: text(),
    surname: text(),
    passwordHash: text(),
    role: text().notNull().default('user'),
    cityId: uuid(),
    agencyId: uuid().references(() => agencies.id),
    laboratoryId: uuid().references(() => laboratories.id),
    mobilephone: text(),
    phone: text(),
    address: text(),
    profileImage: text(),
    taxCode: text(),
    vatNumber: text(),
    contactEmail: text(),
    fax: text(),
    emailPec: text(),
    commercialName: text(),
    referentTributes: text(),
    birthDate: date({ mode: 'string' }),
    paymentDays: integer(),
    /** it | en: the language of what the server writes to the user (notifications, e-mails). */
    language: text().notNull().default('it'),
    isConfirmed: boolean().notNull().default(false),
    isEnabled: boolean().notNull().default(true),
    needsPasswordChange: boolean().notNull().default(false),
    isProfileComplete: boolean().notNull().default(false),
    /** True while the password is one the system generated and mailed (invite); cleared on change. */
    hasTemporaryPassword: boolean().notNull().default(false),
    roleIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The company functions (settings of type companyFunction) the user holds: who carries out actions assigned to a function. */
    companyFunctionSettingIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Direct permission grants (keys with optional filters), on top of the roles' permissions. */
    permissionGrants: jsonb().$type<{ key: string; filters?: unknown[] }[]>().notNull().default([]),
    deletedAt: timestamptz(),
    lastLoginAt: timestamptz(),
    passwordChangedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_city_idx').on(t.cityId),
    index('users_agency_idx').on(t.agencyId),
    index('users_laboratory_idx').on(t.laboratoryId),
  ],
);

/** Refresh tokens are stored as SHA-256 hashes; a token is single-use (rotated on refresh). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...recordColumns,
    userId: uuid().notNull(),
    tokenHash: text().notNull(),
    familyId: uuid().notNull(),
    impersonatorId: uuid(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * One sign-in (or one impersonation): every access token carries its id (`sid`) and is refused once
 * the session is revoked (logout, password change, account disabled or deleted). A sign-in's
 * refresh tokens are its family: `refresh_tokens.family_id` is the session id.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...recordColumns,
    userId: uuid().notNull(),
    impersonatorId: uuid(),
    revokedAt: timestamptz(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use e-mailed tokens: e-mail confirmation and password reset. Stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    ...recordColumns,
    userId: uuid().notNull(),
    purpose: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash)],
);

export const settings = pgTable(
  'settings',
  {
    ...recordColumns,
    code: text().notNull(),
    name: text().notNull(),
    description: text(),
    settingType: text().$type<TSettingType>().notNull(),
    isActive: boolean().notNull().default(true),
    color: text(),
    ambientCategory: text().$type<TAmbientCategory>(),
    agencyFunctionType: text().$type<TAgencyFunctionType>(),
    /** Severity levels: phase 1 needs an immediate containment action before it is signed. */
    needsContainment: boolean().notNull().default(false),
    /** Severity levels: the days from closing to the effectiveness check (null: the default). */
    effectivenessCheckDays: integer(),
    /** Severity levels: the order of gravity, 1 the mildest (pickers and lists sort by it, not by name). */
    severityRank: integer(),
    /** Default observers: the observing user (its id is also the setting's code, which keeps it unique). */
    userId: uuid().references((): AnyPgColumn => users.id),
    /** Feature flags are part of the product: they may be switched, never deleted. */
    isSystem: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('settings_type_code_unique').on(t.settingType, t.code),
    index('settings_user_idx').on(t.userId),
    check('settings_effectiveness_check_days_check', sql`${t.effectivenessCheckDays} is null or ${t.effectivenessCheckDays} between 1 and 730`),
    check('settings_severity_rank_check', sql`${t.severityRank} is null or ${t.severityRank} between 1 and 99`),
  ],
);

/** Labels and translations are one table: a label is a translation entry with a category. */
export const labels = pgTable(
  'labels',
  {
    ...recordColumns,
    key: text().notNull(),
    value: text().notNull(),
    language: text().notNull(),
    platform: text().notNull().default('web'),
    category: text(),
  },
  (t) => [uniqueIndex('labels_key_lang_platform_unique').on(t.key, t.language, t.platform)],
);

export const roles = pgTable('roles', {
  ...recordColumns,
  name: text().notNull(),
  description: text(),
  roleType: text().notNull().default('internal'),
  permissionIds: uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
});

export const permissions = pgTable(
  'permissions',
  {
    ...recordColumns,
    areaName: text().notNull(),
    name: text().notNull(),
    key: text().notNull(),
    nodeType: text().notNull().default('entity'),
    filters: jsonb().$type<unknown[]>(),
  },
  (t) => [uniqueIndex('permissions_key_unique').on(t.key)],
);

export const notifications = pgTable(
  'notifications',
  {
    ...recordColumns,
    userId: uuid().notNull(),
    title: text().notNull(),
    event: text().notNull(),
    body: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    hasBeenSeen: boolean().notNull().default(false),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const appVersions = pgTable(
  'app_versions',
  {
    ...recordColumns,
    name: text().notNull(),
    version: text().notNull(),
  },
  (t) => [uniqueIndex('app_versions_name_version_unique').on(t.name, t.version)],
);

export const uploads = pgTable(
  'uploads',
  {
    ...recordColumns,
    ownerId: uuid().notNull(),
    linkedEntityId: uuid(),
    linkedEntityType: text(),
    purpose: text().notNull(),
    name: text().notNull(),
    format: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('uploads_linked_idx').on(t.linkedEntityType, t.linkedEntityId)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    ...recordColumns,
    actorId: uuid(),
    impersonatorId: uuid(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    changes: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    requestId: text(),
    /** The order entries were written in (created_at ties within a transaction): a record's history reads by it. */
    seq: bigint({ mode: 'number' }).generatedByDefaultAsIdentity(),
    /** On a restore: the entry whose version was brought back. */
    restoredFromId: uuid(),
  },
  (t) => [index('audit_logs_entity_idx').on(t.entityType, t.entityId), index('audit_logs_created_idx').on(t.createdAt), index('audit_logs_entity_seq_idx').on(t.entityType, t.entityId, t.seq)],
);

export const mailOutbox = pgTable('mail_outbox', {
  ...recordColumns,
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  template: text().notNull(),
  status: text().notNull().default('queued'),
  sentAt: timestamptz(),
  error: text(),
  /** 'masked' (SMTP: the secrets were delivered, this copy masks them), 'kept' (no SMTP: the outbox is the delivery), null without secrets. */
  secrets: text().$type<'masked' | 'kept'>(),
});

export const pageViews = pgTable('page_views', {
  ...recordColumns,
  userId: uuid(),
  pageName: text(),
  fullPath: text().notNull(),
  path: text().notNull(),
});

/** Small facts the system keeps about itself (demo seeded, job cursors). */
export const systemState = pgTable('system_state', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/**
 * Saved views of a list (issue 28): filters, sort, page size and columns under a name. A view shared
 * with a role names the tenant it reaches (`audienceTenant`, `city:<id>`, `agency:<id>`,
 * `laboratory:<id>`; null for every tenant, when the owner manages the role): set by the server from
 * the owner's account when the view is written, never taken from the client.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    ...recordColumns,
    name: text().notNull(),
    /** The web list route the view belongs to (`stays`, `management/settings`). */
    resource: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    visibility: text().notNull().default('private'),
    role: text(),
    audienceTenant: text(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isDefault: boolean().notNull().default(false),
  },
  (t) => [
    index('saved_views_owner_resource_idx').on(t.ownerId, t.resource),
    index('saved_views_shared_idx')
      .on(t.role, t.resource)
      .where(sql`${t.visibility} = 'role'`),
    // One default view per owner and list: setting one clears the other in the same transaction.
    uniqueIndex('saved_views_one_default_idx')
      .on(t.ownerId, t.resource)
      .where(sql`${t.isDefault}`),
    check('saved_views_visibility_check', sql`(${t.visibility} = 'private' and ${t.role} is null and ${t.audienceTenant} is null) or (${t.visibility} = 'role' and ${t.role} is not null)`),
  ],
);
