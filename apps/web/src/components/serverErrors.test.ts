import { describe, expect, it } from 'vitest';
import { HttpError } from '../dataProvider/errors';
import { errorText, fieldErrorMessage, translatableFieldErrors } from './serverErrors';

const known = new Set(['validation.required', 'validation.taxCode']);
const hasKey = (key: string) => known.has(key);

describe('server field errors', () => {
  it('keeps the translation key of "key: explanation" messages we can translate', () => {
    expect(fieldErrorMessage('validation.taxCode: not a valid codice fiscale (check character)', hasKey)).toBe('validation.taxCode');
    expect(fieldErrorMessage('validation.required', hasKey)).toBe('validation.required');
  });

  it('keeps the server text when the key is unknown or there is none', () => {
    expect(fieldErrorMessage('validation.other: something', hasKey)).toBe('validation.other: something');
    expect(fieldErrorMessage('does not exist in this comune', hasKey)).toBe('does not exist in this comune');
  });

  it('maps every path of a submission error object', () => {
    expect(translatableFieldErrors({ 'guest.taxCode': 'validation.taxCode: bad', name: 'too long' }, hasKey)).toEqual({
      'guest.taxCode': 'validation.taxCode',
      name: 'too long',
    });
    expect(translatableFieldErrors(undefined, hasKey)).toBeUndefined();
  });
});

describe('server error text', () => {
  it("translates the code's message with the params the API sent", () => {
    const translate = (key: string, options?: object) => `${key} ${JSON.stringify(options)}`;
    const error = new HttpError('errors.IMPORT_INVALID', 400, { code: 'IMPORT_INVALID', params: { rows: 2 } });
    expect(errorText(translate, error)).toBe('errors.IMPORT_INVALID {"_":"errors.IMPORT_INVALID","rows":2}');
    expect(errorText(translate, new HttpError('errors.FORBIDDEN', 403, { code: 'FORBIDDEN' }))).toBe('errors.FORBIDDEN {"_":"errors.FORBIDDEN"}');
  });
});
