export * from './cin.ts';
export * from './codice-fiscale.ts';
export * from './email.ts';
export * from './iban.ts';
export * from './partita-iva.ts';
export * from './phone.ts';
