/**
 * CIG (Codice Identificativo Gara, ANAC) and CUP (Codice Unico di Progetto, DIPE).
 *
 * A check ends in one of three verdicts:
 * - valid: the code is well formed and its check characters (where published) match;
 * - doubtful: well formed, but a rule that is only inferred or customary does not hold. The code is
 *   accepted and the caller shows a warning;
 * - invalid: malformed, or a published check fails. The caller refuses it.
 *
 * Classic and smart CIGs carry published check characters (AGID PEPPOL schematron, rules
 * INT-T01-R037a-e). The CIGs issued by the PCP since 2024 fit a rule inferred from real codes, never
 * published, so a mismatch there is only doubtful. No check algorithm is published for the CUP: the
 * length and characters are enforced, the customary pattern only warns.
 */

export type TCodeVerdict = 'valid' | 'doubtful' | 'invalid';
export type TCigKind = 'classic' | 'smart' | 'pcp';

/** Why a code is not plainly valid; the web translates `validation.procurementCode.<reason>`. */
export type TCodeReason = 'length' | 'charset' | 'zeroProgressive' | 'checkMismatch' | 'unusualPattern';
export type TCigCheck = { verdict: TCodeVerdict; kind: TCigKind | null; normalized: string; reason: TCodeReason | null; message: string | null };
export type TCupCheck = { verdict: TCodeVerdict; normalized: string; reason: TCodeReason | null; message: string | null };

/** Upper case, no spaces: CIGs and CUPs are often pasted with spaces or typed in lower case. */
export function normalizeProcurementCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const hex = (s: string) => Number.parseInt(s, 16);

export function checkCig(value: string): TCigCheck {
  const normalized = normalizeProcurementCode(value);
  const result = (verdict: TCodeVerdict, kind: TCigKind | null, reason: TCodeReason | null, message: string | null): TCigCheck => ({ verdict, kind, normalized, reason, message });
  if (normalized.length !== 10) return result('invalid', null, 'length', 'a CIG has 10 characters');

  // Classic: 7 digits, then (N x 211) mod 4091 as three hex digits.
  if (/^[0-9]{7}[0-9A-F]{3}$/.test(normalized)) {
    const n = Number(normalized.slice(0, 7));
    if (n === 0) return result('invalid', 'classic', 'zeroProgressive', 'not a valid CIG: the progressive number is zero');
    if (hex(normalized.slice(7)) !== (n * 211) % 4091) return result('invalid', 'classic', 'checkMismatch', 'not a valid CIG: the check characters do not match');
    return result('valid', 'classic', null, null);
  }

  // Smart CIG: X, Y or Z, two hex check characters, then seven hex characters C; check = (C x 211) mod 251.
  if (/^[XYZ][0-9A-F]{9}$/.test(normalized)) {
    const c = hex(normalized.slice(3));
    if (c === 0) return result('invalid', 'smart', 'zeroProgressive', 'not a valid smart CIG: the progressive number is zero');
    if (hex(normalized.slice(1, 3)) !== (c * 211) % 251) return result('invalid', 'smart', 'checkMismatch', 'not a valid smart CIG: the check characters do not match');
    return result('valid', 'smart', null, null);
  }

  // PCP (since 2024): a letter, six hex characters H, three hex check characters; the inferred check is
  // ((H + letter number, A = 1) x 211) mod 4091.
  if (/^[A-W][0-9A-F]{9}$/.test(normalized)) {
    const letter = normalized.charCodeAt(0) - 64;
    const expected = ((hex(normalized.slice(1, 7)) + letter) * 211) % 4091;
    if (hex(normalized.slice(7)) !== expected) {
      return result('doubtful', 'pcp', 'checkMismatch', 'PCP CIG whose check characters do not fit the known rule: check the code');
    }
    return result('valid', 'pcp', null, null);
  }

  return result('invalid', null, 'charset', 'not a valid CIG: 7 digits and 3 characters 0-9 A-F, or a smart (X, Y, Z) or PCP CIG');
}

export function checkCup(value: string): TCupCheck {
  const normalized = normalizeProcurementCode(value);
  if (normalized.length !== 15) return { verdict: 'invalid', normalized, reason: 'length', message: 'a CUP has 15 characters' };
  if (!/^[A-Z0-9]{15}$/.test(normalized)) return { verdict: 'invalid', normalized, reason: 'charset', message: 'a CUP has only letters and digits' };
  // Customary shape: a letter, two digits, a letter, eleven digits (e.g. J87G22000360002).
  if (!/^[A-Z][0-9]{2}[A-Z][0-9]{11}$/.test(normalized)) {
    return { verdict: 'doubtful', normalized, reason: 'unusualPattern', message: 'unusual CUP (usually a letter, two digits, a letter and eleven digits): check the code' };
  }
  return { verdict: 'valid', normalized, reason: null, message: null };
}

/** Classic CIG from a 7-digit progressive number (demo data and tests). */
export function classicCigOf(progressive: number): string {
  if (!Number.isInteger(progressive) || progressive < 1 || progressive > 9_999_999) throw new RangeError('progressive must be 1..9999999');
  return String(progressive).padStart(7, '0') + ((progressive * 211) % 4091).toString(16).toUpperCase().padStart(3, '0');
}
