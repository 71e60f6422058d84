/**
 * Money helpers. Amounts are integer euro cents everywhere inside the domain; euros only appear at
 * the edges (forms, imports, exports).
 *
 * Rounding rule of the whole domain: `roundHalfUpToCent` is the ONLY rounding function.
 * It rounds an exact rational amount of cents (numerator / denominator) to the nearest cent, halves
 * away from zero ("arrotondamento commerciale"). Callers keep amounts exact (integers or bigint
 * fractions) and round once, so no floating-point drift can creep in.
 */

/** Rounds `numerator / denominator` cents to whole cents, half away from zero, exactly. */
export function roundHalfUpToCent(numerator: number | bigint, denominator: number | bigint = 1): number {
  const [num, den] = toFraction(numerator, denominator);
  if (den === 0n) throw new RangeError('roundHalfUpToCent: denominator is zero');
  // Normalise the sign onto the numerator so that the denominator is positive.
  const n = den < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const abs = n < 0n ? -n : n;
  const rounded = (2n * abs + d) / (2n * d); // floor(abs/d + 1/2)
  const result = n < 0n ? -rounded : rounded;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('roundHalfUpToCent: amount out of the safe integer range');
  }
  return Number(result);
}

/** Turns numbers (possibly with decimals) and bigints into an exact bigint fraction. */
function toFraction(numerator: number | bigint, denominator: number | bigint): [bigint, bigint] {
  const [n1, d1] = decimalFraction(numerator);
  const [n2, d2] = decimalFraction(denominator);
  return [n1 * d2, d1 * n2];
}

function decimalFraction(value: number | bigint): [bigint, bigint] {
  if (typeof value === 'bigint') return [value, 1n];
  if (!Number.isFinite(value)) throw new RangeError(`roundHalfUpToCent: not a finite number: ${value}`);
  if (Number.isInteger(value)) return [BigInt(value), 1n];
  // The shortest decimal that round-trips to this double is what the caller meant (0.1 + 0.2 aside).
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`roundHalfUpToCent: cannot read ${value}`);
  const [, sign, intPart, fracPart = '', exp = '0'] = match;
  let digits = BigInt(intPart + fracPart);
  let scale = fracPart.length - Number(exp);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return [sign === '-' ? -digits : digits, 10n ** BigInt(scale)];
}

/** 1234 -> 12.34 (a number, for JSON and charts; never use it for further arithmetic). */
export function centsToEuros(cents: number): number {
  assertCents(cents, 'cents');
  return cents / 100;
}

/** Euros (number) to cents, rounding half-up to the cent: 12.345 -> 1235, 1.005 -> 101. */
export function eurosToCents(euros: number): number {
  // Shift the decimal point on the decimal text, not in binary floating point (1.005 * 100 = 100.4999...).
  const [n, d] = decimalFraction(euros);
  return roundHalfUpToCent(n * 100n, d);
}

/** 1234 -> "12.34", -5 -> "-0.05": two decimals, dot separator, no grouping (for exports and inputs). */
export function formatCents(cents: number): string {
  assertCents(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 -> "1.234,56 €" for Italian display. */
export function formatEurosIt(cents: number): string {
  assertCents(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')} €`;
}

/**
 * Parses a euro amount typed by a person or read from a spreadsheet into cents, or null when it is
 * not a valid amount. Accepts numbers, "12.5", "12,50", "1.234,56", "1,234.56", "€ 12,50".
 * When both separators appear, the last one is the decimal separator; a separator repeated in
 * groups of three ("1.234.567") is grouping. "1.234" is ambiguous (1234 or 1,234?) and is refused.
 * More than two decimals are refused rather than silently rounded: an amount is money, not a rate.
 */
export function parseEuroAmount(input: unknown): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    const [n, d] = decimalFraction(input);
    if ((n * 100n) % d !== 0n) return null;
    return Number((n * 100n) / d);
  }
  if (typeof input !== 'string') return null;
  let s = input.replace(/€|eur(o)?/gi, '').replace(/[\s\u00a0']/g, '');
  if (s === '') return null;
  let sign = 1;
  if (s.startsWith('-')) {
    sign = -1;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let intPart: string;
  let fracPart = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalSep = lastDot > lastComma ? '.' : ',';
    const groupSep = decimalSep === '.' ? ',' : '.';
    const idx = s.lastIndexOf(decimalSep);
    intPart = s.slice(0, idx);
    fracPart = s.slice(idx + 1);
    if (!/^\d+$/.test(intPart) && !isGrouped(intPart, groupSep)) return null;
    intPart = intPart.split(groupSep).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    if (parts.length > 2) {
      if (!isGrouped(s, sep)) return null;
      intPart = parts.join('');
    } else {
      intPart = parts[0];
      fracPart = parts[1];
    }
  } else {
    intPart = s;
  }
  if (!/^\d+$/.test(intPart) || !/^\d{0,2}$/.test(fracPart)) return null;
  const cents = Number(intPart) * 100 + Number(fracPart.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign * cents;
}

function isGrouped(s: string, sep: string): boolean {
  const groups = s.split(sep);
  return /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** A percentage (3.5 or "3,5") to basis points (350); null when it has more than two decimals. */
export function percentToBasisPoints(input: unknown): number | null {
  // Same text rules as an amount: "3,5" % is 350 basis points exactly as 3,50 € is 350 cents.
  return parseEuroAmount(input);
}

/** 350 -> 3.5 */
export function basisPointsToPercent(basisPoints: number): number {
  assertCents(basisPoints, 'basisPoints');
  return basisPoints / 100;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}
