/* The choices and the field labels of the waste form screens. */

export const choices = (values: readonly string[], prefix?: string) => values.map((id) => ({ id, name: prefix ? `${prefix}.${id}` : id }));
export const F = (field: string) => `resources.forms.fields.${field}`;
