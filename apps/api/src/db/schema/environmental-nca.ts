import { sql } from 'drizzle-orm';
import { bigserial, boolean, type AnyPgColumn, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  TContainmentAction,
  TCorrectiveActionStatus,
  TCorrectiveActionType,
  TEffectivenessCheckStatus,
  TIshikawaCategory,
  TNcaOrigin,
  TNcaReportStatus,
  TSignPhase,
  TSignStatus,
} from '@app/domain/environmental/nca/index';
import { recordColumns, timestamptz } from '../columns.ts';
import { agencies, lots, orders } from './environmental.ts';
import { settings, users } from './platform.ts';

/**
 * NCA reports (environmental non-conformities), their corrective actions, the sign requests of each
 * phase with their one-time codes and evidence, and the append-only history of each report.
 * Signature evidence and history are append-only (a trigger refuses updates and deletes).
 */

const uuidArray = () =>
  uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

export const ncaReports = pgTable(
  'nca_reports',
  {
    ...recordColumns,
    /** NCA-{lot code}-{year}-{sequence}, given when the report opens. */
    code: text(),
    codeYear: integer(),
    codeSequence: integer(),
    twentyOneDigitsCode: text(),
    status: text().$type<TNcaReportStatus>().notNull().default('pending'),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    announcementId: uuid().references(() => orders.id),
    targetAgencyId: uuid()
      .notNull()
      .references(() => agencies.id),
    openedById: uuid().references(() => users.id),
    openDate: date({ mode: 'string' }),
    closingDate: date({ mode: 'string' }),
    description: text(),
    wbs: text(),
    ambientSettingId: uuid().references(() => settings.id),
    warningLevelSettingId: uuid().references(() => settings.id),
    documentSettingIds: uuidArray(),
    /** audit | other */
    origin: text().$type<TNcaOrigin>(),
    systemSettingId: uuid().references(() => settings.id),
    detectorName: text(),
    detectedByAgencyId: uuid().references(() => agencies.id),
    causeAnalysis: text(),
    /** Immediate containment actions (what, who, when, verified by), recorded before the cause analysis. */
    containmentActions: jsonb().$type<TContainmentAction[]>().notNull().default([]),
    /** The 5-Why chain of the cause analysis. */
    fiveWhys: jsonb().$type<string[]>().notNull().default([]),
    /** The Ishikawa families of the root cause. */
    ishikawaCategories: text()
      .array()
      .$type<TIshikawaCategory[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The report this one follows up: its effectiveness check failed. */
    previousReportId: uuid().references((): AnyPgColumn => ncaReports.id),
    observerUsersIds: uuidArray(),
    /** The current (or last) round of signatures; each request action starts a new one. */
    signRound: integer().notNull().default(0),
  },
  (t) => [
    // The list's filters and sorts, each on an index (migration 0046; ARCHITECTURE.md lists which serves what).
    index('nca_reports_created_idx').on(t.createdAt.desc(), t.id),
    index('nca_reports_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('nca_reports_target_agency_created_idx').on(t.targetAgencyId, t.createdAt.desc(), t.id),
    index('nca_reports_lot_created_idx').on(t.lotId, t.createdAt.desc(), t.id),
    index('nca_reports_warning_level_created_idx').on(t.warningLevelSettingId, t.createdAt.desc(), t.id),
    index('nca_reports_ambient_created_idx').on(t.ambientSettingId, t.createdAt.desc(), t.id),
    index('nca_reports_detected_by_created_idx').on(t.detectedByAgencyId, t.createdAt.desc(), t.id),
    index('nca_reports_code_sort_idx').on(t.code, t.id),
    index('nca_reports_status_sort_idx').on(t.status, t.id),
    index('nca_reports_open_date_sort_idx').on(t.openDate, t.id),
    index('nca_reports_recurrence_idx').on(t.targetAgencyId, t.systemSettingId),
    // nca_reports_recurrence_day_idx, an expression index (a report's day in Italy), is written in SQL only.
    index('nca_reports_ishikawa_idx').using('gin', t.ishikawaCategories),
    index('nca_reports_observers_idx').using('gin', t.observerUsersIds),
    uniqueIndex('nca_reports_code_unique')
      .on(t.code)
      .where(sql`${t.code} is not null`),
    check('nca_reports_status_check', sql`${t.status} in ('pending', 'waiting_phase1_signs', 'open', 'waiting_validations', 'waiting_phase2_signs', 'waiting_operations', 'waiting_signs', 'closed')`),
    check('nca_reports_origin_check', sql`${t.origin} is null or ${t.origin} in ('audit', 'other')`),
    check('nca_reports_twenty_one_check', sql`${t.twentyOneDigitsCode} is null or ${t.twentyOneDigitsCode} ~ '^[0-9A-Z]{21}$'`),
  ],
);

/**
 * The effectiveness check of a closed report (one per report): due N days after closing (the
 * severity's days in the NCA settings); the consortium records the outcome through the workflow; a
 * failed check names the report it opened. `remindedAt` keeps the daily job to one reminder per check.
 */
export const ncaEffectivenessChecks = pgTable(
  'nca_effectiveness_checks',
  {
    ...recordColumns,
    reportId: uuid()
      .notNull()
      .references(() => ncaReports.id, { onDelete: 'cascade' }),
    dueDate: date({ mode: 'string' }).notNull(),
    status: text().$type<TEffectivenessCheckStatus>().notNull().default('scheduled'),
    outcomeNote: text(),
    decidedById: uuid().references(() => users.id),
    decidedAt: timestamptz(),
    followUpReportId: uuid().references(() => ncaReports.id),
    remindedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('nca_effectiveness_checks_report_unique').on(t.reportId),
    index('nca_effectiveness_checks_status_idx').on(t.status, t.dueDate),
    check('nca_effectiveness_checks_status_check', sql`${t.status} in ('scheduled', 'effective', 'not_effective')`),
  ],
);

/** The last report code given per lot and year; locked by the opening transaction so that codes have no gaps. */
export const ncaCodeCounters = pgTable(
  'nca_code_counters',
  {
    lotId: uuid()
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    lastSequence: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'nca_code_counters_pk', columns: [t.lotId, t.year] })],
);

