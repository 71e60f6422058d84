/* The audit writer is a cross-area building block (the generic collections use it): it lives in lib. */
export { diffFields, recordAudit } from '../../../lib/audit.ts';
