import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TFormRecord } from '@app/domain/environmental/waste/form-schemas';
import { recordColumns, timestamptz } from '../columns.ts';
import { agencies, lots, orders } from './environmental.ts';
import { ncaReports } from './environmental-nca.ts';
import { uploads, users } from './platform.ts';

/**
 * Waste identification forms (FIR), one row per form, shaped on RENTRI's FIR: the waste in columns
 * (what lists filter and total on), the parties and the acceptance as JSON in the API's shape. The
 * quantity is numeric(14,4): exact, RENTRI's 10 integer and 4 decimal digits.
 */
export const wasteForms = pgTable(
  'waste_forms',
  {
    ...recordColumns,
    /** numero_fir */
    code: text().notNull(),
    contractNumber: text(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    /** The order's lot, kept with the form so that lists filter and total per lot. */
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    targetAgencyId: uuid()
      .notNull()
      .references(() => agencies.id),
    referencePeriodFrom: date({ mode: 'string' }).notNull(),
    referencePeriodTo: date({ mode: 'string' }).notNull(),
    wbs: text(),
    origin: text().$type<TFormRecord['origin']>().notNull(),
    cer: text().notNull(),
    cerDescription: text(),
    dangerClass: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    physicalState: text().$type<TFormRecord['physicalState']>().notNull(),
    quantity: numeric({ precision: 14, scale: 4 }).notNull(),
    quantityUnit: text().$type<'kg' | 'l'>().notNull(),
    verifiedAtDeparture: boolean().notNull().default(false),
    packages: integer(),
    bulk: boolean().notNull().default(false),
    chemicalPhysicalCharacteristics: text(),
    adr: boolean().notNull().default(false),
    adrData: jsonb().$type<NonNullable<TFormRecord['adrData']>>(),
    certificate: jsonb().$type<NonNullable<TFormRecord['certificate']>>(),
    /** The RDP the analysis reference points to (checked on write once RDPs exist). */
    analysisRdpId: uuid(),
    producer: jsonb().$type<TFormRecord['producer']>().notNull(),
    transporters: jsonb().$type<TFormRecord['transporters']>().notNull(),
    receiver: jsonb().$type<TFormRecord['receiver']>().notNull(),
    wasteDestination: text().notNull(),
    intermediaries: jsonb().$type<TFormRecord['intermediaries']>().notNull().default([]),
    acceptance: jsonb().$type<NonNullable<TFormRecord['acceptance']>>(),
    notes: text(),
    /** The signed FIR document. */
    documentUploadId: uuid().references(() => uploads.id),
    documentFileName: text(),
    documentFormat: text(),
    documentUploadedAt: timestamptz(),
    /** A signed (.p7m) document's verification: signers and warnings, as checked at upload. */
    documentSignature: jsonb().$type<NonNullable<NonNullable<TFormRecord['document']>['signature']>>(),
    /** RENTRI's FIR state (form-flow.ts), moved only by the workflow: the record's `rentriState`; its `status` derives from it (specStatusOf). */
    status: text().$type<TFormRecord['rentriState']>().notNull().default('compiled'),
    rejectionReason: text(),
    rejectedAt: timestamptz(),
    approvedAt: timestamptz(),
    approvedById: uuid().references(() => users.id),
    revokeReason: text(),
    createdById: uuid().references(() => users.id),
    /** The NCA report opened from this form (a load rejected at destination for non-conformity). */
    ncaReportId: uuid().references(() => ncaReports.id, { onDelete: 'set null' }),
    transportStartedAt: timestamptz(),
    /** When the destination's outcome (accepted, in part, rejected) was recorded. */
    outcomeAt: timestamptz(),
    cancelReason: text(),
    cancelledAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('waste_forms_code_unique').on(t.code),
    index('waste_forms_order_idx').on(t.orderId),
    index('waste_forms_lot_idx').on(t.lotId),
    index('waste_forms_agency_idx').on(t.targetAgencyId, t.referencePeriodFrom),
    index('waste_forms_cer_idx').on(t.cer),
    index('waste_forms_status_idx').on(t.status),
    check('waste_forms_status_check', sql`${t.status} in ('compiled', 'producerSigned', 'inTransport', 'accepted', 'partiallyAccepted', 'rejected', 'cancelled')`),
    check('waste_forms_unit_check', sql`${t.quantityUnit} in ('kg', 'l')`),
    check('waste_forms_quantity_check', sql`${t.quantity} > 0`),
  ],
);
