/**
 * The three signed phases of an NCA report: detection (first), analysis and plan (second),
 * execution and closure (third). Each phase has its waiting state, where its round of signatures runs.
 */
export const SIGN_PHASES = ['first', 'second', 'third'] as const;
export type TSignPhase = (typeof SIGN_PHASES)[number];

export const PHASE_NUMBER: Record<TSignPhase, 1 | 2 | 3> = { first: 1, second: 2, third: 3 };

/** The report status in which the signatures of a phase are collected. */
export const SIGNING_STATUS_OF_PHASE = { first: 'waiting_phase1_signs', second: 'waiting_phase2_signs', third: 'waiting_signs' } as const;

/** The phase whose signatures a report status collects, or null. */
export function phaseSignedIn(status: string): TSignPhase | null {
  for (const phase of SIGN_PHASES) if (SIGNING_STATUS_OF_PHASE[phase] === status) return phase;
  return null;
}
