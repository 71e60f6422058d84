/**
 * CIN, codice identificativo nazionale of a tourist structure (DL 145/2023): "IT" + ISTAT province (3)
 * + ISTAT comune (3) + structure class code (2) + up to 8 letters or digits, e.g. IT058091C27G5FFZDZ.
 * No checksum is published, so the check is the shape plus, when the structure's comune is known, a
 * warning (not an error) if the embedded comune code differs: the CIN may be right and our comune data
 * wrong, so a person decides.
 */

const CIN = /^IT\d{6}[A-Z0-9]{2}[A-Z0-9]{1,8}$/;

export type TCinCheck = { valid: boolean; warning?: 'CIN_COMUNE_MISMATCH' };

/** Removes spaces and upper-cases. */
export function normalizeCin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * @param comuneIstatCode the structure comune's 6-digit ISTAT code (province 3 + comune 3, e.g. 058091
 *   for Roma); ignored when it is not 6 digits.
 */
export function checkCin(cin: unknown, comuneIstatCode?: string | null): TCinCheck {
  if (typeof cin !== 'string') return { valid: false };
  const s = normalizeCin(cin);
  if (!CIN.test(s)) return { valid: false };
  if (typeof comuneIstatCode === 'string' && /^\d{6}$/.test(comuneIstatCode.trim()) && s.slice(2, 8) !== comuneIstatCode.trim()) {
    return { valid: true, warning: 'CIN_COMUNE_MISMATCH' };
  }
  return { valid: true };
}

/** The 6-digit ISTAT comune code embedded in a well-formed CIN, or null. */
export function cinComuneIstatCode(cin: string): string | null {
  const s = normalizeCin(cin);
  return CIN.test(s) ? s.slice(2, 8) : null;
}
