export * from './fields.ts';
