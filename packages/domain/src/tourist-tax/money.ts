// Money is platform-wide (every area counts in integer cents); re-exported for the tourist-tax imports.
export * from '../platform/money/index.ts';
