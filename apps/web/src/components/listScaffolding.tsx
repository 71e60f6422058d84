import { memo, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, useMediaQuery, type Theme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ColumnsButton, CreateButton, DataTable, FilterButton, SimpleList, TopToolbar, useListContext, useNotify, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { DataTableProps, RaRecord, SimpleListProps } from 'react-admin';
import type { SxProps, Theme as TSxTheme } from '@mui/material/styles';
import { useCustomMutation, useCustomQueries } from '../dataProvider/hooks';
import { collectionFor, filtersToQuery, sortToQuery } from '../dataProvider/query';
import { selectableYears } from '../layout/years';
import { setYear } from '../session/store';
import { useSelectedYear } from '../session/useSession';
import { DeferredListContext } from './DeferredListContext';
import { useCanHere } from './permissions';
import { useListFilterValues } from './records';
import { ListViewsMenu } from '../platform/saved-views/ListViewsMenu';
import { useColumnsStoreKey, usePublishColumnLayout } from '../platform/saved-views/useColumnsStore';
import { LiveNewRowsButton } from './LiveList';

/**
 * The toolbar of every list: the live "N nuovi" button when others have created rows (LiveList.tsx,
 * which also reads again the rows of the page others change), its own buttons (`children`), then the
 * saved views ("Viste") and, where a table shows (not on a phone, where the list is the stacked
 * simple list), the column chooser.
 * `columnsVariant` tells apart the tables of one resource's several lists; `views={false}` for a list
 * whose parameters are not in the address (a view is applied through it).
 */
export function ListToolbar({ children, columnsVariant, views = true, sx }: { children?: ReactNode; columnsVariant?: string; views?: boolean; sx?: SxProps<TSxTheme> }) {
  const storeKey = useColumnsStoreKey(columnsVariant);
  const isPhone = useIsPhone();
  return (
    <TopToolbar sx={sx}>
      <LiveNewRowsButton />
      {children}
      {views ? <ListViewsMenu columnsVariant={columnsVariant} /> : null}
      {isPhone ? null : <ColumnsButton storeKey={storeKey} data-testid="list-columns" />}
    </TopToolbar>
  );
}

/** The toolbar of a filtered list: the filter button, the create button for who may create, then `children`. */
export function FilterCreateActions({ children }: { children?: ReactNode }) {
  return (
    <ListToolbar>
      <FilterButton />
      {useCanHere('create') ? <CreateButton /> : null}
      {children}
    </ListToolbar>
  );
}

/**
 * react-admin's DataTable with the column choice kept per user and list (ListToolbar's chooser and
 * views read the same key): the one table of every list.
 */
export function ListDataTable<TRecord extends RaRecord = RaRecord>({ columnsVariant, ...props }: DataTableProps<TRecord> & { columnsVariant?: string }) {
  const storeKey = useColumnsStoreKey(columnsVariant);
  usePublishColumnLayout(storeKey, props.children, props.hiddenColumns);
  return <DataTable<TRecord> storeKey={storeKey} {...props} />;
}

/**
 * "Esporta": every row the list's filters, search and sort match, however many, as an xlsx that the
 * API streams (`GET /api/{collection}/export`); not react-admin's exporter, which asks for one page of
 * 1000 rows and the API pages by 500 at most.
 */
export function ListExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext() ?? '';
  const { sort, total } = useListContext();
  const filterValues = useListFilterValues();
  const exporting = useCustomMutation('download', { onError: (error) => notify(error.message || 'genericError', { type: 'error' }) });
  const busy = exporting.isPending;
  const collection = collectionFor(resource);
  return (
    <Button
      size="small"
      data-testid="list-export"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      disabled={busy || total === 0}
      onClick={() => {
        const sortQuery = sortToQuery(sort);
        exporting.mutate([`/${collection}/export`, { query: { ...filtersToQuery(filterValues), ...(sortQuery ? { sort: sortQuery } : {}) }, fileName: `${collection}.xlsx` }]);
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
  const name = translate(`resources.${resource}.name`, { smart_count: 2 });
  // On a phone the year selector beside the title already says the year, and the title has no room for it.
  return <>{useIsPhone() ? name : `${name} ${year}`}</>;
}

/** The other selectable years in which the collection has rows in the caller's scope (one count request per year; null until all have answered). */
function useYearsWithRows(resource: string, current: number, enabled: boolean): number[] | null {
  const years = selectableYears().filter((year) => year !== current);
  const answers = useCustomQueries(
    'hasRowsInYear',
    years.map((year): [string, number] => [resource, year]),
    { enabled, retry: false },
  );
  // A year whose count failed is not offered.
  if (answers.some((answer) => answer.isPending)) return null;
  return years.filter((_, index) => answers[index].data === true);
}

/**
 * The empty state of a list that depends on the selected year: it says that the year is the reason
 * and offers the years that have rows (the demo's filings are in 2025 while the selector opens on the
 * current year). With filters on, the filters are the likelier reason and only the plain message shows.
 */
export function YearListEmpty() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const resource = useResourceContext() ?? '';
  const filterValues = useListFilterValues();
  const year = useSelectedYear();
  const filtered = Object.values(filterValues).some((value) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0));
  const others = useYearsWithRows(resource, year, !filtered);
  const name = translate(`resources.${resource}.name`, { smart_count: 2 });
  return (
    <Box sx={{ p: 2 }} data-testid="year-list-empty">
      <Alert severity="info">
        {translate(filtered ? 'yearList.emptyFiltered' : 'yearList.empty', { name, year })}
        {!filtered && others && others.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{translate('yearList.otherYears')}</span>
            {others.map((other) => (
              <Button
                key={other}
                size="small"
                variant="outlined"
                data-testid={`year-list-empty-${other}`}
                onClick={() => {
                  setYear(other);
                  refresh();
                }}
              >
                {other}
              </Button>
            ))}
          </Stack>
        ) : null}
        {!filtered && others && others.length === 0 ? <Box sx={{ mt: 0.5 }}>{translate('yearList.noOtherYears')}</Box> : null}
      </Alert>
    </Box>
  );
}

/** True on a phone-sized screen (below MUI's `sm`, 600 px). */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

type TResponsiveDataTableProps<TRecord extends RaRecord> = DataTableProps<TRecord> & {
  phone: Pick<SimpleListProps<TRecord>, 'primaryText' | 'secondaryText' | 'tertiaryText' | 'leftIcon' | 'rightIcon' | 'leftAvatar'>;
};

/**
 * The table of a list, and on a phone a simple list of the same records (one line each, what the
 * `phone` texts say) that fits 390 px instead of a table scrolling sideways. Both open the record
 * the same way (`rowClick`, edit by default).
 * The rows render from the deferred list state (DeferredListContext).
 */
export function ResponsiveDataTable<TRecord extends RaRecord = RaRecord>(props: TResponsiveDataTableProps<TRecord>) {
  return (
    <DeferredListContext>
      <ResponsiveDataTableRows {...(props as TResponsiveDataTableProps<RaRecord>)} />
    </DeferredListContext>
  );
}

/** Memoised: while the deferred list state is unchanged, the urgent pass skips the rows altogether. */
const ResponsiveDataTableRows = memo(function ResponsiveDataTableRows({ phone, rowClick = 'edit', empty, children, ...rest }: TResponsiveDataTableProps<RaRecord>) {
  const isPhone = useIsPhone();
  if (isPhone) return <SimpleList {...phone} rowClick={rowClick} empty={empty} data-testid="phone-list" />;
  return (
    <ListDataTable rowClick={rowClick} empty={empty} {...rest}>
      {children}
    </ListDataTable>
  );
});
