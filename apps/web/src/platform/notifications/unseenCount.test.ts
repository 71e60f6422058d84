import { describe, expect, it } from 'vitest';
import { nextUnseenCount } from './unseenCount';

const notification = (hasBeenSeen: boolean) => ({ _id: 'n', createdAt: '2024-01-01T00:00:00.000Z', title: 't', hasBeenSeen });

describe('unseen notification count', () => {
  it('rises by one on a new unseen notification and not on a seen one', () => {
    expect(nextUnseenCount(2, { type: 'received', notification: notification(false) })).toBe(3);
    expect(nextUnseenCount(2, { type: 'received', notification: notification(true) })).toBe(2);
  });
  it('trusts the count sent by the server', () => {
    expect(nextUnseenCount(2, { type: 'received', notification: notification(false), count: 7 })).toBe(7);
  });
  it('falls by one, never below zero, and goes to 0 on read all', () => {
    expect(nextUnseenCount(3, { type: 'markedOneRead' })).toBe(2);
    expect(nextUnseenCount(0, { type: 'markedOneRead' })).toBe(0);
    expect(nextUnseenCount(9, { type: 'markedAllRead' })).toBe(0);
  });
});
