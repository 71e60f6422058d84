/* English messages of screens.it.ts (same keys). */
export const screensEn = {
  filings: {
    dashboard: {
      groups: {
        fix_returned: 'Returned declarations to fix (%{smart_count})',
        pay: 'Tax to pay (%{smart_count})',
        submit: 'Declarations to submit (%{smart_count})',
        create: 'Declarations to fill in (%{smart_count})',
        modello21: 'Modello 21 to submit (%{smart_count})',
      },
      lateCount: '%{smart_count} late',
      onTime: 'On time',
      lateSince: 'Was due on %{date}',
      dueBy: 'Due by %{date}',
    },
    declarations: {
      submittedLate: 'Submitted late',
      searchCodeOrStructure: 'Code, TRN or structure',
      allYears: 'All years',
      allYearsTitle: 'all years',
    },
  },
  touristTax: {
    breakdown: {
      open: 'Details',
      problem: 'To check',
      incompleteShort: 'Enter dates and guests',
      computing: 'Computing',
    },
    stayFiles: {
      title: 'Stay documents',
      empty: 'No documents attached.',
      saveFirst: 'Save the stay, then open it again to attach documents.',
      added: 'Document attached',
      removed: 'Document deleted',
      removeTitle: 'Delete the document?',
      removeConfirm: '"%{name}" will be deleted from the stay.',
    },
    logo: {
      title: 'Municipal logo',
      alt: 'Logo of %{name}',
      help: 'A PNG, JPG or GIF image: it appears on the comune’s dashboard.',
      saveToKeep: 'Save to use this image as the logo.',
      remove: 'Remove the logo',
    },
    filingSettings: {
      remindersTitle: 'Reminders to hoteliers',
      remindersHelp: 'Every morning hoteliers get a reminder of declarations to submit and taxes to pay that are coming due, and a notice when they are late.',
      remindersEnabled: 'Send reminders',
      reminderDaysAhead: 'Days of notice',
      reminderDaysHelp: 'How many days before the deadline (0 to %{max}).',
      daysRange: 'A whole number from 0 to %{max}',
      modello21Title: 'Modello 21',
      modello21Required: 'The comune asks hoteliers for the Modello 21.',
      modello21NotRequired: 'The comune does not ask for the Modello 21.',
      changeOnComune: 'Change it on the comune’s page',
      saved: 'Settings saved',
    },
  },
};
