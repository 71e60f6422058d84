import { can } from '../../platform/access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../../platform/workflow/index.ts';
import { FORM_STATUSES } from './form-schemas.ts';
import type { TFormIssue } from './form-rules.ts';

/**
 * The consortium's review of a waste form. A supplier registers it (pending); the consortium approves
 * it once every RENTRI check passes, or sends it back with a reason (it stays pending, the reason on
 * it, the supplier notified); an administrator may revoke an approval, with a reason. An approved
 * form is read-only. Who may take each action is the access table's grant of `forms.<action>`.
 *
 *   pending ──approve──> approved
 *     └reject┘  ^            │
 *               └──revoke────┘
 */
export type TFormFacts = { issues: readonly TFormIssue[] };

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'forms', action);

export const formWorkflow = defineWorkflow({
  name: 'forms',
  states: FORM_STATUSES,
  actions: {
    approve: {
      from: 'pending',
      to: 'approved',
      who: grantOf('approve'),
      guard: (facts: TFormFacts) =>
        facts.issues.length > 0
          ? { code: 'FORM_CHECKS_FAILED', message: 'The form does not pass the RENTRI checks: correct it first', details: facts.issues.map((i) => ({ path: i.path, message: i.message })) }
          : null,
    },
    reject: { from: 'pending', to: 'pending', who: grantOf('reject'), requiresReason: true },
    revoke: { from: 'approved', to: 'pending', who: grantOf('revoke'), requiresReason: true },
  },
});

export type TFormAction = (typeof formWorkflow.actions)[number];
