import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/domain/platform/errors/error-codes';
import { enMessages } from './en';
import { itMessages } from './it';
import { flattenMessages } from './messages';

const it_ = flattenMessages(itMessages);
const en = flattenMessages(enMessages);

describe('error messages', () => {
  it('reads the table of the codes the API answers with', () => {
    expect(ERROR_CODES).toContain('VALIDATION_FAILED');
    expect(ERROR_CODES).toContain('TARIFF_CONFLICT');
  });

  it('has a message for every error code of the API in Italian and in English', () => {
    expect(ERROR_CODES.filter((code) => !it_[`errors.${code}`]?.trim()).map((code) => `${code} missing in it`)).toEqual([]);
    expect(ERROR_CODES.filter((code) => !en[`errors.${code}`]?.trim()).map((code) => `${code} missing in en`)).toEqual([]);
  });
});
