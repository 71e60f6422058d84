/*
 * The Ishikawa families alone, without the CAPA schemas (zod): the dashboard's filter imports them
 * without fetching the schemas.
 */

/** The six Ishikawa (fishbone) families a root cause is classified in ("6M"). */
export const ISHIKAWA_CATEGORIES = ['manpower', 'machines', 'materials', 'methods', 'measurement', 'environment'] as const;
export type TIshikawaCategory = (typeof ISHIKAWA_CATEGORIES)[number];
