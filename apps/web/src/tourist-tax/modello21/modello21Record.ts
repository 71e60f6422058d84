import type { TModello21Record } from '@app/domain/tourist-tax/filings/modello21-schemas';
import type { TRaRecordOf } from '../../dataProvider/query';

/** A Modello 21 as the screens receive it: the API record plus react-admin's `id`. */
export type TModello21 = TRaRecordOf<TModello21Record>;
