import type { TMessages } from './it.ts';

/** The server's English texts: the keys of it.ts, each with its translation (a missing or extra key fails typecheck). */
export const enMessages: TMessages = {
  common: {
    yes: 'Yes',
    no: 'No',
    draftCode: 'draft',
    phase: 'phase {phase}',
  },
  mail: {
    confirmEmail: {
      subject: 'Confirm your e-mail address',
      body: 'Hello {name},\n\nto confirm your e-mail address open this link:\n{link}\n\nIf you did not create the account, ignore this message.',
    },
    resetPassword: {
      subject: 'Reset your password',
      body: 'Hello {name},\n\nto choose a new password open this link within one hour:\n{link}\n\nIf you did not ask for it, ignore this message: your password stays the same.',
    },
    invite: {
      subject: 'Your access to the portal',
      body: 'Hello {name},\n\nan account has been created for you ({email}).\nTo activate it, choose a password from this link, valid for {days} days and usable once:\n{link}\n\nIf you were not expecting this message, ignore it.',
    },
    companyInvite: {
      subject: 'Invitation to the consortium portal: {company}',
      body: 'Dear manager of {company},\n\nthe consortium invites you to its environmental compliance portal.\nTo activate the account {email}, choose a password from this link, valid for {days} days and usable once:\n{link}\n\nIf you were not expecting this invitation, ignore this message.',
    },
    colleagueInvite: {
      subject: 'Your access to the consortium portal: {company}',
      body: "Hello {name},\n\n{company} invited you to the consortium's environmental compliance portal.\nTo activate the account {email}, choose a password from this link, valid for {days} days and usable once:\n{link}\n\nIf you were not expecting this invitation, ignore this message.",
    },
    ncaSigningCode: {
      subject: 'Signing code for NCA {report}',
      body: 'Hello {name},\n\nyour code to sign NCA {report} ({phase}) with a one-time code is:\n\n{code}\n\nIt is valid until {expires, time} and can be used once. Fingerprint of the data to sign: {hash}…\n\nIf you did not ask for it, ignore this message and tell the consortium.',
    },
    notification: { subject: '{title}', body: '{body}\n\n{link}' },
  },
  nca: {
    name: 'NCA {code}',
    report: {
      signRequested: { title: 'Signature requested', body: 'You are asked to sign {nca} ({phase}) with a one-time code. Open "My signatures".' },
      opened: { title: '{nca} opened', body: '{nca} is open: the company writes the root-cause analysis and proposes the corrective actions.' },
      toValidate: { title: '{nca} to validate', body: 'The company sent the root-cause analysis and the proposed actions.' },
      returned: { title: '{nca} sent back', body: 'The consortium sent the action plan back. Reason: {reason}' },
      actionsToRun: { title: '{nca}: actions to carry out', body: 'The action plan is approved: you can start the corrective actions assigned to you.' },
      running: { title: '{nca} in progress', body: 'The action plan is approved.' },
      closed: { title: '{nca} closed', body: '{nca} is closed.' },
      signRejected: { title: '{nca}: signature refused', body: 'A signature was refused. Explanation: {reason}' },
    },
    action: {
      title: 'Corrective action {code}',
      body: 'Action {label} {what}.',
      bodyWithNote: 'Action {label} {what}. Note: {note}',
      confirm: 'was confirmed by the consortium',
      rejectProposal: 'was refused by the consortium: it needs revising',
      complete: 'was completed by its executor: it needs checking',
      reopen: 'was reopened by the consortium',
      close: 'was closed after the effectiveness check',
    },
    reminder: {
      actionOverdue: { title: 'Corrective action overdue', body: 'Action {label} was due by {date, date}.' },
      actionDue: { title: 'Corrective action due soon', body: 'Action {label} is due on {date, date}.' },
      signerPending: { title: 'Signature waiting', body: 'Your one-time-code signature of {nca} has been waiting for more than {days} days. Open "My signatures".' },
    },
  },
  rdp: {
    outOfLimits: { title: 'RDP {code}: values out of limits', body: 'Test report {code} has {count} values out of their limits.' },
    moreOutOfLimits: { title: '{count} more RDPs out of limits', body: 'The import created {count} more test reports with values out of limits.' },
    uploadDraft: { title: 'RDP {code}: draft to approve', body: 'The laboratory uploaded the draft of test report {code}.' },
    approveDraft: { title: 'RDP {code}: draft approved', body: 'The consortium approved the draft of test report {code}: upload the signed file (.p7m).' },
    rejectDraft: { title: 'RDP {code}: draft rejected', body: 'The consortium rejected the draft of test report {code}. Reason: {reason}' },
    uploadSigned: { title: 'RDP {code}: signed file to approve', body: 'The laboratory uploaded the signed test report {code}{notDraft}{warnings}.' },
    signedNotDraft: ': the signed PDF is NOT identical to the approved draft',
    signatureWarnings: ' ({count} warnings on the signature)',
    approveSigned: { title: 'RDP {code}: completed', body: 'The consortium approved the signed test report {code}.' },
    rejectSigned: { title: 'RDP {code}: signed file rejected', body: 'The consortium rejected the signed file of test report {code}. Reason: {reason}' },
    confirmAccounting: { title: 'RDP {code}: SAL confirmed', body: 'The accounting (SAL {sal}) of test report {code} is confirmed.' },
  },
  form: {
    approve: { title: 'Form approved', body: 'The consortium approved form {code}.' },
    reject: { title: 'Form to correct', body: 'The consortium sent form {code} back. Reason: {reason}' },
    revoke: { title: 'Approval revoked', body: 'The approval of form {code} was revoked. Reason: {reason}' },
  },
  declaration: {
    what: '{structure} – period from {from, date} to {to, date}',
    unnamedStructure: 'Structure',
    submit: { title: 'Declaration submitted', body: '{what}: declaration {code} submitted, tax {amount, euros}.' },
    validate: { title: 'Declaration validated', body: '{what}: the comune validated declaration {code}.' },
    return: { title: 'Declaration sent back', body: '{what}: the comune sent the declaration back. Reason: {reason}' },
    revoke: { title: 'Validation revoked', body: '{what}: the comune revoked the validation of declaration {code}.' },
    payment: { title: 'Payment recorded', body: 'Declaration {code}: payment of {amount, euros} on {date, date}, TRN {trn}.' },
    reminder: {
      submit_due: { title: 'Declaration due soon', body: '{structure}: the declaration of period {period} is due by {date, date}.' },
      submit_late: { title: 'Declaration not submitted', body: '{structure}: the declaration of period {period} was due by {date, date}.' },
      pay_due: { title: 'Payment due soon', body: '{structure}: the tax of period {period} is to be paid by {date, date}.' },
      pay_late: { title: 'Payment overdue', body: '{structure}: the tax of period {period} was to be paid by {date, date}.' },
      cityMissing: {
        title: 'Structures without a declaration – {period}',
        body: '{count} structures have not submitted the declaration of period {period} (deadline {date, date}): {structures}.',
      },
    },
  },
  modello21: {
    submit: { title: 'Modello 21 submitted', body: "A structure's Modello 21 {year} was submitted." },
    validate: { title: 'Modello 21 validated', body: 'The comune validated Modello 21 {year} (no. {number}).' },
    return: { title: 'Modello 21 sent back', body: 'The comune sent Modello 21 {year} back. Reason: {reason}' },
  },
};
