import { can } from '../../platform/access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../../platform/workflow/index.ts';
import { FORM_STATUSES } from './form-schemas.ts';
import type { TFormIssue } from './form-rules.ts';

/**
 * A waste form's life, on RENTRI's FIR states where they overlap. A supplier registers the form
 * (compiled: RENTRI's "InserimentoQuantita"); the consortium, the producer, signs it once every RENTRI
 * check passes (`approve`: "FirmaProduttore"), or sends it back with a reason (it stays compiled);
 * an administrator may revoke a signature not yet followed by the transport. The load leaves
 * (`startTransport`: "FirmaTrasportatoreIniziale", in transport), and the destination's outcome is
 * recorded with the quantity it took: accepted, accepted in part ("RespintoAccettatoParzialmente")
 * or rejected. Before the transport a form can be cancelled with a reason ("Annullato"). Only a
 * compiled form can change. Who may take each action is the access table's grant of `forms.<action>`.
 *
 *   compiled ──approve──> producerSigned ──startTransport──> inTransport ──accept────────> accepted
 *     └reject┘  ^              │                                 ├──acceptInPart──> partiallyAccepted
 *               └───revoke─────┘                                 └──refuse────────> rejected
 *   compiled, producerSigned ──cancel──> cancelled
 */
export type TFormFacts = { issues: readonly TFormIssue[] };

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'forms', action);

export const formWorkflow = defineWorkflow({
  name: 'forms',
  states: FORM_STATUSES,
  actions: {
    approve: {
      from: 'compiled',
      to: 'producerSigned',
      who: grantOf('approve'),
      guard: (facts: TFormFacts) =>
        facts.issues.length > 0
          ? { code: 'FORM_CHECKS_FAILED', message: 'The form does not pass the RENTRI checks: correct it first', details: facts.issues.map((i) => ({ path: i.path, message: i.message })) }
          : null,
    },
    reject: { from: 'compiled', to: 'compiled', who: grantOf('reject'), requiresReason: true },
    revoke: { from: 'producerSigned', to: 'compiled', who: grantOf('revoke'), requiresReason: true },
    startTransport: { from: 'producerSigned', to: 'inTransport', who: grantOf('startTransport') },
    accept: { from: 'inTransport', to: 'accepted', who: grantOf('accept') },
    acceptInPart: { from: 'inTransport', to: 'partiallyAccepted', who: grantOf('acceptInPart'), requiresReason: true },
    refuse: { from: 'inTransport', to: 'rejected', who: grantOf('refuse'), requiresReason: true },
    cancel: { from: ['compiled', 'producerSigned'], to: 'cancelled', who: grantOf('cancel'), requiresReason: true },
  },
});

export type TFormAction = (typeof formWorkflow.actions)[number];

/** The acceptance kind (RENTRI's tipo_accettazione) each destination outcome records. */
export const ACCEPTANCE_OF_ACTION = { accept: 'A', acceptInPart: 'P', refuse: 'R' } as const;
export type TAcceptanceAction = keyof typeof ACCEPTANCE_OF_ACTION;
export const isAcceptanceAction = (action: string): action is TAcceptanceAction => Object.hasOwn(ACCEPTANCE_OF_ACTION, action);

/** A form that can no longer change: every state but compiled. */
export const isFormLocked = (status: string) => status !== 'compiled';
