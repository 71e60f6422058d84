import { z } from 'zod';
import { ZDateString } from '../../platform/records/index.ts';
import { ZOptionalText, ZRecordBase, ZRequiredText } from '../fields.ts';
import { CORRECTIVE_ACTION_STATUSES, CORRECTIVE_ACTION_TYPES } from './action-flow.ts';

/**
 * A corrective action of an NCA report: what is to be done, by whom (an agency, named users, holders
 * of a role or of a company function), by when, and with which documents. Documents are uploads
 * linked to the action (`linkedEntityType` 'corrective-actions'); a required document counts as
 * uploaded when an upload linked to the action carries its name among its tags. Uploads tagged
 * `evidence` are the proof of the work done.
 */
export const EVIDENCE_TAG = 'evidence';

export const ZActionDocument = z.object({
  name: ZRequiredText(200).describe('The document asked for; an upload linked to the action with this name among its tags fulfils it'),
  isRequired: z.boolean().default(false),
});

const ZIdList = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'each at most once');

const actionFields = {
  name: ZRequiredText(200),
  description: ZOptionalText(10_000),
  actionType: z.enum(CORRECTIVE_ACTION_TYPES).describe('action: corrective; treatment: immediate fix; internal: the consortium’s own'),
  documents: z
    .array(ZActionDocument)
    .max(30)
    .refine((docs) => new Set(docs.map((d) => d.name.toLowerCase())).size === docs.length, 'each document name at most once')
    .optional(),
  isDocumentRequired: z.boolean().optional().describe('Evidence must be uploaded before the action is completed'),
  expires: z.boolean().optional(),
  expireDate: ZDateString.nullable().optional(),
  agencyId: z.uuid().nullable().optional().describe('The agency that carries it out'),
  agencyFunctionSettingIds: ZIdList(20).optional().describe('Company functions (settings companyFunction) whose holders carry it out'),
  roleIds: ZIdList(20).optional().describe('Custom roles whose holders carry it out'),
  userIds: ZIdList(50).optional().describe('Users who carry it out'),
};

export const ZCorrectiveActionCreate = z.object({ reportId: z.uuid(), ...actionFields }).refine((a) => !a.expires || !!a.expireDate, { path: ['expireDate'], message: 'validation.required' });
export const ZCorrectiveActionUpdate = z.object(actionFields).partial();

export const ZCorrectiveActionRecord = ZRecordBase.extend({
  reportId: z.string(),
  code: z.string().describe('{report code or draft}-A{n}: the action number within its report'),
  name: z.string(),
  description: z.string().nullable(),
  actionType: z.enum(CORRECTIVE_ACTION_TYPES),
  status: z.enum(CORRECTIVE_ACTION_STATUSES),
  documents: z.array(z.object({ name: z.string(), isRequired: z.boolean(), uploaded: z.boolean().describe('An upload linked to the action carries this name') })),
  isDocumentRequired: z.boolean(),
  expires: z.boolean(),
  expireDate: z.string().nullable(),
  overdue: z.boolean(),
  agencyId: z.string().nullable(),
  agencyFunctionSettingIds: z.array(z.string()),
  roleIds: z.array(z.string()),
  userIds: z.array(z.string()),
  proposedById: z.string().nullable(),
  confirmationDate: z.string().nullable().describe('ISO instant'),
  confirmedById: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedById: z.string().nullable(),
  effectivenessNote: z.string().nullable().describe('The effectiveness check written when it was closed'),
  closeReason: z.enum(['verified', 'not_needed']).nullable(),
});

export type TCorrectiveActionCreate = z.infer<typeof ZCorrectiveActionCreate>;
export type TCorrectiveActionUpdate = z.infer<typeof ZCorrectiveActionUpdate>;
export type TCorrectiveActionRecord = z.infer<typeof ZCorrectiveActionRecord>;

/** The required documents of an action that no linked upload names yet. */
export function missingRequiredDocuments(documents: readonly { name: string; isRequired: boolean }[], uploadTags: readonly (readonly string[])[]): string[] {
  const present = new Set(uploadTags.flat().map((t) => t.toLowerCase()));
  return documents.filter((d) => d.isRequired && !present.has(d.name.toLowerCase())).map((d) => d.name);
}
