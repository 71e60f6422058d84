import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/domain/platform/errors/error-codes';
import { bundleFor } from './bundles.test-support';
import { flattenMessages } from './messages';

// The base bundle alone: every role's messages hold every error text (the bulk actions' report shows any code).
const it_ = flattenMessages(bundleFor('it', []));
const en = flattenMessages(bundleFor('en', []));

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
