import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAnalyticRow, TRdpStatus, TSignatureCheck } from '@app/domain/environmental/rdp/rdps';
import { recordColumns, timestamptz } from '../columns.ts';
import { agencies, laboratories, lots } from './environmental.ts';
import { ncaReports } from './environmental-nca.ts';
import { settings, users } from './platform.ts';

export type TRdpRejection = { reason: string; at: string; byId: string | null; step: 'draft' | 'signed' };

/**
 * Laboratory test reports (RDP). The analytic rows are kept as one JSON array (they are read and
 * written with their report, never queried one by one); their out-of-limit summary is stored in
 * columns so that lists filter on it. Files are uploads rows linked to the report (`rdps`): the
 * draft PDF, the signed .p7m and the PDF extracted from it. Money is integer cents.
 */
export const rdps = pgTable(
  'rdps',
  {
    ...recordColumns,
    code: text().notNull(),
    /** processing | approved | p7mUploaded | completed; moved only by the workflow. */
    status: text().$type<TRdpStatus>().notNull().default('processing'),
    laboratoryId: uuid()
      .notNull()
      .references(() => laboratories.id),
    lotId: uuid().references(() => lots.id),
    wbs: text(),
    label: text(),
    matrixSettingId: uuid().references(() => settings.id),
    agencyId: uuid().references(() => agencies.id),
    sampleManufacturer: text(),
    samplingAgency: text(),
    samplingMethod: text(),
    sampler: text(),
    sampleDate: date({ mode: 'string' }),
    samplingReportCode: text(),
    lat: doublePrecision(),
    long: doublePrecision(),
    sampleLocation: text(),
    receivingDate: date({ mode: 'string' }),
    analysisStartDate: date({ mode: 'string' }),
    analysisEndDate: date({ mode: 'string' }),
    producer: text(),
    cer: text(),
    analyticPackageSettingIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    analyticData: jsonb().$type<TAnalyticRow[]>().notNull().default([]),
    outOfLimits: boolean().notNull().default(false),
    outOfLimitsCount: integer().notNull().default(0),
    /** Upload ids (uploads linked to this report). */
    temporaryRdp: uuid(),
    signedRdp: uuid(),
    signedInnerPdf: uuid(),
    signatureCheck: jsonb().$type<TSignatureCheck>(),
    lastRejection: jsonb().$type<TRdpRejection>(),
    /** The contract prices of the analytic packages; recomputed on each write until the SAL freezes it. */
    totalPriceCents: integer(),
    unpricedPackageIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    salConfirmedAt: timestamptz(),
    salConfirmedById: uuid().references(() => users.id),
    salRef: text(),
    /** The NCA report opened from this report ("apri NCA"): one per report. */
    ncaReportId: uuid().references(() => ncaReports.id, { onDelete: 'set null' }),
    /** SHA-256 of the imported rows of this report: re-importing the same rows changes nothing. */
    importHash: text(),
    createdById: uuid().references(() => users.id),
  },
  (t) => [
    uniqueIndex('rdps_lab_code_unique').on(t.laboratoryId, t.code),
    // The list's filters and sorts, each on an index (migrations 0046 and 0070; ARCHITECTURE.md lists which serves what).
    index('rdps_sal_idx').on(t.salConfirmedAt),
    index('rdps_sample_date_idx').on(t.sampleDate.desc(), t.id),
    index('rdps_laboratory_sample_date_idx').on(t.laboratoryId, t.sampleDate.desc(), t.id),
    index('rdps_agency_sample_date_idx').on(t.agencyId, t.sampleDate.desc(), t.id),
    index('rdps_status_sample_date_idx').on(t.status, t.sampleDate.desc(), t.id),
    index('rdps_laboratory_status_sample_date_idx').on(t.laboratoryId, t.status, t.sampleDate.desc(), t.id),
    index('rdps_out_of_limits_sample_date_idx')
      .on(t.sampleDate.desc(), t.id)
      .where(sql`${t.outOfLimits}`),
    index('rdps_out_of_limits_status_sample_date_idx')
      .on(t.status, t.sampleDate.desc(), t.id)
      .where(sql`${t.outOfLimits}`),
    index('rdps_out_of_limits_laboratory_sample_date_idx')
      .on(t.laboratoryId, t.sampleDate.desc(), t.id)
      .where(sql`${t.outOfLimits}`),
    index('rdps_sal_pending_sample_date_idx')
      .on(t.sampleDate.desc(), t.id)
      .where(sql`${t.salConfirmedAt} is null`),
    index('rdps_code_sort_idx').on(t.code, t.id),
    index('rdps_status_sort_idx').on(t.status, t.id),
    index('rdps_total_price_sort_idx').on(t.totalPriceCents, t.id),
    check('rdps_status_check', sql`${t.status} in ('processing', 'approved', 'p7mUploaded', 'completed')`),
    check('rdps_price_check', sql`${t.totalPriceCents} is null or ${t.totalPriceCents} >= 0`),
  ],
);
