import { useCallback, useMemo, useReducer } from 'react';
import { BotCheck } from './BotCheck';
import { botCheckMissing, botCheckNeeded, botCheckReducer, initialBotCheckState } from './botCheckState';

/**
 * The bot check of a form that the API may ask for (429 BOT_CHECK_REQUIRED): render `widget`, send
 * `payload` as `x-altcha`, call `failed(error)` after each failed attempt and `reset()` after success.
 * `alwaysRequired` shows it from the start (a feature switch such as botCheckOnLogin).
 */
export function useBotCheck(alwaysRequired = false) {
  const [state, dispatch] = useReducer(botCheckReducer, initialBotCheckState);
  const solved = useCallback((payload: string | null) => dispatch({ type: 'solved', payload }), []);
  const failed = useCallback((error: unknown) => dispatch({ type: 'failed', error }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  const needed = botCheckNeeded(state, alwaysRequired);
  const widget = useMemo(() => (needed ? <BotCheck key={state.attempt} onChange={solved} /> : null), [needed, state.attempt, solved]);
  return { payload: state.payload, missing: botCheckMissing(state, alwaysRequired), widget, failed, reset };
}
