import type { TNcaReportRecord } from '@app/domain/environmental/nca/index';

/** An NCA report as the screens receive it: the API record plus react-admin's `id`. */
export type TReport = TNcaReportRecord & { id: string };