export type TActionDocumentColumn = { name: string; isRequired: boolean };

export const correctiveActions = pgTable(
  'corrective_actions',
  {
    ...recordColumns,
    reportId: uuid()
      .notNull()
      .references(() => ncaReports.id, { onDelete: 'cascade' }),
    /** The action's number within its report (A1, A2...). */
    sequence: integer().notNull(),
    name: text().notNull(),
    description: text(),
    actionType: text().$type<TCorrectiveActionType>().notNull(),
    status: text().$type<TCorrectiveActionStatus>().notNull().default('new'),
    documents: jsonb().$type<TActionDocumentColumn[]>().notNull().default([]),
    isDocumentRequired: boolean().notNull().default(false),
    expires: boolean().notNull().default(false),
    expireDate: date({ mode: 'string' }),
    agencyId: uuid().references(() => agencies.id),
    agencyFunctionSettingIds: uuidArray(),
    roleIds: uuidArray(),
    userIds: uuidArray(),
    proposedById: uuid(),
    confirmationDate: timestamptz(),
    confirmedById: uuid(),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    closedAt: timestamptz(),
    closedById: uuid(),
    effectivenessNote: text(),
    /** verified | not_needed */
    closeReason: text().$type<'verified' | 'not_needed'>(),
  },
  (t) => [
    uniqueIndex('corrective_actions_report_sequence_unique').on(t.reportId, t.sequence),
    index('corrective_actions_status_idx').on(t.status, t.expireDate),
    index('corrective_actions_agency_idx').on(t.agencyId),
    index('corrective_actions_overdue_idx')
      .on(t.reportId, t.expireDate)
      .where(sql`${t.expires} and ${t.status} in ('new', 'confirmed', 'in_progress')`),
    index('corrective_actions_user_ids_idx').using('gin', t.userIds),
    index('corrective_actions_role_ids_idx').using('gin', t.roleIds),
    index('corrective_actions_functions_idx').using('gin', t.agencyFunctionSettingIds),
    check('corrective_actions_status_check', sql`${t.status} in ('new', 'confirmed', 'in_progress', 'completed', 'closed')`),
    check('corrective_actions_type_check', sql`${t.actionType} in ('action', 'treatment', 'internal')`),
  ],
);

export const signRequests = pgTable(
  'sign_requests',
  {
    ...recordColumns,
    reportId: uuid()
      .notNull()
      .references(() => ncaReports.id, { onDelete: 'cascade' }),
    /** first | second | third */
    phase: text().$type<TSignPhase>().notNull(),
    round: integer().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    agencyFunctionSettingId: uuid()
      .notNull()
      .references(() => settings.id),
    status: text().$type<TSignStatus>().notNull().default('pending'),
    signedAt: timestamptz(),
    explanationsRequest: text(),
    /** SHA-256 of the phase data (canonical JSON) and of its PDF, fixed when the round was requested. */
    snapshotHash: text().notNull(),
    pdfSha256: text().notNull(),
    pdfStorageKey: text().notNull(),
    /** Wrong codes over every code of this request (a resend does not reset it). */
    failedAttempts: integer().notNull().default(0),
    /** When the consortium last reminded the signer (remind-signers.ts: at most once an hour per request). */
    remindedAt: timestamptz(),
    requestedById: uuid(),
    decidedById: uuid(),
    evidenceId: uuid(),
  },
  (t) => [
    uniqueIndex('sign_requests_round_user_unique').on(t.reportId, t.phase, t.round, t.userId),
    index('sign_requests_user_status_idx').on(t.userId, t.status),
    check('sign_requests_status_check', sql`${t.status} in ('pending', 'signed', 'rejected', 'manual_rejected', 'suspended')`),
    check('sign_requests_phase_check', sql`${t.phase} in ('first', 'second', 'third')`),
  ],
);

