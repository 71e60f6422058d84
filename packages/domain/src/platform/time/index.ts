export * from './italian-time.ts';
