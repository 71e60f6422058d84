export * from './password-policy.ts';
export * from './permissions.ts';
export * from './roles.ts';
