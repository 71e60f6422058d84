import { describe, expect, it } from 'vitest';
import { documentTitle } from './DocumentTitle';

describe('documentTitle', () => {
  it('puts the page before the app name, and never repeats or leaves it empty', () => {
    expect(documentTitle('Soggiorni 2025', 'Back office')).toBe('Soggiorni 2025 · Back office');
    expect(documentTitle('  Hotel   Serapo ', 'Back office')).toBe('Hotel Serapo · Back office');
    expect(documentTitle('', 'Back office')).toBe('Back office');
    expect(documentTitle(undefined, 'Back office')).toBe('Back office');
    expect(documentTitle('Back office', 'Back office')).toBe('Back office');
  });
});
