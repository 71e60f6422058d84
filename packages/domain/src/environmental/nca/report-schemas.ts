import { z } from 'zod';
import type { TNcaSide } from '../../platform/access/index.ts';

import { ZOptionalText, ZRecordBase } from '../fields.ts';
import { ISHIKAWA_CATEGORIES, ZContainmentAction, ZContainmentActions, ZFiveWhys, ZIshikawaCategories } from './capa.ts';
import { isTwentyOneCode, normalizeTwentyOneCode } from './codes.ts';
import { ZDraftNameParts } from './report-name.ts';
import { NCA_REPORT_STATUSES, type TNcaReportStatus } from './report-flow.ts';

/**
 * An NCA report (non-conformità ambientale): what was found on site (phase 1, frozen once the report
 * leaves the draft), the supplier's cause analysis (phase 2), and its corrective actions (phase 3).
 */
export const NCA_ORIGINS = ['audit', 'other'] as const;
export type TNcaOrigin = (typeof NCA_ORIGINS)[number];

const ZIdList = (max: number, what: string) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `each ${what} at most once`);

export const ZTwentyOneCode = z
  .string()
  .transform(normalizeTwentyOneCode)
  .refine(isTwentyOneCode, 'must be 21 upper-case letters or digits')
  .nullable()
  .optional()
  .describe("The client's 21-character code (letters and digits)");

/** Phase 1 and the registry: editable only while the report is pending. */
export const PHASE1_FIELDS = [
  'lotId',
  'orderId',
  'announcementId',
  'targetAgencyId',
  'wbs',
  'ambientSettingId',
  'warningLevelSettingId',
  'documentSettingIds',
  'origin',
  'systemSettingId',
  'detectorName',
  'detectedByAgencyId',
  'description',
  'twentyOneDigitsCode',
] as const;
/** Required before the phase-1 signatures are asked for, or the report is forced open. */
export const PHASE1_REQUIRED_FIELDS = ['lotId', 'orderId', 'targetAgencyId', 'description', 'ambientSettingId', 'warningLevelSettingId', 'systemSettingId', 'origin'] as const;

const phase1Fields = {
  lotId: z.uuid(),
  orderId: z.uuid(),
  announcementId: z.uuid().nullable().optional().describe('The announcement (an order of type announcement) the finding relates to'),
  targetAgencyId: z.uuid().describe("The agency the report targets: one of the order's agencies"),
  wbs: ZOptionalText(100).describe('Work breakdown structure element'),
  ambientSettingId: z.uuid().nullable().optional().describe('Environmental aspect (setting environmentalAspectType)'),
  warningLevelSettingId: z.uuid().nullable().optional().describe('Severity (setting severityLevel)'),
  documentSettingIds: ZIdList(50, 'reference document').optional().describe('Reference documents (settings referenceDocument)'),
  origin: z.enum(NCA_ORIGINS).nullable().optional(),
  systemSettingId: z.uuid().nullable().optional().describe('NCA type (setting ncaType)'),
  detectorName: ZOptionalText(200),
  detectedByAgencyId: z.uuid().nullable().optional().describe('The agency that detected it, when a supplier did'),
  description: z.string().trim().max(10_000).nullable().optional(),
  twentyOneDigitsCode: ZTwentyOneCode,
};

export const ZNcaReportCreate = z.object({
  ...phase1Fields,
  causeAnalysis: ZOptionalText(10_000),
  containmentActions: ZContainmentActions.optional().describe('Immediate containment actions, recorded before the cause analysis'),
  fiveWhys: ZFiveWhys.optional().describe('The 5-Why chain: each answer the cause of the previous one'),
  ishikawaCategories: ZIshikawaCategories.optional().describe('The Ishikawa families of the root cause'),
  observerUsersIds: ZIdList(100, 'observer').optional(),
});

/** Which fields may change depends on the status (see `editableFieldsOf`); the API refuses the others. */
export const ZNcaReportUpdate = ZNcaReportCreate.partial();

