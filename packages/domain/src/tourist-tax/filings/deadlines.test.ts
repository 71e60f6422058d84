import { describe, expect, it } from 'vitest';
import { deadlineState, italianDateOf, italianHourOf, modello21Deadline, reminderFor, wasSubmittedLate } from './deadlines.ts';

const period = { submitBy: '2025-04-30', payBy: '2025-05-15', paymentDate: null, toPayAmountCents: 1000 };

describe('reminderFor', () => {
  it('reminds a draft within the window, then as late', () => {
    expect(reminderFor({ ...period, status: 'draft' }, '2025-04-22', 7)).toBeNull(); // 8 days ahead
    expect(reminderFor({ ...period, status: 'draft' }, '2025-04-23', 7)).toEqual({ kind: 'submit_due', dueDate: '2025-04-30' });
    expect(reminderFor({ ...period, status: null }, '2025-04-30', 7)).toEqual({ kind: 'submit_due', dueDate: '2025-04-30' });
    expect(reminderFor({ ...period, status: 'returned' }, '2025-05-01', 7)).toEqual({ kind: 'submit_late', dueDate: '2025-04-30' });
  });
  it('reminds the payment of a submitted declaration with tax to pay', () => {
    expect(reminderFor({ ...period, status: 'submitted' }, '2025-05-08', 7)).toEqual({ kind: 'pay_due', dueDate: '2025-05-15' });
    expect(reminderFor({ ...period, status: 'validated' }, '2025-05-16', 7)).toEqual({ kind: 'pay_late', dueDate: '2025-05-15' });
    expect(reminderFor({ ...period, status: 'submitted', paymentDate: '2025-05-02' }, '2025-05-16', 7)).toBeNull();
    expect(reminderFor({ ...period, status: 'submitted', toPayAmountCents: 0 }, '2025-05-16', 7)).toBeNull();
    expect(reminderFor({ ...period, status: 'submitted' }, '2025-05-07', 7)).toBeNull();
  });
});

describe('deadlineState', () => {
  it('marks overdue submission and payment', () => {
    expect(deadlineState({ ...period, status: 'draft' }, '2025-05-01')).toMatchObject({ submitOverdue: true, paymentOverdue: false, daysToSubmitBy: -1 });
    expect(deadlineState({ ...period, status: 'submitted' }, '2025-05-16')).toMatchObject({ submitOverdue: false, paymentOverdue: true, daysToPayBy: -1 });
    expect(deadlineState({ ...period, status: 'submitted' }, '2025-05-15')).toMatchObject({ paymentOverdue: false, daysToPayBy: 0 });
  });
});

describe('dates', () => {
  it('Modello 21 is due on 30 January of the next year', () => {
    expect(modello21Deadline(2025)).toBe('2026-01-30');
  });
  it('reads the Italian calendar date and hour of an instant', () => {
    expect(italianDateOf(new Date('2025-03-31T22:30:00Z'))).toBe('2025-04-01'); // CEST, UTC+2
    expect(italianDateOf(new Date('2025-01-31T22:30:00Z'))).toBe('2025-01-31'); // CET, UTC+1
    expect(italianHourOf(new Date('2025-01-31T22:30:00Z'))).toBe(23);
  });
});

describe('wasSubmittedLate', () => {
  it('compares the Italian day of the submission with the deadline, and keeps the mark once submitted', () => {
    expect(wasSubmittedLate({ submittedAt: null, submitBy: '2025-04-30' })).toBe(false);
    expect(wasSubmittedLate({ submittedAt: '2025-04-30T21:59:00.000Z', submitBy: '2025-04-30' })).toBe(false);
    // 22:30 UTC on 30 April is already 1 May in Rome (summer time).
    expect(wasSubmittedLate({ submittedAt: '2025-04-30T22:30:00.000Z', submitBy: '2025-04-30' })).toBe(true);
    expect(wasSubmittedLate({ submittedAt: new Date('2025-06-10T08:00:00Z'), submitBy: '2025-04-30' })).toBe(true);
  });
});
