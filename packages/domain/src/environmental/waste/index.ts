export * from './eer.ts';
export * from './form-flow.ts';
export * from './form-rules.ts';
export * from './form-schemas.ts';
export * from './rentri-codes.ts';
export * from './rentri.ts';
export * from './register.ts';
