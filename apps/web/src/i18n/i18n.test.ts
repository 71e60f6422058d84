import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { bundleFor } from './bundles.test-support';
import { flattenMessages } from './messages';
import { raItalianMessages } from './raItalian';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

const itMessages = bundleFor('it', ['touristTax', 'environmental']);
const it_ = flattenMessages(itMessages);
const en = flattenMessages(bundleFor('en', ['touristTax', 'environmental']));
const NAMESPACES = new Set(Object.keys(itMessages).filter((key) => key !== 'ra'));

/** The messages a file's screens have: the base, and its business area's when the file is in one (bundles.ts). */
const BUNDLES = {
  shared: { it: flattenMessages(bundleFor('it', [])), en: flattenMessages(bundleFor('en', [])) },
  touristTax: { it: flattenMessages(bundleFor('it', ['touristTax'])), en: flattenMessages(bundleFor('en', ['touristTax'])) },
  environmental: { it: flattenMessages(bundleFor('it', ['environmental'])), en: flattenMessages(bundleFor('en', ['environmental'])) },
};
const bundleOf = (file: string) => (file.startsWith('tourist-tax/') ? BUNDLES.touristTax : file.startsWith('environmental/') ? BUNDLES.environmental : BUNDLES.shared);

// translate('key'), t('key'), notify('key'), label="key", placeholder="key", helperText="key",
// plus any quoted literal that starts with one of our own namespaces ('users.tabs.roles').
const PATTERNS = [/\b(?:translate|t|notify)\(\s*['"`]([^'"`$]+)['"`]/g, /\b(?:label|placeholder|helperText|title|content|confirm)="([^"]+)"/g, /['"`]((?:[A-Za-z]+)(?:\.[A-Za-z0-9_/-]+)+)['"`]/g];

function keysUsedIn(text: string): string[] {
  const keys = new Set<string>();
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const candidate = match[1];
      const namespace = candidate.split('.')[0];
      if (!candidate.includes('.') && candidate !== 'genericError') continue;
      if (namespace !== 'ra' && !NAMESPACES.has(namespace) && candidate !== 'genericError') continue;
      keys.add(candidate);
    }
  }
  return [...keys];
}

describe('i18n keys', () => {
  const used = sourceFiles(SRC).flatMap((file) => keysUsedIn(readFileSync(file, 'utf8')).map((key) => ({ key, file: relative(SRC, file) })));

  it('finds keys in the code (the scanner works)', () => {
    expect(used.some(({ key }) => key === 'common.changePasswordSuccess')).toBe(true);
    expect(used.length).toBeGreaterThan(100);
  });

  it('has every key used in code in Italian and in English', () => {
    const missing = used
      .filter(({ key }) => !(key in it_) || !(key in en))
      // A key that is a branch (e.g. 'menu.groups') is not a message; only leaves are checked.
      .filter(({ key }) => !Object.keys(it_).some((known) => known.startsWith(`${key}.`)))
      .map(({ key, file }) => `${key} (${file}) missing in ${[key in it_ ? '' : 'it', key in en ? '' : 'en'].filter(Boolean).join('+')}`);
    expect(missing).toEqual([]);
  });

  it("has every key a file uses in the messages its users load: the base for shared files, the base and the file's area for an area's", () => {
    const missing = used
      .filter(({ key, file }) => !(key in bundleOf(file).it) || !(key in bundleOf(file).en))
      .filter(({ key }) => !Object.keys(it_).some((known) => known.startsWith(`${key}.`)))
      .map(({ key, file }) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has the same key set in Italian and English', () => {
    expect(Object.keys(it_).filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in it_))).toEqual([]);
  });

  it('has every react-admin key of ra-language-english in Italian', () => {
    const raEnglish = Object.keys(flattenMessages(englishMessages));
    const raItalian = flattenMessages(raItalianMessages);
    expect(raEnglish.filter((key) => !(key in raItalian))).toEqual([]);
    expect(raEnglish.filter((key) => !(key in it_))).toEqual([]);
  });

  it('has no empty message', () => {
    expect(Object.entries(it_).filter(([key, value]) => value.trim() === '' && key !== 'ra.boolean.null')).toEqual([]);
    expect(Object.entries(en).filter(([key, value]) => value.trim() === '' && key !== 'ra.boolean.null')).toEqual([]);
  });
});
