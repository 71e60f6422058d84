export * from './error-codes.ts';
