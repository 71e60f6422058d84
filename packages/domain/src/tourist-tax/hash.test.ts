import { describe, expect, it } from 'vitest';
import { fnv1a64Hex } from './hash.ts';

describe('fnv1a64Hex', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64Hex('')).toBe('cbf29ce484222325');
    expect(fnv1a64Hex('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Hex('foobar')).toBe('85944171f73967e8');
  });
  it('hashes UTF-8 bytes', () => {
    expect(fnv1a64Hex('è')).not.toBe(fnv1a64Hex('e'));
    expect(fnv1a64Hex('è')).toHaveLength(16);
  });
});
