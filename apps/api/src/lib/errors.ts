/**
 * The one error type of the API. Every failure a client can cause is an AppError with a stable
 * UPPER_SNAKE `code` that the web translates (key `errors.<code>`); the HTTP status is derived
 * from the code in one place (STATUS_BY_CODE, packages/domain/src/platform/errors/error-codes.ts),
 * so a code outside that table does not compile.
 */
import { ERROR_STATUS_BY_CODE, type TErrorCode } from '@app/domain/platform/errors/error-codes';

export type TErrorDetail = { path: string; message: string; value?: unknown; row?: number; code?: string };

/**
 * The values a message carries ("2 rows not valid", "at most 20971520 bytes"), so that a client
 * writes the code's message in its own language with them; `message` stays the English sentence.
 */
export type TErrorParams = Record<string, string | number>;

/** The status of every code, from the one table shared with the web (names and HTTP status). */
export const STATUS_BY_CODE = ERROR_STATUS_BY_CODE;

export type TKnownErrorCode = TErrorCode;

type TAppErrorOptions = { details?: TErrorDetail[]; params?: TErrorParams; headers?: Record<string, string>; cause?: unknown };

export class AppError<C extends TKnownErrorCode = TKnownErrorCode> extends Error {
  readonly code: C;
  readonly statusCode: (typeof STATUS_BY_CODE)[C];
  readonly details?: TErrorDetail[];
  readonly params?: TErrorParams;
  readonly headers?: Record<string, string>;

  constructor(code: C, message: string, options: TAppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS_BY_CODE[code];
    this.details = options.details;
    this.params = options.params;
    this.headers = options.headers;
  }
}

/** `instanceof AppError` alone narrows to `AppError<any>` (a generic class): this guard keeps the code typed. */
export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const validationFailed = (details: TErrorDetail[], message = 'Some fields are not valid') => new AppError('VALIDATION_FAILED', message, { details });

export function toErrorBody(error: AppError) {
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.params ? { params: error.params } : {}),
    ...(error.details ? { details: error.details } : {}),
  };
}
