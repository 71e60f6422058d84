export * from './define-workflow.ts';
