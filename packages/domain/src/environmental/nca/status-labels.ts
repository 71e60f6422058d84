import type { TCorrectiveActionStatus } from './action-flow.ts';
import type { TNcaReportStatus } from './report-flow.ts';
import type { TSignStatus } from './sign-flow.ts';

/**
 * What each status of the NCA workflows is called, in Italian and English: one vocabulary for the
 * screens (the web's message files take these maps) and the documents the API writes (its message
 * files take them too), so a pending signature reads the same on screen and in the report's PDF.
 */
export type TStatusLabels<TStatus extends string> = { it: Record<TStatus, string>; en: Record<TStatus, string> };

export const NCA_REPORT_STATUS_LABELS: TStatusLabels<TNcaReportStatus> = {
  it: {
    pending: 'Bozza',
    waiting_phase1_signs: 'In attesa firme fase 1',
    open: 'Aperta',
    waiting_validations: 'In validazione',
    waiting_phase2_signs: 'In attesa firme fase 2',
    waiting_operations: 'Azioni in corso',
    waiting_signs: 'In attesa firme di chiusura',
    closed: 'Chiusa',
  },
  en: {
    pending: 'Draft',
    waiting_phase1_signs: 'Waiting for phase 1 signatures',
    open: 'Open',
    waiting_validations: 'Being validated',
    waiting_phase2_signs: 'Waiting for phase 2 signatures',
    waiting_operations: 'Actions under way',
    waiting_signs: 'Waiting for closing signatures',
    closed: 'Closed',
  },
};

export const CORRECTIVE_ACTION_STATUS_LABELS: TStatusLabels<TCorrectiveActionStatus> = {
  it: { new: 'Proposta', confirmed: 'Confermata', in_progress: 'In corso', completed: 'Completata', closed: 'Chiusa' },
  en: { new: 'Proposed', confirmed: 'Confirmed', in_progress: 'In progress', completed: 'Completed', closed: 'Closed' },
};

/** A pending request is one still to be signed: "Da firmare" on screen and in the PDF alike. */
export const SIGN_STATUS_LABELS: TStatusLabels<TSignStatus> = {
  it: { pending: 'Da firmare', signed: 'Firmata', rejected: 'Rifiutata', manual_rejected: 'Rifiutata (registrata dal consorzio)', suspended: 'Sospesa' },
  en: { pending: 'To sign', signed: 'Signed', rejected: 'Rejected', manual_rejected: 'Rejected (recorded by the consortium)', suspended: 'Suspended' },
};
