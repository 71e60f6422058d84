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
