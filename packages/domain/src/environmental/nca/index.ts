export * from './action-flow.ts';
export * from './action-schemas.ts';
export * from './codes.ts';
export * from './phases.ts';
export * from './report-flow.ts';
export * from './report-schemas.ts';
export * from './sign-flow.ts';
export * from './sign-schemas.ts';