/** One e-mailed signing code: only its keyed hash is stored. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamptz().notNull().defaultNow(),
    signRequestId: uuid()
      .notNull()
      .references(() => signRequests.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    codeHmac: text().notNull(),
    channel: text().notNull().default('email'),
    destinationMasked: text().notNull(),
    /** What the code was sent for: a changed snapshot voids it. */
    snapshotHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    attempts: integer().notNull().default(0),
    consumedAt: timestamptz(),
    invalidatedAt: timestamptz(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('otp_challenges_request_idx').on(t.signRequestId, t.createdAt)],
);

/**
 * Every wrong signing code of a signer, whatever the request (OTP_RULES.maxFailuresPerSigner): an
 * unlock clears a request's count, never these. Rows older than the window are pruned as new ones come.
 */
export const otpSignerFailures = pgTable(
  'otp_signer_failures',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signRequestId: uuid().references(() => signRequests.id, { onDelete: 'set null' }),
    failedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('otp_signer_failures_user_idx').on(t.userId, t.failedAt)],
);

/** The signer as at the signature; `role` (the platform role) since issue 27's evidence pack, absent from older rows. */
export type TSignerSnapshot = { userId: string; name: string; surname: string; taxCode: string | null; email: string; role?: string };

/** The evidence of one signature, chained to the previous row by hash (append-only). */
export const signatureEvidence = pgTable(
  'signature_evidence',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamptz().notNull().defaultNow(),
    /** Chain order. */
    sequence: bigserial({ mode: 'number' }).notNull(),
    signRequestId: uuid().notNull(),
    reportId: uuid().notNull(),
    phase: text().$type<TSignPhase>().notNull(),
    round: integer().notNull(),
    userId: uuid().notNull(),
    signer: jsonb().$type<TSignerSnapshot>().notNull(),
    agencyFunctionSettingId: uuid().notNull(),
    agencyFunctionName: text().notNull(),
    snapshotHash: text().notNull(),
    pdfSha256: text().notNull(),
    pdfStorageKey: text().notNull(),
    consentText: text().notNull(),
    consentVersion: text().notNull(),
    challengeId: uuid().notNull(),
    channel: text().notNull(),
    destinationMasked: text().notNull(),
    codeIssuedAt: timestamptz().notNull(),
    attemptsUsed: integer().notNull(),
    signedAt: timestamptz().notNull(),
    ip: text(),
    userAgent: text(),
    sessionId: text(),
    /** SHA-256 of the signer's acceptance of the terms (acceptanceRecordHash); NULL on rows older than migration 0047. */
    acceptanceHash: text(),
    previousHash: text().notNull(),
    rowHash: text().notNull(),
  },
  (t) => [uniqueIndex('signature_evidence_sequence_unique').on(t.sequence), index('signature_evidence_report_idx').on(t.reportId)],
);

/** Every transition, signature, comment and change of a report and its actions: who, when, what (append-only). */
export const ncaHistory = pgTable(
  'nca_history',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamptz().notNull().defaultNow(),
    /** Insertion order (entries of one transaction share their time). */
    sequence: bigserial({ mode: 'number' }).notNull(),
    reportId: uuid().notNull(),
    /** transition | signature | comment | change */
    kind: text().notNull(),
    action: text().notNull(),
    actorId: uuid(),
    impersonatorId: uuid(),
    /** nca-reports | corrective-actions | sign-requests */
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    fromStatus: text(),
    toStatus: text(),
    /** A reason, an explanation, or the comment's text. */
    message: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('nca_history_report_idx').on(t.reportId, t.sequence), check('nca_history_kind_check', sql`${t.kind} in ('transition', 'signature', 'comment', 'change')`)],
);

/** The signing terms, one row per version, in Italian and English (append-only: a new text is a new version). */
export const signingTerms = pgTable('signing_terms', {
  version: text().primaryKey(),
  createdAt: timestamptz().notNull().defaultNow(),
  textIt: text().notNull(),
  textEn: text().notNull(),
});

/** A user's acceptance of a version of the signing terms: once, before their first signature under it (append-only). */
export const signingTermsAcceptances = pgTable(
  'signing_terms_acceptances',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** When the terms were accepted (server time). */
    createdAt: timestamptz().notNull().defaultNow(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    termsVersion: text()
      .notNull()
      .references(() => signingTerms.version),
    /** The language of the text the user read and accepted. */
    language: text().$type<'it' | 'en'>().notNull(),
    /** SHA-256 of that text, as shown. */
    textSha256: text().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [uniqueIndex('signing_terms_acceptances_user_version_unique').on(t.userId, t.termsVersion), check('signing_terms_acceptances_language_check', sql`${t.language} in ('it', 'en')`)],
);
