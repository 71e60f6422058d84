import type { TMessageTree } from '../../i18n/mergeMessages';

/*
 * The area's texts that every signed-in user's messages hold (i18n/en.ts): menu entries and groups, field
 * validation and the API's error messages, which the shared components (the menu, toasts, the bulk actions' report)
 * show on any page. The rest of the area's texts come with the area (messages.en.ts, i18n/bundles.ts).
 */
export const environmentalBaseEn: TMessageTree[] = [
  // From environmental.en.ts.
  {
    menu: { groups: { environmental: 'Environmental compliance' } },
    validation: {
      procurementCode: {
        length: 'Wrong length',
        charset: 'Characters not allowed',
        zeroProgressive: 'Progressive number is zero',
        checkMismatch: 'The check characters do not match',
        unusualPattern: 'Unusual format',
      },
    },
  },
  // From nca.en.ts.
  {
    menu: { groups: { overview: 'Overview' } },
  },
  // From environmental.en.ts.
  {
    environmental: {
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
    },
  },
  // From rdps.en.ts.
  {
    environmental: {
      menu: { rdps: 'Test reports' },
    },
  },
  // From forms.en.ts.
  {
    environmental: {
      menu: { forms: 'Waste forms' },
    },
    forms: {
      validation: {
        istatCode: "The comune's ISTAT code: 6 digits",
        siteNumber: 'RENTRI site registration number (e.g. OP0058ABC000123-LT0001)',
        taxCode: 'Not a valid tax code or VAT number',
        firNumber: 'Not a valid FIR number (e.g. XRBC 000123 HF)',
        quantity: 'Not a valid quantity: more than zero, up to 10 integer and 4 decimal digits',
        albo: 'Format XX/123456',
      },
    },
  },
  // From nca.en.ts.
  {
    envDashboard: {
      notForRole: 'The dashboard is for comuni, structure managers and the consortium.',
    },
    nca: {
      menu: { reports: 'NCA reports', actions: 'Corrective actions', mySignatures: 'My signatures', signRequests: 'Sign requests' },
    },
  },
];
