import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';
import { isValidPhone, normalizePhone } from './phone.ts';

describe('isValidEmail', () => {
  it.each(['mario.rossi@comune.roma.it', 'a+tag@example.co', " o'brien@example.ie ", 'x@sub-domain.example.org'])('accepts %s', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each([
    'mario.rossi',
    '@example.com',
    'mario@',
    'mario@localhost',
    'mario@example.c',
    'mario..rossi@example.com',
    '.mario@example.com',
    'mario rossi@example.com',
    'mario@exa_mple.com',
    'mario@-example.com',
    'mario@example.123',
    `${'a'.repeat(65)}@example.com`,
    42,
  ])('refuses %s', (v) => {
    expect(isValidEmail(v)).toBe(false);
  });
});

describe('isValidPhone', () => {
  it.each(['+39 06 1234 5678', '0612345678', '347 1234567', '+1 212 555 0100', '123456'])('accepts %s', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });
  it.each(['12345', '+39 06 1234 5678 9012', '06-1234567', '06 1234+567', '++39061234567', 'tel 0612345678', '', null])('refuses %s', (v) => {
    expect(isValidPhone(v)).toBe(false);
  });
  it('normalises by removing spaces', () => {
    expect(normalizePhone('+39 06 1234 5678')).toBe('+390612345678');
  });
});
