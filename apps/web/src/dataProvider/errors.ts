import { isRecord } from '@app/domain/platform/records/keys';

/**
 * An HTTP error of the API, with react-admin's HttpError shape (message, status, body with the field
 * errors): react-admin reads those fields, not the class. Our own class because the sign-in page
 * loads this module without react-admin (ra-core is one module: importing its HttpError brings it all).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(message: string, status: number, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export type TApiErrorBody = {
  statusCode?: number;
  code?: string;
  message?: string;
  /** The values the message carries (a count, a limit): arguments of the code's translation. */
  params?: Record<string, string | number>;
  details?: { path: string; message: string }[];
};

type TKeyChecker = (key: string) => boolean;
let hasTranslationKey: TKeyChecker = () => false;

/** The i18n module tells the HTTP layer which `errors.<CODE>` keys exist. */
export function configureErrorTranslation(checker: TKeyChecker): void {
  hasTranslationKey = checker;
}

/** Translation key for the code when one exists, else the server message, else `genericError`. */
export function errorMessageFor(body: TApiErrorBody | null | undefined, checker: TKeyChecker = hasTranslationKey): string {
  const code = body?.code;
  if (code && checker(`errors.${code}`)) return `errors.${code}`;
  if (body?.message && body.message.trim() !== '') return body.message;
  return 'genericError';
}

/**
 * react-admin forms show `body.errors` next to their fields; the API's details paths
 * (email, users.<row>.email) are react-hook-form paths already.
 */
export function fieldErrorsFromDetails(details: TApiErrorBody['details']): Record<string, string> | undefined {
  if (!details?.length) return undefined;
  const errors: Record<string, string> = {};
  for (const detail of details) {
    if (detail.path && !(detail.path in errors)) errors[detail.path] = detail.message;
  }
  return errors;
}

export function toHttpError(status: number, body: TApiErrorBody | null, checker: TKeyChecker = hasTranslationKey): HttpError {
  const errors = fieldErrorsFromDetails(body?.details);
  return new HttpError(errorMessageFor(body, checker), status, { ...(body ?? {}), ...(errors ? { errors } : {}) });
}

/*
 * Reading a failed call whatever threw it: the data provider's HttpError, react-admin's, or any other
 * value a promise rejected with. Each reader checks what it returns, so screens need no cast.
 */

/** The body of a failed call (HttpError.body, with `errors` per field and the API's `code`, `details`...), else an empty one. */
export function errorBodyOf(error: unknown): Record<string, unknown> {
  return isRecord(error) && isRecord(error.body) ? error.body : {};
}

/** The message of a failed call (an errors.<CODE> key, or the server's text), else `genericError`. */
export function errorMessageOf(error: unknown): string {
  const message = isRecord(error) ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : 'genericError';
}

/** The API's error code of a failed call, when it has one. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = errorBodyOf(error).code;
  return typeof code === 'string' ? code : undefined;
}

/** The HTTP status of a failed call, when it has one. */
export function errorStatusOf(error: unknown): number | undefined {
  const status = isRecord(error) ? error.status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The field errors a form shows (`body.errors`, { path: message }), when the call has any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const errors = errorBodyOf(error).errors;
  if (!isRecord(errors)) return undefined;
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** One entry of the API's `details`: the field's path, the message, and for imports the row and the value read. */
export type TErrorDetail = { path: string; message: string; row?: number; value?: unknown };

/** The API's `details` of a failed call, or none (a missing path or message reads as ''). */
export function errorDetailsOf(error: unknown): TErrorDetail[] {
  const details = errorBodyOf(error).details;
  if (!Array.isArray(details)) return [];
  return details.filter(isRecord).map((detail) => ({
    path: typeof detail.path === 'string' ? detail.path : '',
    message: typeof detail.message === 'string' ? detail.message : '',
    ...(typeof detail.row === 'number' ? { row: detail.row } : {}),
    ...('value' in detail ? { value: detail.value } : {}),
  }));
}
