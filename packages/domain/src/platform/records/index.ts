export * from './fields.ts';
export * from './keys.ts';
export * from './cell-value.ts';
