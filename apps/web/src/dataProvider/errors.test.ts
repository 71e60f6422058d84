import { describe, expect, it } from 'vitest';
import { errorBodyOf, errorCodeOf, errorDetailsOf, errorMessageOf, errorStatusOf, fieldErrorsOf, HttpError, toHttpError } from './errors';

describe('reading a failed call', () => {
  const failed = toHttpError(422, { code: 'IMPORT_INVALID', message: 'bad', details: [{ path: 'rows.2.name', message: 'required' }] }, () => true);

  it('reads the message, code, status, field errors and details of the data provider error', () => {
    expect(errorMessageOf(failed)).toBe('errors.IMPORT_INVALID');
    expect(errorCodeOf(failed)).toBe('IMPORT_INVALID');
    expect(errorStatusOf(failed)).toBe(422);
    expect(fieldErrorsOf(failed)).toEqual({ 'rows.2.name': 'required' });
    expect(errorDetailsOf(failed)).toEqual([{ path: 'rows.2.name', message: 'required' }]);
  });

  it('keeps the row and value of an import detail, and drops what is not a detail', () => {
    const error = new HttpError('x', 400, { details: [{ row: 3, path: 'checkIn', value: '2026-13-01', message: 'date' }, 'junk', null] });
    expect(errorDetailsOf(error)).toEqual([{ row: 3, path: 'checkIn', value: '2026-13-01', message: 'date' }]);
  });

  it('answers nothing (or genericError) for errors that carry none of it', () => {
    for (const error of [new Error(''), new TypeError('Failed to fetch'), null, undefined, 'text', { body: 'text' }]) {
      expect(errorBodyOf(error)).toEqual({});
      expect(errorCodeOf(error)).toBeUndefined();
      expect(errorStatusOf(error)).toBeUndefined();
      expect(fieldErrorsOf(error)).toBeUndefined();
      expect(errorDetailsOf(error)).toEqual([]);
    }
    expect(errorMessageOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessageOf(new Error(''))).toBe('genericError');
    expect(errorMessageOf(null)).toBe('genericError');
  });

  it('keeps only the text field errors', () => {
    expect(fieldErrorsOf(new HttpError('x', 400, { errors: { email: 'taken', count: 3 } }))).toEqual({ email: 'taken' });
  });
});
