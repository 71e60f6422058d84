export * from './limit-check.ts';
export * from './rdp-flow.ts';
export * from './rdp-price.ts';
export * from './rdps.ts';
export * from './rdp-import.ts';
