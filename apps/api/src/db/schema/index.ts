// Every table of the product, one file per area. drizzle-kit reads this to generate migrations.
export * from './platform.ts';
export * from './generic.ts';
export * from './tourist-tax.ts';
export * from './tourist-tax-filings.ts';
export * from './tourist-tax-siatel.ts';
export * from './environmental.ts';
export * from './environmental-nca.ts';
export * from './environmental-rdps.ts';
export * from './waste-forms.ts';
