/*
 * Which columns hold the state of a workflow. Every status change goes through the workflow runner
 * (run-transition.ts); the tests that enforce it (status-writes.test.ts over the source, and the
 * collection suite over the generic PUT) share these two facts.
 */

/** A status-named column or field: `status`, `...Status`. */
export const STATUS_KEY = /^(?:status|[a-z]\w*Status)$/;

/** Status-named columns that are not the state of a workflow, as `table.column`, each with why. */
export const NOT_WORKFLOW_STATES: Record<string, string> = {
  'job_runs.status': "a daily job's run bookkeeping (running, done, failed), written by the job runner alone",
  'mail_outbox.status': "an outgoing mail's delivery state (queued, sent, failed), written by the mailer alone",
  'stays.paymentStatus': 'a fact of the stay the hotelier enters (paid or not), no state machine; repricing rewrites the computed columns',
};
