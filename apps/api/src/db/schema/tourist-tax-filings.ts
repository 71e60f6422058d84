import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TModello21Month } from '@app/domain/tourist-tax/filings/modello21';
import { recordColumns, timestamptz } from '../columns.ts';

/**
 * Tourist-tax filings: declaration periods and declarations, the Modello 21, communications and
 * documents of a comune, and the durable job runner (reminders). Money is integer cents.
 */

export type TDeclarationStatus = 'draft' | 'submitted' | 'validated' | 'returned';
export type TDeclarationType = 'automatic' | 'manual';

/** A stay counted as not paid by the guest, with the reason the hotelier gave (frozen at submission). */
export type TRejectedPayment = { stayId: string | null; guest: string | null; checkOut: string | null; amountCents: number; reason: string | null };

export const declarationTemplates = pgTable(
  'declaration_templates',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    year: integer().notNull(),
    periodName: text().notNull(),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    submitBy: date({ mode: 'string' }).notNull(),
    payBy: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('declaration_templates_city_year_idx').on(t.cityId, t.year, t.dateFrom)],
);

export const declarations = pgTable(
  'declarations',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    structureId: uuid().notNull(),
    declarationTemplateId: uuid().notNull(),
    /** Copied from the period so lists filter by year and deadline without a join. */
    year: integer().notNull(),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    submitBy: date({ mode: 'string' }).notNull(),
    payBy: date({ mode: 'string' }).notNull(),
    status: text().$type<TDeclarationStatus>().notNull().default('draft'),
    type: text().$type<TDeclarationType>().notNull().default('automatic'),
    /** The period had no guests: declared as such. */
    noGuests: boolean().notNull().default(false),
    /** Protocol code given at the first submission. */
    code: text(),
    compilationDate: date({ mode: 'string' }),
    submittedAt: timestamptz(),
    submittedById: uuid(),
    validatedAt: timestamptz(),
    validatedById: uuid(),
    returnedAt: timestamptz(),
    returnReason: text(),
    numberOfStays: integer().notNull().default(0),
    guestsNumber: integer().notNull().default(0),
    nightsNumber: integer().notNull().default(0),
    /** Guest-nights: full-rate, reduced and exempt (nights beyond the cap count as exempt). */
    payingPresences: integer().notNull().default(0),
    reducedPresences: integer().notNull().default(0),
    exemptPresences: integer().notNull().default(0),
    /** Guest-nights of non-exempt guests beyond the cap (counted apart from the exempt ones). */
    beyondCapPresences: integer().notNull().default(0),
    tariffCents: integer().notNull().default(0),
    reductionCents: integer().notNull().default(0),
    totalAmountCents: integer().notNull().default(0),
    toPayAmountCents: integer().notNull().default(0),
    unpaidAmountCents: integer().notNull().default(0),
    rejectedPayments: integer().notNull().default(0),
    rejectedDetails: jsonb().$type<TRejectedPayment[]>().notNull().default([]),
    // Payment to the comune. Beneficiary data are copied from the comune at submission.
    beneficiaryInstitution: text(),
    iban: text(),
    bank: text(),
    paymentDate: date({ mode: 'string' }),
    trn: text(),
    paidAmountCents: integer(),
    paymentReceiptUploadId: uuid(),
    notes: text(),
    /** pagoPA IUV progressive within the comune, assigned once on the first notice request. */
    pagopaProgressive: integer(),
  },
  (t) => [
    uniqueIndex('declarations_structure_period_unique').on(t.structureId, t.declarationTemplateId),
    index('declarations_city_year_idx').on(t.cityId, t.year),
    index('declarations_template_idx').on(t.declarationTemplateId),
    uniqueIndex('declarations_city_pagopa_unique').on(t.cityId, t.pagopaProgressive),
  ],
);

/** Payments of a declaration to the comune: several per declaration, each with its date, amount and references. */
export const declarationPayments = pgTable(
  'declaration_payments',
  {
    ...recordColumns,
    declarationId: uuid().notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    amountCents: integer().notNull(),
    /** Bank TRN / CRO, or the PagoPA notice code. */
    trn: text().notNull(),
    /** The treasury's reversale / ordinativo d'incasso number. */
    treasuryReference: text(),
    /** The treasury's quietanza number. */
    receiptNumber: text(),
    receiptUploadId: uuid(),
    createdById: uuid(),
  },
  (t) => [index('declaration_payments_declaration_idx').on(t.declarationId, t.paymentDate)],
);

export const declarationAttachments = pgTable(
  'declaration_attachments',
  {
    ...recordColumns,
    declarationId: uuid().notNull(),
    uploadId: uuid().notNull(),
    fileName: text().notNull(),
    fileDescription: text(),
    documentType: text().$type<'identity_card' | 'passport' | 'driving_licence' | 'other'>().notNull().default('other'),
    isReBindable: boolean().notNull().default(false),
    createdById: uuid(),
  },
  (t) => [index('declaration_attachments_declaration_idx').on(t.declarationId)],
);

