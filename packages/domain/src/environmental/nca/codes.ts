/**
 * The identifiers of an NCA report: the consortium's code, given when the report opens
 * (`NCA-{lot code}-{year}-{sequence of 4}`, the sequence counted per lot and year without gaps), and
 * the client's 21-character code the consortium types in (upper-case letters and digits).
 */
export const TWENTY_ONE_CODE_PATTERN = /^[0-9A-Z]{21}$/;

export function isTwentyOneCode(value: string): boolean {
  return TWENTY_ONE_CODE_PATTERN.test(value);
}

/** Upper case, spaces and dashes dropped, so that a code pasted from a letter is accepted as typed. */
export function normalizeTwentyOneCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function ncaReportCode(lotCode: string, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`NCA sequence must be a positive integer, got ${sequence}`);
  return `NCA-${lotCode}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** A 6-digit signing code as the signer types it: digits only, spaces ignored. */
export const OTP_CODE_PATTERN = /^\d{6}$/;
export function normalizeOtpCode(value: string): string {
  return value.replace(/\s/g, '');
}

/** The rules of the signing codes (one-time codes e-mailed to the signer). */
export const OTP_RULES = {
  /** Minutes a code stays valid. */
  lifetimeMinutes: 10,
  /** Wrong tries allowed per code; the code is void after them. */
  maxFailuresPerCode: 5,
  /** Wrong tries allowed per sign request over all its codes (a resend does not reset them; an unlock does). */
  maxFailuresPerRequest: 10,
  /**
   * Wrong tries allowed per signer over all their requests in any window of `signerWindowHours`
   * (neither a resend nor an unlock resets them): the signer is locked out until the oldest of them
   * leaves the window, so an unlocked request or several pending ones give no fresh guesses.
   */
  maxFailuresPerSigner: 10,
  signerWindowHours: 24,
  /** At most one code per minute and five per hour per request. */
  resendIntervalSeconds: 60,
  maxSendsPerHour: 5,
} as const;
