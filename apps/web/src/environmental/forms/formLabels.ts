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
