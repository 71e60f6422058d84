import { RENTRI_NEEDED_FIELDS } from '@app/domain/environmental/waste/rentri';

const NEEDED: ReadonlySet<string> = new Set(RENTRI_NEEDED_FIELDS);

/** The hint under a field RENTRI needs beyond the form's own rules (the domain's list, the one the RENTRI check names): "needed for RENTRI". */
export const rentriHint = (path: string): string | undefined => (NEEDED.has(path) ? 'forms.rentri.needed' : undefined);
