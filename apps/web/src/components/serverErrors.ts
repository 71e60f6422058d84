import { errorMessageOf, HttpError } from '../dataProvider/errors';

/*
 * The API reports field problems as `details[].message`, often in the form
 * "validation.taxCode: not a valid codice fiscale (check character)": a translation key followed by
 * an English explanation. Forms show the key's translation when we have it, else the server text.
 */

const KEYED_MESSAGE = /^((?:validation|touristTax)\.[A-Za-z0-9_.]+?)(?::\s.*)?$/;

export function fieldErrorMessage(message: string, hasKey: (key: string) => boolean): string {
  const match = KEYED_MESSAGE.exec(message.trim());
  if (match && hasKey(match[1])) return match[1];
  return message;
}

/** Form submission errors ({ path: message }) with translatable messages turned into their keys. */
export function translatableFieldErrors(errors: Record<string, unknown> | undefined | null, hasKey: (key: string) => boolean): Record<string, unknown> | undefined | null {
  if (!errors) return errors;
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    out[path] = typeof message === 'string' ? fieldErrorMessage(message, hasKey) : message;
  }
  return out;
}

/**
 * The text of a failed call in the active language: the data provider's errors carry the
 * errors.<CODE> key when we have one, else the server's message, else nothing (genericError).
 */
export function errorText(translate: (key: string, options?: object) => string, error: unknown): string {
  const message = errorMessageOf(error);
  return translate(message, { _: message, ...errorParams(error) });
}

/** The API's `params` of a failed call (the values its message carries), as translation arguments. */
export function errorParams(error: unknown): Record<string, string | number> {
  const params: unknown = error instanceof HttpError ? error.body.params : undefined;
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
}
