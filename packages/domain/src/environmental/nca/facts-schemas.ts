import { z } from 'zod';
import { CORRECTIVE_ACTION_STATUSES, type TCorrectiveActionFacts } from './action-flow.ts';
import { NCA_REPORT_STATUSES, type TNcaReportFacts } from './report-flow.ts';
import { SIGN_STATUSES } from './sign-flow.ts';

/*
 * The workflow facts as the API answers them (`GET /api/nca-reports/:id/facts`,
 * `GET /api/corrective-actions/:id/facts`, the web's buttons). `satisfies` ties each schema to its
 * type: a fact added to the type and not here does not compile (the answer would drop it). The lists are
 * readonly as in the types.
 */
export const ZNcaReportFacts = z.object({
  missingPhase1Fields: z.array(z.string()).readonly().describe('Phase-1 fields still empty'),
  hasCauseAnalysis: z.boolean(),
  containmentRequired: z.boolean().describe("The report's severity needs an immediate containment action before phase 1 is signed"),
  containmentCount: z.number().int(),
  actionStatuses: z.array(z.enum(CORRECTIVE_ACTION_STATUSES)).readonly().describe("The statuses of the report's corrective actions"),
  actionsMissingDocuments: z.array(z.string()).readonly().describe('Names of the actions whose required documents are not all uploaded'),
  roundStatuses: z.array(z.enum(SIGN_STATUSES)).readonly().describe('The statuses of the current round (empty outside a signing state)'),
  mayForceSkip: z.boolean().describe('Whether the caller may force a phase past its signatures'),
}) satisfies z.ZodType<TNcaReportFacts>;

export const ZCorrectiveActionFacts = z.object({
  reportStatus: z.enum(NCA_REPORT_STATUSES),
  missingRequiredDocuments: z.array(z.string()).readonly().describe('Names of the required documents not uploaded yet'),
  isDocumentRequired: z.boolean(),
  evidenceCount: z.number().int(),
  isAssignee: z.boolean().describe('The caller is among the assignees'),
  mayConfirm: z.boolean(),
}) satisfies z.ZodType<TCorrectiveActionFacts>;
