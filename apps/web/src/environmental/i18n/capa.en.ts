import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';
import type { capaIt } from './capa.it';

/* English messages of the CAPA parts of an NCA report: containment, root cause, effectiveness check, recurrences, and their dashboard. */

export const capaEn: typeof capaIt = {
  nca: {
    capa: {
      containment: {
        title: 'Immediate containment',
        intro: 'What was done at once on site, before the cause analysis.',
        none: 'No containment action recorded.',
        required: 'This severity needs at least one containment action before phase 1 is signed (or opened).',
        what: 'What was done',
        who: 'Who',
        when: 'When',
        verifiedBy: 'Verified by',
        notVerified: 'To verify',
        add: 'Record',
        verify: 'Verify',
        remove: 'Delete',
        saved: 'Containment updated',
        fillIn: 'Write what was done, who did it and when.',
      },
      rootCause: {
        fiveWhys: '5 Whys',
        fiveWhysHelp: 'Each answer is the cause of the previous one; the last is the root cause.',
        why: 'Why %{n}',
        ishikawa: 'Ishikawa classification',
        noStructure: 'No structured analysis (5 Whys or Ishikawa).',
      },
      ishikawa: { manpower: 'Manpower', machines: 'Machines', materials: 'Materials', methods: 'Methods', measurement: 'Measurement', environment: 'Environment' },
      effectiveness: {
        title: 'Effectiveness check',
        notYet: 'Closing schedules the effectiveness check of the actions, after the days set for the severity.',
        dueOn: 'Due on %{date}',
        standing: { due: 'Due', upcoming: 'Scheduled', done: 'Effective', failed: 'Not effective' },
        outcome: 'Outcome',
        decidedOn: 'Recorded on %{date}',
        followUp: 'Open the new report',
        actions: { recordEffective: 'Actions effective', recordNotEffective: 'Actions not effective' },
        done: { recordEffective: 'Check recorded: actions effective', recordNotEffective: 'Check recorded: a new report was opened' },
        confirm: { recordEffective: 'The actions were effective: the check is closed.' },
        reasonIntro: 'The actions were not effective: a new report citing this one opens, prefilled. Write what you found.',
        reason: 'Outcome of the check',
      },
      recurrence: { chip: 'Recurrence of %{code}', chipOfDraft: 'Recurring: the earlier report is still a draft', tooltip: 'Same type on the same company within 12 months' },
      agencyNoReports: 'No NCA reports for this company.',
      followsUp: 'Follows %{code}',
      help: {
        needsContainment: 'Phase 1 is not signed without an immediate containment action.',
        effectivenessCheckDays: 'Days from closing to the effectiveness check (empty: 60).',
        severityRank: 'Order of gravity, 1 the mildest: reports and pickers list the levels in this order.',
      },
      dashboard: {
        title: 'CAPA: effectiveness, causes and recurrences',
        due: 'Checks due',
        upcoming: 'Checks scheduled',
        done: 'Checks effective',
        failed: 'Checks not effective',
        recurrences: 'Recurrences',
        byIshikawa: 'Causes by Ishikawa family',
        ishikawaFilter: 'Ishikawa family',
        all: 'All',
        paretoByLot: 'Pareto by lot',
        paretoByAgency: 'Pareto by company',
        types: 'NCA types',
        aspects: 'Environmental aspects',
        share: 'Share',
        cumulative: 'Cumulative',
        none: 'No data.',
      },
    },
    timeline: {
      actions: { recordEffective: 'Effectiveness check: actions effective', recordNotEffective: 'Effectiveness check: actions not effective' },
      changes: { followUpOpened: 'Opened after a failed effectiveness check' },
    },
  },
  resources: {
    'nca-reports': {
      fields: {
        containmentActions: 'Immediate containment',
        fiveWhys: '5 Whys',
        ishikawaCategories: 'Ishikawa classification',
        ishikawa: 'Ishikawa family',
        recurrence: 'Recurrences',
        previousReportId: 'Follows report',
      },
    },
    'environmental-settings': { fields: { needsContainment: 'Needs containment', effectivenessCheckDays: 'Days to the effectiveness check', severityRank: 'Gravity order' } },
  },
};

export function addCapaEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, capaEn);
}
