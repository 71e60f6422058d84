/**
 * How much longer than on a quiet laptop a step may take. CI shares its two cores with other jobs
 * (load averages of 7 to 10 next to our own 0.6 cores of work): there pages took more than the
 * 10 s a quiet run needs at most, and tests failed on waiting alone. E2E_TIME_SCALE overrides it.
 */
const fromEnv = Number(process.env.E2E_TIME_SCALE);
export const TIME_SCALE = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : process.env.CI ? 2 : 1;

/** A time limit in milliseconds, stretched by TIME_SCALE. */
export const scaled = (ms: number) => Math.round(ms * TIME_SCALE);
