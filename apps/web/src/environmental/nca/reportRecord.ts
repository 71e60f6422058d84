import type { TNcaReportRecord } from '@app/domain/environmental/nca/index';

/** An NCA report as the screens receive it: the API record plus react-admin's `id`. */
export type TReport = TNcaReportRecord & { id: string };

/** The side of an editor: the target agency's people write the cause analysis; the consortium the rest. */
export const sideOf = (role: string | null) => (role === 'agency_user' ? 'agency' : 'consortium');
