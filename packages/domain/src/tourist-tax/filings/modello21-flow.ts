import { can } from '../../platform/access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../../platform/workflow/index.ts';
import type { TModello21Issue } from './modello21.ts';

/**
 * The Modello 21 state machine. The hotelier refreshes the draft from the stays and payments and
 * submits it once every month reconciles; the comune validates it (with its number) or sends it back
 * to draft with a reason. Who may take each action is the access table's grant of `twentyOneModels.<action>`.
 *
 *   draft ──submit──> submitted ──validate──> validated
 *     ^ └refresh┘         │
 *     └─────return────────┘
 */
export const MODELLO21_STATUSES = ['draft', 'submitted', 'validated'] as const;

/** What the guards look at: the reconciliation issues of the saved model (`reconcileModello21`). */
export type TModello21Facts = { issues: readonly TModello21Issue[] };

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'twentyOneModels', action);

export const modello21Workflow = defineWorkflow({
  name: 'modello21',
  states: MODELLO21_STATUSES,
  actions: {
    refresh: { from: 'draft', to: 'draft', who: grantOf('refresh') },
    submit: {
      from: 'draft',
      to: 'submitted',
      who: grantOf('submit'),
      // Refused until every difference is explained, every payment has its TRN and date, and it is signed.
      guard: (facts: TModello21Facts) =>
        facts.issues.length > 0
          ? {
              code: 'MODELLO21_NOT_RECONCILED',
              message: 'The Modello 21 cannot be submitted yet: explain every difference and give every payment its TRN',
              details: facts.issues.map((i) => ({ path: i.path, message: i.message })),
            }
          : null,
    },
    validate: { from: 'submitted', to: 'validated', who: grantOf('validate') },
    return: { from: 'submitted', to: 'draft', who: grantOf('return'), requiresReason: true },
  },
});

export type TModello21Status = (typeof MODELLO21_STATUSES)[number];
export type TModello21Action = (typeof modello21Workflow.actions)[number];
