export * from './access-table.ts';
