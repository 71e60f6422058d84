import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'ra-core';
import { applyOverrides, flattenMessages } from './messages';

describe('label overrides', () => {
  const bundled = { menu: { users: 'Utenti', groups: { account: 'Account' } }, genericError: 'Errore' } as unknown as TranslationMessages & { menu: { users: string } };

  it('replaces bundled texts at the dotted key and adds new keys', () => {
    const merged = applyOverrides(bundled, [
      { key: 'menu.users', value: 'Persone' },
      { key: 'custom.hello', value: 'Ciao' },
    ]);
    expect(flattenMessages(merged)).toEqual({
      'menu.users': 'Persone',
      'menu.groups.account': 'Account',
      genericError: 'Errore',
      'custom.hello': 'Ciao',
    });
    expect(bundled.menu.users).toBe('Utenti');
  });

  it('never turns a text into a branch or a branch into a text', () => {
    const merged = applyOverrides(bundled, [
      { key: 'genericError.extra', value: 'x' },
      { key: 'menu.groups', value: 'y' },
    ]);
    expect(flattenMessages(merged)).toEqual(flattenMessages(bundled));
  });
});
