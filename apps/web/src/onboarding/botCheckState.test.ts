import { describe, expect, it } from 'vitest';
import { botCheckMissing, botCheckNeeded, botCheckReducer, initialBotCheckState, type TBotCheckAction } from './botCheckState';

const run = (...actions: TBotCheckAction[]) => actions.reduce(botCheckReducer, initialBotCheckState);
const required = { status: 429, body: { code: 'BOT_CHECK_REQUIRED' } };
const wrongPassword = { status: 401, body: { code: 'INVALID_CREDENTIALS' } };

describe('bot check state', () => {
  it('is not shown until the API asks for it (feature off)', () => {
    const state = run({ type: 'failed', error: wrongPassword });
    expect(botCheckNeeded(state, false)).toBe(false);
    expect(botCheckMissing(state, false)).toBe(false);
  });

  it('is shown and blocks the form after BOT_CHECK_REQUIRED until solved, and stays asked for after later failures', () => {
    const asked = run({ type: 'failed', error: required });
    expect(botCheckNeeded(asked, false)).toBe(true);
    expect(botCheckMissing(asked, false)).toBe(true);
    const solved = botCheckReducer(asked, { type: 'solved', payload: 'p1' });
    expect(solved.payload).toBe('p1');
    expect(botCheckMissing(solved, false)).toBe(false);
    // A failed attempt spends the solved check and asks for a fresh widget.
    const again = botCheckReducer(solved, { type: 'failed', error: wrongPassword });
    expect(again).toEqual({ payload: null, requested: true, attempt: 2 });
    expect(botCheckMissing(again, false)).toBe(true);
  });

  it('an unsolved widget (payload null) keeps the form blocked; reset forgets the request', () => {
    const state = run({ type: 'failed', error: required }, { type: 'solved', payload: 'p1' }, { type: 'solved', payload: null });
    expect(botCheckMissing(state, false)).toBe(true);
    expect(botCheckReducer(state, { type: 'reset' })).toEqual(initialBotCheckState);
  });

  it('is always shown when the feature requires it', () => {
    expect(botCheckMissing(initialBotCheckState, true)).toBe(true);
    expect(botCheckMissing(run({ type: 'solved', payload: 'p' }), true)).toBe(false);
  });
});
