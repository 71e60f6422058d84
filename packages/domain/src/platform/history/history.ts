import { z } from 'zod';

/*
 * A record's history as the API answers it (GET /api/{collection}/{id}/history) and the web's
 * History tab shows it: one entry per audit-log row of the record, newest first, with the record
 * fields that entry changed (the API's field names, values as the record carries them).
 */

export const ZHistoryChange = z.object({
  field: z.string().describe('Record field name, as the record and its form name it'),
  before: z.unknown().optional().describe('Value before the change (absent on a creation)'),
  after: z.unknown().optional().describe('Value after the change (absent on a deletion)'),
});
export type THistoryChange = z.infer<typeof ZHistoryChange>;

export const ZHistoryEntry = z.object({
  _id: z.string().describe('Audit entry id: the version after this entry is what a restore of it brings back'),
  createdAt: z.string().describe('ISO timestamp, UTC'),
  action: z.string().describe('create, update, restore, or a workflow action (`<entity>.<action>`)'),
  actorId: z.string().nullable(),
  actorName: z.string().nullable().describe('Who made the change (null: the system)'),
  impersonatorId: z.string().nullable(),
  impersonatorName: z.string().nullable().describe('The administrator acting as the user, when impersonated'),
  restoredFromId: z.string().nullable().describe('On a restore: the entry whose version was brought back'),
  reason: z.string().nullable().describe("A workflow action's reason, when it asked for one"),
  changes: z.array(ZHistoryChange),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

/**
 * Fields a workflow owns: a status moves only through its workflow's actions (who may, from which
 * state, audited as that action), so a restore never writes one, even when the update schema
 * accepts it (a PUT that changes it takes the workflow's action).
 */
export function isWorkflowOwnedField(field: string): boolean {
  return field === 'status' || /Status$/.test(field);
}

/** Fields a history never shows or compares: the record's identity and version stamps. */
export const HISTORY_IGNORED_FIELDS: readonly string[] = ['_id', 'id', 'createdAt', 'updatedAt'];
