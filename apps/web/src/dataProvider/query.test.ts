import { describe, expect, it } from 'vitest';
import { changedFields, collectionFor, filtersToQuery, fromApi, paginationToQuery, sortToQuery, toApi } from './query';
import { errorMessageFor, fieldErrorsFromDetails } from './errors';

describe('collection contract mapping', () => {
  it('turns filters into q, field, field[in] and operator params', () => {
    expect(filtersToQuery({ q: 'ros', role: ['admin', 'city'], isEnabled: false, createdAt_gte: '2024-01-01', empty: '', none: undefined, id: ['a'] })).toEqual({
      q: 'ros',
      'role[in]': 'admin,city',
      isEnabled: 'false',
      'createdAt[gte]': '2024-01-01',
      '_id[in]': 'a',
    });
  });

  it('drops empty arrays', () => {
    expect(filtersToQuery({ role: [] })).toEqual({});
  });

  it('sorts descending with a leading minus and maps id to _id', () => {
    expect(sortToQuery({ field: 'createdAt', order: 'DESC' })).toBe('-createdAt');
    expect(sortToQuery({ field: 'id', order: 'ASC' })).toBe('_id');
  });

  it('turns page/perPage into limit/skip', () => {
    expect(paginationToQuery({ page: 3, perPage: 25 })).toEqual({ limit: 25, skip: 50 });
    expect(paginationToQuery({ page: 1, perPage: 10 })).toEqual({ limit: 10, skip: 0 });
  });

  it('maps _id to id and back', () => {
    expect(fromApi({ _id: 'u1', name: 'A' })).toEqual({ _id: 'u1', id: 'u1', name: 'A' });
    expect(toApi({ id: 'u1', _id: 'u1', name: 'A', createdAt: 'x' })).toEqual({ name: 'A' });
  });

  it('sends only changed fields plus the edited updatedAt', () => {
    const previous = { id: '1', _id: '1', name: 'A', surname: 'B', tags: ['x'], updatedAt: '2024-01-01T00:00:00.000Z' };
    const edited = { ...previous, surname: 'C', tags: ['x'] };
    expect(changedFields(edited, previous)).toEqual({ surname: 'C', updatedAt: '2024-01-01T00:00:00.000Z' });
  });

  it('maps route-named resources to their API collection', () => {
    expect(collectionFor('management/settings')).toBe('settings');
    expect(collectionFor('users')).toBe('users');
  });
});

describe('API error messages', () => {
  const known = (key: string) => key === 'errors.CONFLICT';
  it('uses errors.<code> when the key exists', () => {
    expect(errorMessageFor({ code: 'CONFLICT', message: 'dup' }, known)).toBe('errors.CONFLICT');
  });
  it('falls back to the server message, then genericError', () => {
    expect(errorMessageFor({ code: 'WHATEVER', message: 'Server says no' }, known)).toBe('Server says no');
    expect(errorMessageFor({ code: 'WHATEVER' }, known)).toBe('genericError');
    expect(errorMessageFor(null, known)).toBe('genericError');
  });
  it('turns details into form field errors, first message per path', () => {
    expect(
      fieldErrorsFromDetails([
        { path: 'users.2.email', message: 'bad' },
        { path: 'users.2.email', message: 'second' },
        { path: 'name', message: 'req' },
      ]),
    ).toEqual({ 'users.2.email': 'bad', name: 'req' });
  });
});
