import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareVersions, highestVersion, isVersionString } from './compare-versions.ts';

describe('compareVersions', () => {
  it('orders numeric parts as numbers, pre-releases before releases, ignores build metadata', () => {
    const sorted = ['0.9.0', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.2', '1.9.3', '1.10.0', 'v2.0.0'];
    const shuffled = [...sorted].reverse();
    expect(shuffled.sort(compareVersions)).toEqual(sorted);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.0+abc', '1.2.0+def')).toBe(0);
    expect(compareVersions('not-a-version', '0.0.1')).toBe(-1);
  });

  it('is antisymmetric and reflexive on generated versions', () => {
    const version = fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30), fc.option(fc.constantFrom('alpha', 'beta.1', 'rc.2', '1'))).map(([a, b, c, p]) => `${a}.${b}.${c}${p ? `-${p}` : ''}`);
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(isVersionString(a)).toBe(true);
        expect(compareVersions(a, a)).toBe(0);
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a));
      }),
    );
  });

  it('picks the highest version regardless of order', () => {
    expect(highestVersion([{ version: '1.9.0' }, { version: '1.10.0' }, { version: '1.2.0' }])?.version).toBe('1.10.0');
    expect(highestVersion([])).toBeUndefined();
  });
});
