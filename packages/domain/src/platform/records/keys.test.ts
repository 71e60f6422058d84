import { describe, expect, it } from 'vitest';
import { cellValue } from './cell-value.ts';
import { isOneOf, isOwnKey, isRecord, ownKeys, ownValue } from './keys.ts';

const TABLE = { admin: 1, city: 2 } as const;

describe('narrowing to a constant table', () => {
  it('takes own keys only, never an inherited property or a missing value', () => {
    expect(isOwnKey(TABLE, 'admin')).toBe(true);
    expect(isOwnKey(TABLE, 'toString')).toBe(false);
    expect(isOwnKey(TABLE, null)).toBe(false);
    expect(ownValue(TABLE, 'city')).toBe(2);
    expect(ownValue(TABLE, 'constructor')).toBeUndefined();
    expect(ownValue(TABLE, undefined)).toBeUndefined();
    expect(ownKeys(TABLE)).toEqual(['admin', 'city']);
  });

  it('checks list membership and objects at run time', () => {
    expect(isOneOf(['a', 'b'] as const, 'b')).toBe(true);
    expect(isOneOf(['a', 'b'] as const, 'c')).toBe(false);
    expect(isOneOf([1, 2] as const, '1')).toBe(false);
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});

describe('cellValue', () => {
  it('unwraps formula results, rich text and hyperlinks, and leaves plain values and dates alone', () => {
    expect(cellValue({ formula: 'A1+1', result: { richText: [{ text: 'a' }, { text: 'b' }] } })).toBe('ab');
    expect(cellValue({ text: 'link', hyperlink: 'https://example.org' })).toBe('link');
    expect(cellValue(12.5)).toBe(12.5);
    const date = new Date('2026-01-02T00:00:00Z');
    expect(cellValue(date)).toBe(date);
    expect(cellValue({ richText: [{ text: 'a' }, null] })).toBe('a');
  });
});
