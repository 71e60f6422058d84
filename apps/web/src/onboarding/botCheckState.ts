/**
 * When a form must send a solved bot check. The API asks for one with BOT_CHECK_REQUIRED after too
 * many failed attempts (sign-in, password change), even when the bot-check feature is off; each
 * solved check is accepted once, so every failed attempt discards it and a new widget follows.
 */
export type TBotCheckState = {
  /** The solved check to send as `x-altcha`, or null while unsolved. */
  payload: string | null;
  /** The API asked for a check (sticks until the form succeeds). */
  requested: boolean;
  /** Bumped on every failed attempt: the widget's key, so a fresh challenge is shown. */
  attempt: number;
};

export type TBotCheckAction = { type: 'solved'; payload: string | null } | { type: 'failed'; error: unknown } | { type: 'reset' };

export const initialBotCheckState: TBotCheckState = { payload: null, requested: false, attempt: 0 };

export const isBotCheckRequiredError = (error: unknown) => (error as { body?: { code?: string } } | null)?.body?.code === 'BOT_CHECK_REQUIRED';

export function botCheckReducer(state: TBotCheckState, action: TBotCheckAction): TBotCheckState {
  switch (action.type) {
    case 'solved':
      return { ...state, payload: action.payload };
    case 'failed':
      return { payload: null, requested: state.requested || isBotCheckRequiredError(action.error), attempt: state.attempt + 1 };
    case 'reset':
      return initialBotCheckState;
  }
}

/** Whether the widget is shown: the feature asks for it on every attempt, or the API asked for it. */
export const botCheckNeeded = (state: TBotCheckState, alwaysRequired: boolean) => alwaysRequired || state.requested;

/** Whether the form must wait for the check to be solved before it can be sent. */
export const botCheckMissing = (state: TBotCheckState, alwaysRequired: boolean) => botCheckNeeded(state, alwaysRequired) && !state.payload;
