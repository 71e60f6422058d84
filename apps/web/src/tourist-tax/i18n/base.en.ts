import type { TMessageTree } from '../../i18n/mergeMessages';

/*
 * The area's texts that every signed-in user's messages hold (i18n/en.ts): menu entries and groups, field
 * validation and the API's error messages, which the shared components (the menu, toasts, the bulk actions' report)
 * show on any page. The rest of the area's texts come with the area (messages.en.ts, i18n/bundles.ts).
 */
export const touristTaxBaseEn: TMessageTree[] = [
  // From touristTax.en.ts.
  {
    validation: {
      taxCode: 'Not a valid tax code (codice fiscale)',
      vatNumber: 'Not a valid VAT number (partita IVA)',
      iban: 'Not a valid IBAN',
      cin: 'Not a valid CIN (IT + 6-digit ISTAT code + class + up to 8 characters)',
      istatCode: 'The ISTAT code has 6 digits',
      province: '2-letter code',
      ccp: 'A postal account has 6 to 12 digits',
      atecoCode: 'Not a valid ATECO code (e.g. 55.10.00)',
      url: 'Not a valid web address (http:// or https://)',
      notNegative: 'Cannot be negative',
      tooLarge: 'Value too large',
      twoDecimals: 'At most two decimals',
      percentRange: 'Must be between 0 and 100',
      wholeNumber: 'Must be a whole number',
      outOfRange: 'Value out of range',
      guests: 'At least 1 guest',
      checkOutAfterCheckIn: 'Check-out must be after check-in',
    },
    errors: {
      TARIFF_CONFLICT: 'This tariff overlaps another tariff of the municipality with the same scope.',
      REDUCTION_CONFLICT: 'The same reduction already exists for this period.',
      NO_TARIFF_FOR_NIGHT: 'No tariff of the municipality applies to a night of the stay',
      AMBIGUOUS_TARIFF: 'Two tariffs of the municipality apply to the same night',
      INVALID_RULE: 'A tariff or reduction of the municipality is not valid',
      INVALID_DATES: 'Check-out must be after check-in',
      INVALID_COMPONENTS: 'The number of guests is not valid',
      INVALID_COUNT: 'An exempt or reduced count is not valid',
      TOO_MANY_EXEMPT_OR_REDUCED: 'Exempt and reduced guests are more than the guests of the stay',
      UNKNOWN_REDUCTION: 'The reduction does not exist in this municipality',
      UNKNOWN_EXEMPTION: 'The exemption does not exist in this municipality',
      MISSING_ACCOMMODATION_AMOUNT: 'A percentage tariff applies: enter the stay amount',
      INVALID_ACCOMMODATION_AMOUNT: 'The stay amount is not valid',
      IN_USE: "It is used by the municipality's structures or rules: change those first.",
      RULE_IN_USE: 'It is applied to saved stays: set an end of validity instead of deleting it.',
      PAGOPA_NOTHING_DUE: 'The declaration has nothing to pay: no pagoPA notice.',
      PAGOPA_NOT_CONFIGURED: 'pagoPA notice not available: the municipality has not set %{missing}.',
      PAGOPA_SEGREGATION_CODE_LOCKED: 'The segregation code cannot change: pagoPA notices were already issued with it.',
      CITY_IN_USE: 'The municipality has structures or users: deactivate it instead.',
      STRUCTURE_HAS_STAYS: 'The structure has stays: deactivate it instead.',
      STAY_DECLARED: 'The stay is counted in a submitted declaration and can no longer be changed.',
      DUPLICATE: 'An item with these data already exists.',
      IMPORT_INVALID: 'The file has rows that are not valid: no stay was imported.',
      IMPORT_UNREADABLE: 'The file cannot be read in the chosen format.',
      IMPORT_TOO_LARGE: 'The file exceeds the import limits (columns, rows or size): no stay was imported.',
    },
  },
  // From filings.en.ts.
  {
    menu: {
      dashboard: 'Dashboard',
    },
    errors: {
      DECLARATION_LOCKED: 'The declaration is already submitted or validated and can no longer change.',
      PERIOD_OVERLAP: 'The period overlaps another period of the comune.',
      TEMPLATE_IN_USE: 'The period already has declarations: only its deadlines can move.',
      MODELLO21_NOT_RECONCILED: 'The Modello 21 does not reconcile: explain every difference and give every payment its date and TRN.',
      MODELLO21_LOCKED: 'The Modello 21 is already sent or validated and can no longer change.',
      NOT_SUBMITTED: 'The receipt exists once the declaration has been submitted.',
    },
  },
  // From screens.en.ts.
  {
    menu: {
      filingSettings: 'Filing settings',
    },
    validation: {
      logo: 'Upload an image for this comune first',
    },
  },
  // From policeFiles.en.ts.
  {
    errors: {
      ALLOGGIATI_INCOMPLETE: 'Some guests arrived on that day lack data the police file needs.',
    },
  },
  // From pagopa.en.ts.
  {
    menu: { siatelChecks: 'SIATEL cross-check' },
  },
  // From touristTax.en.ts.
  {
    touristTax: {
      validation: {
        cityFiscalCode: "The municipality's tax code has 11 digits with a valid check digit",
        segregationCode: 'The segregation code has 2 digits',
        checkOutAfterCheckIn: 'Check-out must be after check-in',
        dateToAfterDateFrom: 'The closing date cannot be before the opening date',
        validToAfterValidFrom: 'The end of validity cannot be before its start',
        tooManyExemptOrReduced: 'Exempt and reduced guests are more than the guests of the stay',
        invoiceIdentifier: 'Enter the tax code or the VAT number',
      },
    },
  },
  // From filings.en.ts.
  {
    filings: {
      validation: {
        dateInYear: "The date must fall in the period's year",
        dateToBeforeFrom: 'The end cannot be before the start',
        deadlineBeforeEnd: 'The deadline cannot be before the end of the period',
        wholeNotNegative: 'A whole number, not negative',
        totalIsPaidPlusUnpaid: 'Must equal paid by guests + not collected',
        totalIsTariffMinusReduction: 'Must equal gross tax − reductions',
        rejectedNotMoreThanStays: 'Cannot be more than the stays',
        unpaidNeedsRejected: 'The amount not collected and the stays not paid go together',
        nightPerStay: 'Every stay has at least one night',
        noGuestsNoTax: 'A period without guests has no stays and no tax',
        tooLong: 'Text too long',
        date: 'Not a valid date',
      },
    },
  },
];
