/**
 * Pragmatic e-mail check for forms: one "@", a local part of the usual atom characters without
 * leading, trailing or doubled dots, and a domain of at least two labels ending in 2+ letters.
 * Quoted local parts and IP-literal domains are valid in RFC 5322 but refused here: nobody registers
 * with them, and letting them through only breaks the mailer later.
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function normalizeEmail(value: string): string {
  return value.trim();
}

export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = normalizeEmail(value);
  if (s.length > 254) return false;
  const at = s.lastIndexOf('@');
  if (at < 1) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1]);
}
