import { ownKeys } from '../records/keys.ts';

/**
 * Every error code the API answers with, and its HTTP status. The API derives the status of an
 * error from its code here (one code, one status, everywhere); the web shows `errors.<CODE>` in
 * Italian and English for each of them. A new failure a client can cause gets its code here first.
 * Plain data with no imports, so the web can read it without pulling server code into its bundle.
 */
export const ERROR_STATUS_BY_CODE = {
  // The request itself is not acceptable.
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNKNOWN_FIELD: 400,
  INVALID_FILTER: 400,
  // A bulk request (`POST /api/{collection}/bulk`) naming an action the collection does not offer (params.allowed lists them),
  // or whose filter matches more rows than one request may touch (params.max).
  UNKNOWN_BULK_ACTION: 400,
  BULK_SELECTION_TOO_LARGE: 400,
  PASSWORD_POLICY: 400,
  TOKEN_INVALID: 400,
  BOT_CHECK_FAILED: 400,
  // A file that cannot be imported (stays, price lists): nothing is imported, the details name the rows.
  IMPORT_INVALID: 400,
  IMPORT_UNREADABLE: 400,
  // A file that would expand beyond what an import may hold (columns, rows, shared strings, part size).
  IMPORT_TOO_LARGE: 400,
  // An invitation link nobody issued.
  INVITE_TOKEN_INVALID: 400,
  // Tourist-tax rule errors about the caller's input (the stay, its guests, its amounts).
  INVALID_DATES: 400,
  INVALID_COMPONENTS: 400,
  INVALID_COUNT: 400,
  TOO_MANY_EXEMPT_OR_REDUCED: 400,
  UNKNOWN_REDUCTION: 400,
  UNKNOWN_EXEMPTION: 400,
  MISSING_ACCOMMODATION_AMOUNT: 400,
  INVALID_ACCOMMODATION_AMOUNT: 400,
  // NCA signatures: a wrong one-time code (the details say how many tries are left).
  OTP_INVALID: 400,

  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,

  ACCOUNT_DISABLED: 403,
  FORBIDDEN: 403,
  CANNOT_IMPERSONATE_ADMIN: 403,
  SOCIAL_LOGIN_DISABLED: 403,
  // Signing (or asking for a signing code) while an administrator impersonates the signer.
  IMPERSONATION_FORBIDDEN: 403,

  NOT_FOUND: 404,
  // A business area (tourist tax, environmental compliance) switched off in this deployment: its
  // routes answer as if they did not exist, whoever asks.
  AREA_DISABLED: 404,

  // The request is fine but the saved data do not allow it.
  CONFLICT: 409,
  STALE_WRITE: 409,
  /** A report cannot close (or ask for closing signatures) while any of its corrective actions is not closed. */
  ACTIONS_STILL_OPEN: 409,
  /** Phase 1 of a report whose severity needs immediate containment is not signed (nor forced) until one is recorded. */
  CONTAINMENT_REQUIRED: 409,
  DUPLICATE: 409,
  CANNOT_DELETE_YOURSELF: 409,
  SETTING_IN_USE: 409,
  EMAIL_TAKEN: 409,
  INVALID_TRANSITION: 409,
  IN_USE: 409,
  CITY_IN_USE: 409,
  /** A pagoPA notice for a declaration with nothing to pay. */
  PAGOPA_NOTHING_DUE: 409,
  /** The comune lacks its tax code and/or segregation code (params.missing names them). */
  PAGOPA_NOT_CONFIGURED: 409,
  /** The comune's segregation code cannot change once notices were issued with it. */
  PAGOPA_SEGREGATION_CODE_LOCKED: 409,
  STRUCTURE_HAS_STAYS: 409,
  RULE_IN_USE: 409,
  TARIFF_CONFLICT: 409,
  REDUCTION_CONFLICT: 409,
  STAY_DECLARED: 409,
  DECLARATION_LOCKED: 409,
  PERIOD_OVERLAP: 409,
  TEMPLATE_IN_USE: 409,
  NOT_SUBMITTED: 409,
  MODELLO21_NOT_RECONCILED: 409,
  MODELLO21_LOCKED: 409,
  // A waste form that fails RENTRI's checks cannot be approved; an approved one cannot change.
  FORM_CHECKS_FAILED: 409,
  FORM_LOCKED: 409,
  // A restore of a past version whose editable fields are all as they are now (GET .../history).
  NOTHING_TO_RESTORE: 409,
  // A form RENTRI would refuse for lack of a field it requires (listed in the details).
  FORM_RENTRI_INCOMPLETE: 409,
  // An invitation link already used to accept.
  INVITE_TOKEN_USED: 409,
  // NCA reports and corrective actions: phase 2 left before every action is confirmed; an action
  // confirmed (or a report sent for validation) before its required documents are uploaded; a second
  // signature of the same user in the same phase and round.
  ACTIONS_NOT_CONFIRMED: 409,
  REQUIRED_DOCUMENTS_MISSING: 409,
  DUPLICATE_SIGNATURE: 409,
  // A signing code past its 10 minutes, already used, or voided by a newer one; the signed phase
  // changed since the code was sent.
  OTP_EXPIRED: 409,
  OTP_USED: 409,
  SNAPSHOT_CHANGED: 409,
  // The signer has not accepted the current version of the signing terms (FEA): they read and accept them once, then sign.
  SIGNING_TERMS_NOT_ACCEPTED: 409,
  // A reminder for a sign request that waits for no signature (signed, refused, suspended, or of a round or phase no longer open).
  SIGN_REQUEST_NOT_PENDING: 409,

  // An invitation link that is gone: replaced by a newer one, withdrawn, or past its 7 days.
  INVITE_TOKEN_SUPERSEDED: 410,
  INVITE_TOKEN_REVOKED: 410,
  INVITE_TOKEN_EXPIRED: 410,

  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,

  // The comune's saved tax rules do not price a night (or price it twice, or are malformed): the
  // request is well-formed, the rules are missing or wrong.
  NO_TARIFF_FOR_NIGHT: 422,
  AMBIGUOUS_TARIFF: 422,
  INVALID_RULE: 422,
  // A signed file (.p7m) whose integrity or signature fails, or that is not signed data at all; the message says why.
  SIGNATURE_INVALID: 422,
  // A document (a PDF to render, a signed file to verify, a spreadsheet to read) that would take more time or
  // memory than any honest one: its job was ended and nothing was saved.
  DOCUMENT_TOO_COMPLEX: 422,
  // The questura's file of a day cannot be written: guests lack what the record needs (details name each stay, guest and field).
  ALLOGGIATI_INCOMPLETE: 422,

  RATE_LIMITED: 429,
  // The signer was reminded of this request less than an hour ago (params.nextAt: when the next reminder may go).
  REMINDER_TOO_SOON: 429,
  // Too many wrong signing codes (5 per code, 10 per sign request): the consortium resets the request.
  OTP_LOCKED: 429,
  // Too many failed sign-ins on the account or from the address: the next attempt needs a solved bot check.
  BOT_CHECK_REQUIRED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503>;

export type TErrorCode = keyof typeof ERROR_STATUS_BY_CODE;
export type TErrorStatus = (typeof ERROR_STATUS_BY_CODE)[TErrorCode];

export const ERROR_CODES: TErrorCode[] = ownKeys(ERROR_STATUS_BY_CODE);

export function isErrorCode(code: string): code is TErrorCode {
  return Object.hasOwn(ERROR_STATUS_BY_CODE, code);
}