export const modello21 = pgTable(
  'twenty_one_models',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    structureId: uuid().notNull(),
    year: integer().notNull(),
    status: text().$type<'draft' | 'submitted' | 'validated'>().notNull().default('draft'),
    // The domain's months: collected and paid as typed, and the prefill of the last refresh.
    months: jsonb().$type<TModello21Month[]>().notNull(),
    ownerName: text(),
    ownerSurname: text(),
    ownerVatNumber: text(),
    ownerTaxCode: text(),
    ownerAddress: text(),
    /** A company as agente contabile: ragione sociale, legale rappresentante and the signer's qualifica. */
    ownerCompanyName: text(),
    ownerLegalRepresentative: text(),
    ownerRole: text(),
    /** Tax collected the year before and paid to the treasury this year (opening balance). */
    openingBalanceCents: integer().notNull().default(0),
    /** The hotelier's notes. */
    notes: text(),
    signatureDate: date({ mode: 'string' }),
    submittedAt: timestamptz(),
    /** Set by the comune. */
    validationNumber: text(),
    cityNotes: text(),
    validatedAt: timestamptz(),
    returnReason: text(),
  },
  (t) => [uniqueIndex('twenty_one_models_structure_year_unique').on(t.structureId, t.year), index('twenty_one_models_city_year_idx').on(t.cityId, t.year)],
);

export const communications = pgTable(
  'communications',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    title: text().notNull(),
    /** Sanitised HTML. */
    text: text().notNull(),
    audience: text().$type<'all' | 'structures'>().notNull().default('all'),
    structureIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    authorId: uuid(),
  },
  (t) => [index('communications_city_idx').on(t.cityId, t.createdAt)],
);

export const communicationRecipients = pgTable(
  'communication_recipients',
  {
    ...recordColumns,
    communicationId: uuid().notNull(),
    userId: uuid().notNull(),
    readAt: timestamptz(),
  },
  (t) => [uniqueIndex('communication_recipients_unique').on(t.communicationId, t.userId), index('communication_recipients_user_idx').on(t.userId)],
);

export const cityDocuments = pgTable(
  'city_documents',
  {
    ...recordColumns,
    /** Null: published by an admin to every comune. */
    cityId: uuid(),
    title: text().notNull(),
    description: text(),
    category: text().$type<'regulation' | 'form' | 'guide' | 'other'>().notNull().default('other'),
    uploadId: uuid().notNull(),
    publishedById: uuid(),
  },
  (t) => [index('city_documents_city_idx').on(t.cityId)],
);

/** Per-comune filing settings (reminders). A comune without a row uses the defaults. */
export const filingSettings = pgTable(
  'filing_settings',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    remindersEnabled: boolean().notNull().default(true),
    reminderDaysAhead: integer().notNull().default(7),
  },
  (t) => [uniqueIndex('filing_settings_city_unique').on(t.cityId)],
);

/** One row per job and run date: a restarted process sees the day's run and does not repeat it. */
export const jobRuns = pgTable(
  'job_runs',
  {
    ...recordColumns,
    jobName: text().notNull(),
    runDate: date({ mode: 'string' }).notNull(),
    status: text().$type<'running' | 'done' | 'failed'>().notNull(),
    attempts: integer().notNull().default(1),
    startedAt: timestamptz().notNull(),
    finishedAt: timestamptz(),
    result: jsonb().$type<Record<string, unknown>>(),
    error: text(),
  },
  (t) => [uniqueIndex('job_runs_job_date_unique').on(t.jobName, t.runDate)],
);

/**
 * One row per reminder sent: subject (structure+period, or comune+period), kind and the deadline it
 * is about. Inserted in the same transaction as the in-app notifications, so a reminder exists once.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    ...recordColumns,
    subjectKey: text().notNull(),
    declarationId: uuid(),
    kind: text().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    recipientIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [uniqueIndex('sent_reminders_unique').on(t.subjectKey, t.kind, t.dueDate)],
);

/**
 * The sums the declaration figures add up, of the stays not yet counted by a declaration, per comune, structure,
 * day of check-out (`span` 'day') or month ('month', `day` its first day) and paid or not. Written by PostgreSQL
 * only, in the transaction of every write to stays (statement triggers of migration 0060, which holds the SQL);
 * read by the comune's figures for a period (declarations/declaration-figures.ts).
 */
export const stayFigureTotals = pgTable(
  'stay_figure_totals',
  {
    cityId: uuid().notNull(),
    span: text().$type<'day' | 'month'>().notNull(),
    day: date({ mode: 'string' }).notNull(),
    structureId: uuid().notNull(),
    notPaid: boolean().notNull(),
    stays: bigint({ mode: 'number' }).notNull(),
    guestsNumber: bigint({ mode: 'number' }).notNull(),
    nightsNumber: bigint({ mode: 'number' }).notNull(),
    payingPresences: bigint({ mode: 'number' }).notNull(),
    reducedPresences: bigint({ mode: 'number' }).notNull(),
    exemptPresences: bigint({ mode: 'number' }).notNull(),
    beyondCapPresences: bigint({ mode: 'number' }).notNull(),
    tariffCents: bigint({ mode: 'number' }).notNull(),
    reductionCents: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.span, t.day, t.structureId, t.notPaid] })],
);
