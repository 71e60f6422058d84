import { useEffect, useRef, useState } from 'react';
import { Box, Button, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useDelete, useGetList, useListContext, useNotify, useResourceContext, useStoreContext, useTranslate, useUpdate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TSavedViewParams, TSavedViewRecord } from '@app/domain/platform/saved-views/saved-views';
import { useListFilterValues } from '../../components/records';
import { errorText } from '../../components/serverErrors';
import { useSession } from '../../session/useSession';
import { columnChoiceOf, isColumnLayout, visibleColumns, type TColumnLayout } from './columns';
import { SaveViewDialog } from './SaveViewDialog';
import { columnLayoutKey, columnRanksKey, useColumnsStoreKey } from './useColumnsStore';

type TView = TSavedViewRecord & { id: string };

const stringsOf = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined);
const numbersOf = (value: unknown): number[] | undefined => (Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : undefined);

/** The list's column choice, read and written in react-admin's store under the per-user key of its table. */
function useColumnChoice(storeKey: string) {
  const store = useStoreContext();
  const layoutOf = (): TColumnLayout | null => {
    const layout: unknown = store.getItem(columnLayoutKey(storeKey));
    return isColumnLayout(layout) ? layout : null;
  };
  return {
    current: (): string[] | undefined => {
      const layout = layoutOf();
      return layout ? visibleColumns(layout, stringsOf(store.getItem(storeKey)), numbersOf(store.getItem(columnRanksKey(storeKey)))) : undefined;
    },
    apply: (columns: string[] | undefined) => {
      const layout = layoutOf();
      if (!columns || !layout) {
        // No columns in the view (or a table never shown here, on a phone): the table's own.
        if (!columns) {
          store.removeItem(storeKey);
          store.removeItem(columnRanksKey(storeKey));
        }
        return;
      }
      const choice = columnChoiceOf(layout, columns);
      store.setItem(storeKey, choice.hidden);
      store.setItem(columnRanksKey(storeKey), choice.ranks);
    },
  };
}

/** The list's address for a view's parameters: react-admin's list reads them from there (and remembers them). */
function searchOf(params: TSavedViewParams): string {
  const query = new URLSearchParams();
  const filter = params.filter ?? {};
  query.set('filter', JSON.stringify(filter));
  query.set('displayedFilters', JSON.stringify(Object.fromEntries(Object.keys(filter).map((key) => [key, true]))));
  if (params.sort) query.set('sort', params.sort);
  if (params.order) query.set('order', params.order);
  if (params.perPage) query.set('perPage', String(params.perPage));
  query.set('page', '1');
  return `?${query.toString()}`;
}

/**
 * "Viste": the saved views of the list (the user's own and those shared with their role), applied
 * with a click; save the current filters, sort, page size and columns under a name (private or
 * shared), choose the default view (applied when the list opens without parameters in its address),
 * delete one's own, and reset the list to its own filters, sort and columns.
 */
