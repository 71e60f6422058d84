/**
 * The one error type of the API. Every failure a client can cause is an AppError with a stable
 * UPPER_SNAKE `code` that the web translates (key `errors.<code>`); the HTTP status is derived
 * from the code in one place (STATUS_BY_CODE) unless a caller has a reason to override it.
 */
export type TErrorDetail = { path: string; message: string; value?: unknown; row?: number };

const STATUS_BY_CODE = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNKNOWN_FIELD: 400,
  INVALID_FILTER: 400,
  PASSWORD_POLICY: 400,
  TOKEN_INVALID: 400,
  BOT_CHECK_FAILED: 400,
  SOCIAL_LOGIN_DISABLED: 403,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  ACCOUNT_DISABLED: 403,
  FORBIDDEN: 403,
  CANNOT_IMPERSONATE_ADMIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_WRITE: 409,
  DUPLICATE: 409,
  CANNOT_DELETE_YOURSELF: 409,
  SETTING_IN_USE: 409,
  EMAIL_TAKEN: 409,
  INVALID_TRANSITION: 409,
  DECLARATION_LOCKED: 409,
  PERIOD_OVERLAP: 409,
  TEMPLATE_IN_USE: 409,
  MODELLO21_NOT_RECONCILED: 409,
  MODELLO21_LOCKED: 409,
  NOT_SUBMITTED: 409,
  STAY_DECLARED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  RATE_LIMITED: 429,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type TKnownErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly details?: TErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    code: TKnownErrorCode | (string & {}),
    message: string,
    options: { statusCode?: number; details?: TErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = options.statusCode ?? (STATUS_BY_CODE as Record<string, number>)[code] ?? 400;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const validationFailed = (details: TErrorDetail[], message = 'Some fields are not valid') =>
  new AppError('VALIDATION_FAILED', message, { details });

export function toErrorBody(error: AppError) {
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
}
