import { useTranslate } from 'react-admin';

/* The choices and the field labels of the waste form screens. */

export const choices = (values: readonly string[], prefix?: string) => values.map((id) => ({ id, name: prefix ? `${prefix}.${id}` : id }));
export const F = (field: string) => `resources.forms.fields.${field}`;

/**
 * Choices that show the code with its meaning (`R13 – Messa in riserva…`, `HP14 – Ecotossico`), in the
 * selects and on the read-only form alike; pass `translateChoice={false}`, the names come translated.
 */
export function useCodeChoices(values: readonly string[], prefix: string) {
  const translate = useTranslate();
  return values.map((id) => ({ id, name: `${id} – ${translate(`${prefix}.${id}`, { _: id })}` }));
}

/** A select's menu whose long options (`R13 – Messa in riserva…`) wrap inside a phone's screen instead of running off it. */
export const WRAPPING_MENU = {
  select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)', '& .MuiMenuItem-root': { whiteSpace: 'normal' } } } } } },
};