export function ListViewsMenu({ columnsVariant }: { columnsVariant?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const resource = useResourceContext() ?? '';
  const session = useSession();
  const userId = session?.user._id;
  const list = useListContext();
  const filterValues = useListFilterValues();
  const store = useStoreContext();
  const columns = useColumnChoice(useColumnsStoreKey(columnsVariant));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const views = useGetList<TView>('saved-views', { filter: { resource }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 200 } }, { retry: false });
  const [deleteView] = useDelete<TView>();
  const [updateView] = useUpdate<TView>();

  const apply = (params: TSavedViewParams) => {
    columns.apply(params.columns);
    void navigate({ pathname: location.pathname, search: searchOf(params) });
  };

  // The user's default view, once, when the list opens without parameters in its address.
  const openedWithoutParams = useRef(location.search === '');
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !views.data) return;
    decided.current = true;
    const preferred = views.data.find((view) => view.isDefault && view.ownerId === userId);
    if (preferred && openedWithoutParams.current) {
      columns.apply(preferred.params.columns);
      void navigate({ pathname: location.pathname, search: searchOf(preferred.params) }, { replace: true });
    }
  });

  // Sent as they are: the server checks them against the view's bounds (and answers what is wrong).
  const currentParams = (): Record<string, unknown> => ({
    filter: filterValues,
    ...(list.sort?.field ? { sort: list.sort.field, order: list.sort.order === 'DESC' ? 'DESC' : 'ASC' } : {}),
    ...(list.perPage ? { perPage: list.perPage } : {}),
    ...(() => {
      const visible = columns.current();
      return visible ? { columns: visible } : {};
    })(),
  });

  const reset = () => {
    setAnchor(null);
    columns.apply(undefined);
    store.removeItem(`${resource}.listParams`);
    void navigate({ pathname: location.pathname, search: '' });
  };

  const remove = (view: TView) =>
    deleteView(
      'saved-views',
      { id: view.id, previousData: view },
      { onSuccess: () => notify('savedViews.deleted', { type: 'info' }), onError: (error: unknown) => notify(errorText(translate, error), { type: 'error' }) },
    );

  const toggleDefault = (view: TView) =>
    updateView(
      'saved-views',
      { id: view.id, data: { isDefault: !view.isDefault, updatedAt: view.updatedAt }, previousData: view },
      { onSuccess: () => void views.refetch(), onError: (error: unknown) => notify(errorText(translate, error), { type: 'error' }) },
    );

  // Without the collection (an old server, the permission system without savedViews keys) the toolbar stays as it was.
  if (views.error) return null;
  const all = views.data ?? [];
  return (
    <>
      <Button size="small" startIcon={<BookmarksIcon />} onClick={(event) => setAnchor(event.currentTarget)} data-testid="saved-views-button" aria-haspopup="menu">
        {translate('savedViews.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': translate('savedViews.menuTitle'), dense: true } }}>
        <Typography variant="overline" component="div" sx={{ px: 2 }}>
          {translate('savedViews.menuTitle')}
        </Typography>
        {all.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1, maxWidth: 320 }}>
            {translate('savedViews.none')}
          </Typography>
        ) : null}
        {all.map((view) => {
          const mine = view.ownerId === userId;
          return (
            <MenuItem
              key={view.id}
              data-testid="saved-view"
              onClick={() => {
                setAnchor(null);
                apply(view.params);
                notify('savedViews.applied', { type: 'info', messageArgs: { name: view.name } });
              }}
              sx={{ gap: 1, maxWidth: 420, whiteSpace: 'normal' }}
            >
              <ListItemText
                sx={{ minWidth: 0, flex: 1 }}
                primary={view.name}
                secondary={[
                  view.visibility === 'role' && view.role ? translate('savedViews.shared', { role: translate(`roles.${view.role}`) }) : translate('savedViews.private'),
                  mine && view.isDefault ? translate('savedViews.isDefault') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { noWrap: true } }}
              />
              {view.visibility === 'role' ? (
                <ListItemIcon sx={{ minWidth: 0 }}>
                  <GroupIcon fontSize="small" />
                </ListItemIcon>
              ) : null}
              {mine ? (
                <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
                  <Tooltip title={translate(view.isDefault ? 'savedViews.unsetDefault' : 'savedViews.makeDefault')}>
                    <IconButton
                      size="small"
                      aria-label={translate(view.isDefault ? 'savedViews.unsetDefault' : 'savedViews.makeDefault')}
                      aria-pressed={view.isDefault}
                      onClick={() => toggleDefault(view)}
                    >
                      {view.isDefault ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('savedViews.delete', { name: view.name })}>
                    <IconButton size="small" aria-label={translate('savedViews.delete', { name: view.name })} onClick={() => remove(view)} data-testid="saved-view-delete">
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              ) : null}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          data-testid="saved-views-save"
          onClick={() => {
            setAnchor(null);
            setSaving(true);
          }}
        >
          <ListItemIcon>
            <SaveIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('savedViews.save')} />
        </MenuItem>
        <MenuItem data-testid="saved-views-reset" onClick={reset}>
          <ListItemIcon>
            <RestartAltIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('savedViews.reset')} />
        </MenuItem>
      </Menu>
      {saving ? (
        <SaveViewDialog
          resource={resource}
          params={currentParams()}
          onClose={(saved) => {
            setSaving(false);
            if (saved) void views.refetch();
          }}
        />
      ) : null}
    </>
  );
}
