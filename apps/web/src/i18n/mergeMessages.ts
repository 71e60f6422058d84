import type { TranslationMessages } from 'ra-core';

export type TMessageTree = { [key: string]: string | TMessageTree };

/**
 * Adds `extra` into `target` key by key, recursing into nested groups (extra wins on a clash). Each
 * area adds its messages to several shared namespaces (resources, errors, validation) this way.
 */
export function mergeMessagesInto(target: TranslationMessages, extra: TMessageTree): void {
  const into = target as unknown as TMessageTree;
  for (const [key, value] of Object.entries(extra)) {
    const current = into[key];
    if (typeof value === 'object' && current && typeof current === 'object') mergeMessagesInto(current as unknown as TranslationMessages, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}
