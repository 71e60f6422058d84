import { useEffect, useRef, useState } from 'react';
import { Button } from '@mui/material';
import FiberNewIcon from '@mui/icons-material/FiberNew';
import { useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { useAppConfig } from '../config';
import { useInvalidateResource } from '../dataProvider/hooks';
import { collectionFor } from '../dataProvider/query';
import { connectSocket } from '../realtime/socket';
import { watchCollection } from '../realtime/liveList';
import { useSession } from '../session/useSession';

/** Changes that arrive together (a bulk action) refresh the page once. */
const REFRESH_DELAY_MS = 300;

/**
 * The list on screen follows what others do to its collection, when the websocket feature is on: a
 * row of the page that someone else changes or deletes is read again in place (the page and the
 * focus stay where they are), and rows others create are counted for the "N nuovi" button, which
 * reloads the list when the user asks. The API tells only of rows the user may read.
 */
export function useLiveList(): { created: number; showCreated: () => void } {
  const { features } = useAppConfig();
  const token = useSession()?.token ?? null;
  const resource = useResourceContext() ?? '';
  const list = useListContext<RaRecord>();
  const { data } = list;
  const invalidate = useInvalidateResource();
  const [created, setCreated] = useState(0);
  // The rows of the page, read by the socket listener without subscribing again on every page.
  const onPage = useRef(new Set<string>());
  useEffect(() => {
    onPage.current = new Set((data ?? []).map((record) => String(record.id)));
  }, [data]);
  const enabled = features.websocket && !!token && resource !== '';

  useEffect(() => {
    if (!enabled || !token) return;
    let stop = () => undefined as void;
    let timer: number | undefined;
    let cancelled = false;
    const readAgain = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void invalidate(resource), REFRESH_DELAY_MS);
    };
    connectSocket(token)
      .then((socket) => {
        if (cancelled) return;
        stop = watchCollection(socket, collectionFor(resource), (change) => {
          if (change.kind === 'created') setCreated((count) => count + 1);
          else if (onPage.current.has(change.id)) readAgain();
        });
      })
      .catch((error) => console.warn('live list not connected', error));
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      stop();
    };
  }, [enabled, token, resource, invalidate]);

  // Another page, filter or sort reads the list afresh: the count starts again.
  const listKey = JSON.stringify([list.filterValues as unknown, list.sort, list.page, list.perPage]);
  useEffect(() => setCreated(0), [listKey]);

  return {
    created,
    showCreated: () => {
      setCreated(0);
      void invalidate(resource);
    },
  };
}

/** "3 nuovi": rows others created since the list was read; a click reloads the list. Nothing when there are none. */
export function LiveNewRowsButton() {
  const translate = useTranslate();
  const { created, showCreated } = useLiveList();
  return (
    <span aria-live="polite">
      {created > 0 ? (
        <Button size="small" color="secondary" variant="outlined" startIcon={<FiberNewIcon />} onClick={showCreated} data-testid="live-new-rows">
          {translate('live.newRows', { smart_count: created })}
        </Button>
      ) : null}
    </span>
  );
}
