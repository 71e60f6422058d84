import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { onboardingEn } from '../onboarding/i18n/onboarding.en';
import { environmentalBaseEn } from '../environmental/i18n/base.en';
import { adminEn } from '../platform/i18n/admin.en';
import { documentationEn } from '../platform/i18n/documentation.en';
import { historyEn } from '../platform/i18n/history.en';
import { touristTaxBaseEn } from '../tourist-tax/i18n/base.en';
import { mergeMessagesInto } from './mergeMessages';

/** English (en-US). Same keys as it.ts (checked by i18n.test.ts). */
export const enMessages: TranslationMessages = {
  ...englishMessages,
  common: {
    changePassword: 'Change password',
    changePasswordSuccess: 'Password changed',
    changePasswordError: 'The password could not be changed',
    oldPassword: 'Old password',
    on: 'On',
    off: 'Off',
  },
  bulk: {
    selectAll: 'Select all %{count} matching rows',
    onlyPage: 'Only the %{count} rows of this page',
    allSelected: 'All %{count} rows matching the filters are selected',
    export: 'Export selection',
    confirm: 'Apply to %{count} rows? Each row is checked on its own: those that cannot change are listed with the reason.',
    reason: 'Reason the tax was not paid',
    resultTitle: 'Result',
    result: '%{done} done, %{refused} refused',
    more: 'and %{count} more',
    actions: { validate: 'Validate', approve: 'Approve', delete: 'Delete', markPaid: 'Mark paid', markNotPaid: 'Mark not paid', remindSigners: 'Remind the signers', remind: 'Remind the signer' },
  },
  live: {
    newRows: '%{smart_count} new',
    conflictTitle: 'Changed by someone else',
    conflictText: 'While you were editing, someone else saved this item: your changes were not saved. You can reload it or see what changed.',
    reload: 'Reload',
    reloadConfirm: 'Reload the item? Your unsaved changes will be lost.',
    seeChanges: 'See the changes',
    keepEditing: 'Keep editing',
    field: 'Field',
    yours: 'Your values',
    theirs: 'Saved by others',
    loading: 'Reading the saved version…',
    noDifferences: 'No field differs from the ones you are editing.',
    empty: '(empty)',
  },
  roles: {
    admin: 'Administrator',
    city: 'Municipality',
    user: 'Hotelier',
    agency_user: 'Agency',
    laboratory_user: 'Laboratory',
    consortium_user: 'Consortium',
  },
  menu: {
    groups: {
      touristTax: 'Tourist tax',
      administration: 'Administration',
      account: 'Account',
    },
    structures: 'Structures',
    stays: 'Stays',
    declarations: 'Declarations',
    modello21: 'Modello 21',
    municipalities: 'Municipalities',
    tariffs: 'Tariffs',
    reductions: 'Reductions',
    exemptions: 'Exemptions',
    relevantAreas: 'Relevant areas',
    structureTypes: 'Structure types',
    structureClasses: 'Structure classes',
    declarationTemplates: 'Declaration templates',
    communications: 'Communications',
    documentArea: 'Document area',
    users: 'Users',
    inviteUsers: 'Invite users',
    rolesAndPermissions: 'Roles and permissions',
    search: 'Advanced search',
    management: 'Management',
    settings: 'Settings',
    labels: 'Labels',
    notifications: 'Notifications',
    profile: 'Profile',
    documentation: 'Documentation',
  },
  userMenu: {
    profile: 'Profile',
    changePassword: 'Change password',
    language: 'Language',
  },
  layout: {
    year: 'Year',
    notifications: 'Notifications (%{count} unread)',
    actingAs: 'You are acting as %{name} (%{email}, %{role})',
    backToMyAccount: 'Back to my account',
    goHome: 'Go to the home page',
    notFound: {
      title: 'Page not found',
      text: 'The address you typed or the link you followed does not exist.',
    },
    forbidden: {
      title: 'Not allowed',
      text: 'Your role does not allow you to open this page.',
    },
  },
  versions: {
    newVersionAvailable: 'A new version of the application is available (%{version}).',
    reload: 'Reload',
    close: 'Close',
  },
  publicSite: {
    signIn: 'Sign in',
    register: 'Register',
    openBackOffice: 'Open the back office',
    home: {
      title: 'Tourist tax and administration',
      text: 'The back office for municipalities, hoteliers and the consortium.',
    },
    deleteUser: {
      link: 'How to delete your account',
      title: 'Delete your account',
      intro: 'You can delete your account yourself at any time:',
      step1: 'Sign in to the back office.',
      step2: 'Open the menu with your name at the top right and choose "Profile".',
      step3: 'Press "Delete account".',
      step4: 'Confirm in the window that opens.',
      whatHappens: 'Sign-in is disabled at once and your personal data is anonymised. Records the law requires to keep (declarations, payments) stay with the municipality.',
    },
    test: {
      title: 'Test page',
      version: 'Version',
      buildType: 'Build type',
      environment: 'Environment',
      language: 'Language',
    },
  },
  profile: {
    title: 'Profile',
    completeTitle: 'Complete your profile',
    completeHelp: 'Fill in your data to continue.',
    completeSubmit: 'Save and continue',
    completed: 'Profile completed',
    saved: 'Profile saved',
    security: 'Security',
    changeAvatar: 'Change picture',
    avatarUpdated: 'Picture updated',
    deleteAccount: {
      action: 'Delete account',
      title: 'Delete your account?',
      content: 'You will no longer be able to sign in and your personal data will be anonymised. This cannot be undone.',
      confirm: 'Delete my account',
      done: 'Account deleted',
    },
  },
  users: {
    searchPlaceholder: 'Search',
    tabs: {
      information: 'Information',
      structures: 'Structures',
      roles: 'Roles',
    },
    status: {
      label: 'Status',
      enabled: 'Enabled',
      disabled: 'Disabled',
      enabledNotice: 'User enabled',
      disabledNotice: 'User disabled',
    },
    actions: {
      column: 'Actions',
      enable: 'Enable',
      disable: 'Disable',
    },
    impersonate: {
      action: 'Act as this user',
      started: 'You are now acting as this user',
    },
    invite: {
      title: 'Invite users',
      help: 'One row per user. Each invited user receives an email with a link, valid for 7 days and usable once, to choose their own password.',
      rows: 'Users',
      submit: 'Send the invitations',
      success: '1 user invited |||| %{smart_count} users invited',
      error: 'The users could not be created: check the highlighted rows.',
    },
    structures: {
      notAvailable: 'The structures of this user will be shown here once the tourist-tax structures screen is installed.',
    },
    roles: {
      none: 'No roles defined yet.',
      save: 'Save roles',
      saved: 'Roles saved',
    },
  },
  notifications: {
    title: 'Notifications',
    unseen: '1 unread notification |||| %{smart_count} unread notifications',
    markAllRead: 'Mark all as read',
    markRead: 'Unread: click to mark as read',
    allRead: 'All notifications marked as read',
    empty: 'No notifications.',
  },
  management: {
    title: 'Management',
    settingsText: 'Feature flags and the lists used by the forms.',
    labelsText: 'The texts of the interface in Italian and English.',
    rolesText: 'Roles and the permissions they grant.',
  },
  settings: {
    types: {
      feature: 'Feature',
      environmentalAspectType: 'Environmental aspect type',
      severityLevel: 'Severity level',
      referenceDocument: 'Reference document',
      matrix: 'Matrix',
      analyticPackage: 'Analytic package',
      ncaType: 'NCA type',
      companyFunction: 'Company function',
      defaultObserver: 'Default observer',
    },
  },
  labels: {
    new: 'New label',
    actions: 'Actions',
    created: 'Label saved',
    valueIt: 'Italian text',
    valueEn: 'English text',
    keyHelp: 'Dotted key, e.g. menu.users',
    invalidKey: 'Use letters, digits and dots only',
    languages: {
      it: 'Italian',
      en: 'English',
    },
    platforms: {
      web: 'Web',
      app: 'App',
    },
  },
  rolesScreen: {
    noPermissions: 'No permissions defined.',
    roleTypes: {
      internal: 'Internal',
      supplier: 'Supplier',
    },
    areas: {
      nca: 'NCA',
      agencies: 'Agencies',
      lots: 'Lots',
      roles: 'Roles',
      signs: 'Signatures',
      actions: 'Corrective actions',
      orders: 'Orders',
      settings: 'Settings',
      forms: 'Forms',
      laboratories: 'Laboratories',
      contracts: 'Contracts',
      rdps: 'RDP',
    },
    permissionNames: {
      read: 'Read',
      create: 'Create',
      update: 'Update',
      delete: 'Delete',
      forceSkipSignatures: 'Force skipping signatures',
    },
  },
  search: {
    title: 'Advanced search',
    placeholder: 'Name, email, tax code...',
    noResults: 'No results.',
    tabs: {
      hoteliers: 'Hoteliers',
      municipalities: 'Municipalities',
    },
    columns: {
      name: 'Name',
      surname: 'Surname',
      email: 'Email',
      commercialName: 'Business name',
      phone: 'Phone',
    },
  },
  components: {
    file: {
      accepted: 'Accepted formats: %{formats}',
      refused: '%{name}: format not accepted',
    },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        email: 'Email',
        name: 'First name',
        surname: 'Last name',
        username: 'Username',
        role: 'Role',
        cityId: 'Municipality',
        agencyId: 'Agency',
        companyFunctionSettingIds: 'Company functions',
        companyFunctionSettingIdsHelp: 'Holders of a function start and complete the corrective actions assigned to that function',
        mobilephone: 'Mobile phone',
        phone: 'Phone',
        address: 'Address',
        taxCode: 'Tax code',
        vatNumber: 'VAT number',
        contactEmail: 'Contact email',
        emailPec: 'PEC email',
        fax: 'Fax',
        commercialName: 'Business name',
        referentTributes: 'Legal representative',
        birthDate: 'Date of birth',
        paymentDays: 'Payment days',
        isEnabled: 'Enabled',
        isConfirmed: 'Confirmed',
        createdAt: 'Created on',
      },
    },
    roles: {
      name: 'Role |||| Roles',
      fields: {
        name: 'Name',
        description: 'Description',
        roleType: 'Role type',
        permissionIds: 'Permissions',
      },
    },
    permissions: {
      name: 'Permission |||| Permissions',
      fields: {
        areaName: 'Area',
        name: 'Name',
        key: 'Key',
      },
    },
    'management/settings': {
      name: 'Setting |||| Settings',
      fields: {
        code: 'Code',
        name: 'Name',
        settingType: 'Type',
        isActive: 'Active',
        color: 'Color',
        description: 'Description',
      },
    },
    'management/labels': {
      name: 'Label |||| Labels',
      fields: {
        key: 'Key',
        value: 'Text',
        language: 'Language',
        category: 'Category',
        platform: 'Platform',
      },
    },
  },
};
// The onboarding messages first: each area below may add to the same namespaces (errors, validation).
mergeMessagesInto(enMessages, onboardingEn);
// The business areas' menu, validation and error texts, which shared components show on any page; the rest of each
// area's texts is loaded with the area, for the roles that work in it (bundles.ts).
for (const part of [...touristTaxBaseEn, ...environmentalBaseEn]) mergeMessagesInto(enMessages, part);
mergeMessagesInto(enMessages, adminEn);
mergeMessagesInto(enMessages, historyEn);
mergeMessagesInto(enMessages, documentationEn);
