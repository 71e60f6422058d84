/* English messages of a record's history (the "History" tab of every record page). */

export const historyEn = {
  history: {
    tab: 'History',
    title: 'History of changes',
    empty: 'No change recorded for this item.',
    system: 'System',
    impersonatedBy: 'impersonated by %{name}',
    reason: 'Reason: %{reason}',
    noFieldChanges: 'No field changed',
    current: 'Current version',
    actions: {
      create: 'Created',
      update: 'Changed',
      restore: 'Restored an earlier version',
      restoreOf: 'Restored the version of %{date}',
      delete: 'Deleted',
      other: 'Action “%{action}”',
    },
    values: { empty: '—', yes: 'Yes', no: 'No', items: '%{smart_count} item |||| %{smart_count} items' },
    restore: {
      button: 'Restore this version',
      title: 'Restore this version?',
      content: 'The editable fields go back to what they were after the change of %{date}. The restore is recorded as a new change and can be undone by restoring the current version.',
      done: 'Version restored',
    },
  },
};
