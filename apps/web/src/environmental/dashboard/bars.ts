/** One bar of a dashboard chart: a count per label, in the colour of the setting behind it if it has one. */
export type TBar = { key: string; label: string; value: number; color?: string };
