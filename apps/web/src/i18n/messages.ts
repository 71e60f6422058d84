import type { TranslationMessages } from 'ra-core';

export type TMessages = TranslationMessages;

type TTree = { [key: string]: string | TTree };

export function flattenMessages(tree: TTree | TranslationMessages, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree as TTree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value && typeof value === 'object') Object.assign(out, flattenMessages(value, path));
  }
  return out;
}

/** Labels saved by an admin (a dotted key and its text) replace the bundled value at that dotted path. */
export function applyOverrides<T extends TranslationMessages>(messages: T, entries: { key: string; value: string }[]): T {
  const root = structuredClone(messages) as unknown as TTree;
  for (const { key, value } of entries) {
    if (!key || typeof value !== 'string') continue;
    const parts = key.split('.');
    let node: TTree = root;
    let blocked = false;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined) node[part] = {};
      else if (typeof next === 'string') {
        // A label key cannot turn a text into a branch: that would drop bundled messages.
        blocked = true;
        break;
      }
      node = node[part] as TTree;
    }
    const leaf = parts[parts.length - 1];
    if (!blocked && typeof node[leaf] !== 'object') node[leaf] = value;
  }
  return root as unknown as T;
}
