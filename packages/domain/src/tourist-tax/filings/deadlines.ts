/**
 * Deadlines of a declaration period and the reminders they call for. Dates are 'YYYY-MM-DD'; `today`
 * is the comune's calendar date (Europe/Rome), not an instant.
 */
import { addDays, daysBetween } from '../dates.ts';
import { italianDateOf } from '../../platform/time/index.ts';
import type { TDeclarationStatus } from './declaration-flow.ts';

export type TDeadlineState = {
  /** Not submitted (draft, returned or missing) after submitBy. */
  submitOverdue: boolean;
  /** Submitted with something to pay, not paid after payBy. */
  paymentOverdue: boolean;
  daysToSubmitBy: number;
  daysToPayBy: number;
};

export type TDeclarationDeadlineInput = {
  status: TDeclarationStatus | null;
  submitBy: string;
  payBy: string;
  paymentDate: string | null;
  /** What the hotelier must pay the comune (the tax collected from guests). */
  toPayAmountCents: number;
};

export function isSubmitted(status: TDeclarationStatus | null): boolean {
  return status === 'submitted' || status === 'validated';
}

export function deadlineState(input: TDeclarationDeadlineInput, today: string): TDeadlineState {
  const submitted = isSubmitted(input.status);
  return {
    submitOverdue: !submitted && today > input.submitBy,
    paymentOverdue: needsPayment(input) && today > input.payBy,
    daysToSubmitBy: daysBetween(today, input.submitBy),
    daysToPayBy: daysBetween(today, input.payBy),
  };
}

/**
 * Submitted after its deadline: the mark stays once the declaration is sent (the comune still sees it
 * came late). `submittedAt` is the instant; the comune's calendar day of it is compared.
 */
export function wasSubmittedLate(input: { submittedAt: Date | string | null; submitBy: string }): boolean {
  if (!input.submittedAt) return false;
  return italianDateOf(new Date(input.submittedAt)) > input.submitBy;
}

/** A payment is owed for a submitted declaration with tax collected and no payment recorded. */
export function needsPayment(input: TDeclarationDeadlineInput): boolean {
  return isSubmitted(input.status) && input.paymentDate === null && input.toPayAmountCents > 0;
}

export type TReminderKind = 'submit_due' | 'submit_late' | 'pay_due' | 'pay_late';

/**
 * The reminder a structure's period calls for today, if any: the deadline is within `daysAhead` days
 * (due) or already past (late). The deadline is part of the reminder's identity, so each kind is
 * sent once per deadline (a moved deadline earns a new reminder).
 */
export function reminderFor(input: TDeclarationDeadlineInput, today: string, daysAhead: number): { kind: TReminderKind; dueDate: string } | null {
  if (!isSubmitted(input.status)) {
    const days = daysBetween(today, input.submitBy);
    if (days < 0) return { kind: 'submit_late', dueDate: input.submitBy };
    if (days <= daysAhead) return { kind: 'submit_due', dueDate: input.submitBy };
    return null;
  }
  if (!needsPayment(input)) return null;
  const days = daysBetween(today, input.payBy);
  if (days < 0) return { kind: 'pay_late', dueDate: input.payBy };
  if (days <= daysAhead) return { kind: 'pay_due', dueDate: input.payBy };
  return null;
}

/** Periods worth reminding about: those whose submission deadline is not further than `daysAhead`. */
export function reminderWindowEnd(today: string, daysAhead: number): string {
  return addDays(today, daysAhead);
}

/** Modello 21 of `year` is due on 30 January of the following year. */
export function modello21Deadline(year: number): string {
  return `${year + 1}-01-30`;
}

/** Italy's calendar date and hour of an instant live in the platform (the job runner needs them too). */
export { italianDateOf, italianHourOf } from '../../platform/time/index.ts';
