import { can } from '../../platform/access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../../platform/workflow/index.ts';
import { RDP_STATUSES } from './rdps.ts';

/**
 * The RDP (laboratory test report) state machine. The laboratory uploads the draft PDF; the consortium
 * approves it (or sends it back with a note, staying in processing); only then the laboratory uploads
 * the signed .p7m (verified on upload); the consortium approves it (completed) or rejects it with a
 * reason (back to approved, the signed file kept in history). The SAL confirmation stamps a completed
 * report once and freezes its price. Who may take each action is the access table's grant of `rdps.<action>`.
 *
 *   processing ──approveDraft──> approved ──uploadSigned──> p7mUploaded ──approveSigned──> completed ──confirmAccounting (once)
 *    └uploadDraft, rejectDraft┘     ^                           │
 *                                   └────────rejectSigned───────┘
 */
export type TRdpFacts = { hasDraft: boolean; salConfirmed: boolean };

const grantOf = (action: string) => (actor: TWorkflowActor) => can(actor.role, 'rdps', action);

export const rdpWorkflow = defineWorkflow({
  name: 'rdp',
  states: RDP_STATUSES,
  actions: {
    uploadDraft: { from: 'processing', to: 'processing', who: grantOf('uploadDraft') },
    approveDraft: {
      from: 'processing',
      to: 'approved',
      who: grantOf('approveDraft'),
      guard: (f: TRdpFacts) => (f.hasDraft ? null : { code: 'CONFLICT', message: 'The draft PDF has not been uploaded yet', details: [{ path: 'temporaryRdp', message: 'validation.required' }] }),
    },
    rejectDraft: { from: 'processing', to: 'processing', who: grantOf('rejectDraft'), requiresReason: true },
    uploadSigned: { from: 'approved', to: 'p7mUploaded', who: grantOf('uploadSigned') },
    approveSigned: { from: 'p7mUploaded', to: 'completed', who: grantOf('approveSigned') },
    rejectSigned: { from: 'p7mUploaded', to: 'approved', who: grantOf('rejectSigned'), requiresReason: true },
    confirmAccounting: {
      from: 'completed',
      to: 'completed',
      who: grantOf('confirmAccounting'),
      guard: (f: TRdpFacts) =>
        f.salConfirmed ? { code: 'CONFLICT', message: 'The accounting (SAL) of this report is already confirmed', details: [{ path: 'salRef', message: 'already confirmed' }] } : null,
    },
  },
});

export type TRdpAction = (typeof rdpWorkflow.actions)[number];
