import type { ReactNode } from 'react';
import { Alert, Typography } from '@mui/material';
import { ListContextProvider, useGetManyReference, useList, useRecordContext, useTranslate } from 'react-admin';
import { useSelectedYear } from '../../session/useSession';
import { errorStatusOf } from '../../dataProvider/errors';

/**
 * A read-only list of a structure's records of another module (declarations, Modello 21) for the
 * selected year. When the API has no such collection (the route answers 404) it says the feature
 * comes with that module instead of showing an empty list.
 */
export function RelatedRecordsTab({ reference, unavailableKey, emptyKey, children }: { reference: string; unavailableKey: string; emptyKey: string; children: ReactNode }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const year = useSelectedYear();
  const {
    data = [],
    total,
    isPending,
    error,
  } = useGetManyReference(
    reference,
    { target: 'structureId', id: record?.id, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {}, meta: { year } },
    { enabled: !!record?.id, retry: false },
  );
  const listContext = useList({ data, isPending, perPage: 100 });
  if (error) {
    if (errorStatusOf(error) === 404) return <Alert severity="info">{translate(unavailableKey)}</Alert>;
    return <Alert severity="error">{translate(error.message || 'genericError')}</Alert>;
  }
  if (!isPending && data.length === 0) {
    return <Typography color="text.secondary">{translate(emptyKey, { year })}</Typography>;
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('touristTax.structureTabs.ofYear', { year, smart_count: total ?? data.length })}
      </Typography>
      <ListContextProvider value={listContext}>{children}</ListContextProvider>
    </>
  );
}
