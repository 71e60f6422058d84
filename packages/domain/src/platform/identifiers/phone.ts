/**
 * Phone numbers, Italian or international: digits and spaces, optionally one leading "+", with 6 to
 * 15 digits (15 is the E.164 maximum; 6 covers the shortest Italian landlines with prefix).
 */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidPhone(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = value.trim();
  if (!/^\+?[0-9 ]+$/.test(s)) return false;
  const digits = s.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}