export const ZNcaReportRecord = ZRecordBase.extend({
  code: z.string().nullable().describe('NCA-{lot}-{year}-{seq}, given at opening'),
  twentyOneDigitsCode: z.string().nullable(),
  status: z.enum(NCA_REPORT_STATUSES),
  lotId: z.string(),
  orderId: z.string(),
  announcementId: z.string().nullable(),
  targetAgencyId: z.string(),
  openedById: z.string().nullable().describe('Who created the report'),
  openDate: z.string().nullable().describe('YYYY-MM-DD: when it opened (last phase-1 signature, or forced)'),
  closingDate: z.string().nullable().describe('YYYY-MM-DD'),
  description: z.string().nullable(),
  wbs: z.string().nullable(),
  ambientSettingId: z.string().nullable(),
  ambientCategory: z.string().nullable().describe("The environmental aspect's category"),
  warningLevelSettingId: z.string().nullable(),
  documentSettingIds: z.array(z.string()),
  origin: z.enum(NCA_ORIGINS).nullable(),
  systemSettingId: z.string().nullable(),
  detectorName: z.string().nullable(),
  detectedByAgencyId: z.string().nullable(),
  causeAnalysis: z.string().nullable(),
  containmentActions: z.array(ZContainmentAction.extend({ verifiedById: z.string().nullable().optional() })),
  fiveWhys: z.array(z.string()),
  ishikawaCategories: z.array(z.enum(ISHIKAWA_CATEGORIES)),
  previousReportId: z.string().nullable().describe('The report this one follows up (its effectiveness check failed)'),
  recurrenceOf: z
    .object({ _id: z.string(), code: z.string().nullable() })
    .nullable()
    .describe('The latest earlier report of the same type on the same agency within 12 months: this one is a recurrence'),
  observerUsersIds: z.array(z.string()),
  signRound: z.number().int().describe('The current (or last) round of signatures; 0 before the first'),
  overdueActions: z.number().int().describe('Corrective actions past their expiry date and not done'),
  draftName: ZDraftNameParts.nullable().optional().describe('While the report has no code: what tells it apart (lot, agency, day, start of the description)'),
});

export type TNcaReportCreate = z.infer<typeof ZNcaReportCreate>;
export type TNcaReportUpdate = z.infer<typeof ZNcaReportUpdate>;
export type TNcaReportRecord = z.infer<typeof ZNcaReportRecord>;

/** The structured root cause travels with the free text (same rule). */
export const CAUSE_FIELDS = ['causeAnalysis', 'fiveWhys', 'ishikawaCategories'] as const;

/**
 * The fields each side may change in each status. Phase 1 is frozen once the report leaves pending
 * (the signatures cover it); the cause analysis is the target agency's while the report is open and
 * the consortium's until the plan is signed; observers change until the report closes. Containment
 * is recorded from the draft on (the consortium, outside a round of signatures) and by the target
 * agency while the report is open; only the consortium sets who verified it (the API's check).
 */
export function editableFieldsOf(status: TNcaReportStatus, side: TNcaSide): readonly string[] {
  const fields: string[] = [];
  if (side === 'consortium') {
    if (status === 'pending') fields.push(...PHASE1_FIELDS);
    if (status === 'open' || status === 'waiting_validations') fields.push(...CAUSE_FIELDS);
    if (status === 'pending' || status === 'open' || status === 'waiting_validations' || status === 'waiting_operations') fields.push('containmentActions');
    if (status !== 'closed' && status !== 'waiting_signs') fields.push('observerUsersIds');
  } else if (status === 'open') fields.push(...CAUSE_FIELDS, 'containmentActions');
  return fields;
}

/** The fields of an update that the side may not change now (values equal to the stored ones pass). */
export function frozenFieldsIn(update: Record<string, unknown>, status: TNcaReportStatus, side: TNcaSide): string[] {
  const editable = new Set(editableFieldsOf(status, side));
  return Object.keys(update).filter((key) => update[key] !== undefined && !editable.has(key));
}

/** The phase-1 fields still empty. */
export function missingPhase1Fields(report: Partial<Record<(typeof PHASE1_REQUIRED_FIELDS)[number], unknown>>): string[] {
  return PHASE1_REQUIRED_FIELDS.filter((f) => report[f] === null || report[f] === undefined || (typeof report[f] === 'string' && report[f].trim() === ''));
}
