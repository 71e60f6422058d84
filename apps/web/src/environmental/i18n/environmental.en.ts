import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';
import { rdpsEn } from './rdps.en';
import { formsEn } from './forms.en';

/* English messages of the environmental-compliance screens. */

const company = {
  businessName: 'Business name',
  vatNumber: 'VAT number',
  phone: 'Phone',
  managerEmail: "Manager's e-mail",
  address: 'Address',
  contacts: 'Contacts',
  inviteStatus: 'Invitation',
  userCount: 'Users',
  openNcaCount: 'Open NCAs',
};

export const environmentalEn = {
  environmental: {
    search: 'Search',
    myCompany: 'My company',
    myLaboratory: 'My laboratory',
    menu: {
      lots: 'Lots',
      orders: 'Orders',
      agencies: 'Agencies',
      laboratories: 'Laboratories',
      contracts: 'Contracts',
      ncaSettings: 'NCA settings',
      labAnalysisSettings: 'Laboratory analysis settings',
      myCompany: 'My company',
    },
    inviteStatus: { to_invite: 'To invite', invited: 'Invited', accepted: 'Accepted' },
    invite: {
      invite: 'Invite',
      resend: 'Resend invitation',
      revoke: 'Revoke invitation',
      done: { invite: 'Invitation sent', resend: 'New invitation sent: the previous link no longer works', revoke: 'Invitation revoked' },
    },
    orderType: { work_order: 'Work order', announcement: 'Announcement' },
    tabs: { registry: 'Registry', users: 'Users', nca: 'NCA cases', orders: 'Orders', information: 'Information', priceLists: 'Contracts and price lists' },
    agencies: { noOrders: 'No orders given.' },
    users: {
      inviteColleague: 'Invite a colleague',
      none: 'No users.',
      email: 'E-mail',
      name: 'Name',
      surname: 'Surname',
      state: 'State',
      manager: 'Manager',
      accepted: 'Active',
      invitedOnly: 'Invited',
      send: 'Send invitation',
      invited: 'Invitation sent to your colleague',
    },
    contact: { name: 'Name', role: 'Role', email: 'E-mail', phone: 'Phone' },
    contacts: { title: 'Contacts', saved: 'Contacts saved' },
    lots: {
      cigDoubtful: 'PCP CIG whose check characters do not fit the known rule: check the code (it will be saved anyway).',
      cupDoubtful: 'Unusual CUP (usually a letter, two digits, a letter and eleven digits): check the code.',
      savedWithWarnings: 'The lot was saved with a code to check.',
    },
    help: {
      managerEmail: 'The invitation is sent to this address',
      cig: '10 characters: classic, smart (X, Y, Z) or PCP CIG',
      cup: '15 letters and digits',
      settingCode: 'Derived from the name when left empty',
    },
    priceList: {
      import: 'Import price list (xlsx)',
      export: 'Export price list',
      imported: 'Price list imported: %{created} new lines, %{updated} updated',
      refused: 'Price list not imported',
      nothingWritten: 'Some rows are not valid: no row was imported. Fix the file and try again.',
      row: 'Row',
      field: 'Field',
      value: 'Value',
      problem: 'Problem',
      empty: 'The price list is empty.',
    },
    settingType: {
      environmentalAspectType: 'Environmental aspects',
      severityLevel: 'Severity levels',
      referenceDocument: 'Reference documents',
      matrix: 'Matrices',
      analyticPackage: 'Analytic packages',
      ncaType: 'NCA types',
      companyFunction: 'Company functions',
      defaultObserver: 'Default observers',
    },
    ambientCategory: {
      environmentalManagementSystem: 'Environmental management system',
      wasteManagement: 'Waste management',
      excavationSoilAndRock: 'Excavation soil and rock',
      singleEnvironmentalComponents: 'Single environmental components',
      emergencyResponse: 'Emergency response',
      stakeholderRelations: 'Stakeholder relations',
    },
    agencyFunctionType: { consortium: 'Consortium', agencies: 'Agencies' },
  },
  menu: { groups: { environmental: 'Environmental compliance' } },
  resources: {
    lots: { name: 'Lot |||| Lots', fields: { name: 'Name', code: 'Code', cig: 'CIG', cup: 'CUP', functionalCode: 'Functional code', description: 'Description' } },
    orders: {
      name: 'Order |||| Orders',
      fields: { name: 'Name', lotId: 'Lot', orderType: 'Type', agencyIds: 'Agencies', managerId: 'Manager', agencyFunctionSettingId: 'Company function', userId: 'User' },
    },
    agencies: { name: 'Agency |||| Agencies', fields: company },
    laboratories: { name: 'Laboratory |||| Laboratories', fields: company },
    contracts: {
      name: 'Contract |||| Contracts',
      fields: {
        code: 'Contract',
        laboratoryId: 'Laboratory',
        articleCode: 'Article code',
        articleName: 'Article',
        packetCode: 'Packet code',
        matrixSettingId: 'Matrix',
        analyticPackageSettingId: 'Analytic package',
        price: 'Price (€)',
      },
    },
    'environmental-settings': {
      name: 'Setting |||| Settings',
      fields: {
        settingType: 'Type',
        name: 'Name',
        code: 'Code',
        description: 'Description',
        isActive: 'Active',
        color: 'Colour',
        ambientCategory: 'Environmental category',
        agencyFunctionType: 'Function type',
        userId: 'User',
      },
    },
  },
  validation: {
    procurementCode: {
      length: 'Wrong length',
      charset: 'Characters not allowed',
      zeroProgressive: 'Progressive number is zero',
      checkMismatch: 'The check characters do not match',
      unusualPattern: 'Unusual format',
    },
  },
};

export function addEnvironmentalEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, environmentalEn);
  mergeMessagesInto(messages, rdpsEn);
  mergeMessagesInto(messages, formsEn);
}
