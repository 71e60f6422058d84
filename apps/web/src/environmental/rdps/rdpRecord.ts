import type { TRdpRecord } from '@app/domain/environmental/rdp/rdps';

/** A laboratory test report (RDP) as the screens receive it: the API record plus react-admin's `id`. */
export type TRdp = TRdpRecord & { id: string };
