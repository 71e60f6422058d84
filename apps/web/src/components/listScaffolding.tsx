import { useState, type ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { CreateButton, FilterButton, TopToolbar, useDataProvider, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import type { TAppDataProvider } from '../dataProvider';
import { collectionFor, filtersToQuery, sortToQuery } from '../dataProvider/query';
import { useSelectedYear } from '../session/useSession';
import { useCanHere } from './permissions';

/** The toolbar of a filtered list: the filter button, the create button for who may create, then `children`. */
export function FilterCreateActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      {useCanHere('create') ? <CreateButton /> : null}
      {children}
    </TopToolbar>
  );
}

/**
 * "Esporta": every row the list's filters, search and sort match, however many, as an xlsx that the
 * API streams (`GET /api/{collection}/export`); not react-admin's exporter, which asks for one page of
 * 1000 rows and the API pages by 500 at most.
 */
export function ListExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const resource = useResourceContext() ?? '';
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const collection = collectionFor(resource);
  return (
    <Button
      size="small"
      data-testid="list-export"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      disabled={busy || total === 0}
      onClick={async () => {
        setBusy(true);
        try {
          const sortQuery = sortToQuery(sort);
          await dataProvider.download(`/${collection}/export`, {
            query: { ...filtersToQuery(filterValues), ...(sortQuery ? { sort: sortQuery } : {}) },
            fileName: `${collection}.xlsx`,
          });
        } catch (error) {
          notify((error as Error).message || 'genericError', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {translate('ra.action.export')}
    </Button>
  );
}

/** "<Resource plural> <selected year>", the title of the lists scoped by the year selector. */
export function YearListTitle() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const year = useSelectedYear();
  return <>{`${translate(`resources.${resource}.name`, { smart_count: 2 })} ${year}`}</>;
}
