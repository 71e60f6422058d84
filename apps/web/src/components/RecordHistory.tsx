import { useState } from 'react';
import { Alert, Box, Button, List as MuiList, ListItem, Stack, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { Confirm, useLocaleState, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { THistoryChange, THistoryEntry } from '@app/domain/platform/history/history';
import { useCustomMutation, useCustomQuery, useInvalidateCustom } from '../dataProvider/hooks';
import { formatDate, formatDateTime, formatNumber } from '../i18n/format';
import { Panel } from './Panel';
import { errorText } from './serverErrors';
import { tableResourceOf, useCan } from './permissions';

/** Times of a history are Italy's, wherever the browser is: the records are the comune's and the consortium's. */
const TIME_ZONE = 'Europe/Rome';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type TTranslate = ReturnType<typeof useTranslate>;

/** One value of a field as people read it: dates in the locale's format, yes/no, lists joined, objects compact. */
function formatValue(value: unknown, locale: string, translate: TTranslate): string {
  if (value === null || value === undefined || value === '') return translate('history.values.empty');
  if (typeof value === 'boolean') return translate(value ? 'history.values.yes' : 'history.values.no');
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value === 'string') {
    if (DATE_ONLY.test(value)) return formatDate(value, locale);
    if (INSTANT.test(value)) return formatDateTime(value, locale, { timeZone: TIME_ZONE });
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return value.map((item) => formatValue(item, locale, translate)).join(', ') || translate('history.values.empty');
    return translate('history.values.items', { smart_count: value.length });
  }
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** What the entry did: created, changed, restored (naming the version), or a workflow's action. */
function describeEntry(entry: THistoryEntry, entries: THistoryEntry[], locale: string, translate: TTranslate): string {
  if (entry.action === 'restore') {
    const source = entries.find((candidate) => candidate._id === entry.restoredFromId);
    return source ? translate('history.actions.restoreOf', { date: formatDateTime(source.createdAt, locale, { timeZone: TIME_ZONE }) }) : translate('history.actions.restore');
  }
  if (['create', 'update', 'delete'].includes(entry.action)) return translate(`history.actions.${entry.action}`);
  // Workflow actions are `<entity>.<action>`: the action's name is the last part.
  const action = entry.action.split('.').pop() ?? entry.action;
  return translate(`history.actions.${action}`, { _: translate('history.actions.other', { action }) });
}

/** The field's label as its form names it: the resource's field labels, then the area's shared ones, else the field's name. */
function labelOf(field: string, prefixes: string[], translate: TTranslate): string {
  return prefixes.reduceRight((fallback, prefix) => translate(`${prefix}.${field}`, { _: fallback }), field);
}

function ChangeLine({ change, labelPrefixes, locale }: { change: THistoryChange; labelPrefixes: string[]; locale: string }) {
  const translate = useTranslate();
  const label = labelOf(change.field, labelPrefixes, translate);
  const isCreation = !('before' in change);
  return (
    <Typography component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={`history-change-${change.field}`}>
      <strong>{label}</strong>
      {': '}
      {isCreation ? null : (
        <>
          <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
            {formatValue(change.before, locale, translate)}
          </Box>
          {' → '}
        </>
      )}
      <span>{formatValue(change.after, locale, translate)}</span>
    </Typography>
  );
}

/**
 * A record's history (the "Cronologia" tab or section of a record page): who changed which fields
 * and when, with the value before and after, newest first, and, for who may restore the record, a
 * button that brings back the version an entry left (confirmed first; the API checks the grant, the
 * rules and the workflow's locks). `resource` is the react-admin resource, whose field labels name
 * the changes (then `labelPrefixes`, an area's shared field labels); `accessResource` the access-table
 * resource when it differs.
 */
export function RecordHistory({ resource, recordId, accessResource, labelPrefixes = [] }: { resource: string; recordId: string; accessResource?: string; labelPrefixes?: string[] }) {
  const prefixes = [`resources.${resource}.fields`, ...labelPrefixes];
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const invalidateCustom = useInvalidateCustom();
  const canRestore = useCan(accessResource ?? tableResourceOf(resource), 'restore');
  const { data, error, isPending } = useCustomQuery('recordHistory', [resource, recordId]);
  const [confirming, setConfirming] = useState<THistoryEntry | null>(null);
  const restoring = useCustomMutation('restoreRecordVersion', {
    onSuccess: async () => {
      setConfirming(null);
      notify('history.restore.done', { type: 'success' });
      await invalidateCustom('recordHistory');
      refresh();
    },
    onError: (caught) => {
      setConfirming(null);
      notify(errorText(translate, caught), { type: 'error' });
    },
  });
  const entries = data ?? [];
  return (
    <Panel title={translate('history.title')} testId="record-history">
      {isPending ? null : error ? (
        <Alert severity="error">{errorText(translate, error)}</Alert>
      ) : entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('history.empty')}
        </Typography>
      ) : (
        <MuiList disablePadding component="ol" aria-label={translate('history.title')}>
          {entries.map((entry, index) => (
            <ListItem key={entry._id} divider disableGutters sx={{ display: 'block', py: 1.5 }} data-testid="history-entry">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle2" component="p">
                    {describeEntry(entry, entries, locale, translate)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(entry.createdAt, locale, { timeZone: TIME_ZONE })}
                    {' · '}
                    {entry.actorName ?? translate('history.system')}
                    {entry.impersonatorName ? ` (${translate('history.impersonatedBy', { name: entry.impersonatorName })})` : ''}
                  </Typography>
                </Box>
                {index === 0 ? (
                  <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {translate('history.current')}
                  </Typography>
                ) : canRestore && entry.action !== 'delete' ? (
                  <Button size="small" startIcon={<RestoreIcon />} onClick={() => setConfirming(entry)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}>
                    {translate('history.restore.button')}
                  </Button>
                ) : null}
              </Stack>
              {entry.reason ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {translate('history.reason', { reason: entry.reason })}
                </Typography>
              ) : null}
              {entry.changes.length > 0 ? (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {entry.changes.map((change) => (
                    <ChangeLine key={change.field} change={change} labelPrefixes={prefixes} locale={locale} />
                  ))}
                </Box>
              ) : entry.reason ? null : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {translate('history.noFieldChanges')}
                </Typography>
              )}
            </ListItem>
          ))}
        </MuiList>
      )}
      <Confirm
        isOpen={confirming !== null}
        loading={restoring.isPending}
        title={translate('history.restore.title')}
        content={confirming ? translate('history.restore.content', { date: formatDateTime(confirming.createdAt, locale, { timeZone: TIME_ZONE }) }) : ''}
        confirm={translate('history.restore.button')}
        onConfirm={() => confirming && restoring.mutate([resource, recordId, confirming._id])}
        onClose={() => setConfirming(null)}
      />
    </Panel>
  );
}

/** The history of the record page it is rendered in (its record and resource), for a tab or a section below the form. */
export function RecordHistoryHere({ accessResource, labelPrefixes, section = false }: { accessResource?: string; labelPrefixes?: string[]; section?: boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  if (!record || !resource) return null;
  const history = <RecordHistory resource={resource} recordId={String(record.id)} accessResource={accessResource} labelPrefixes={labelPrefixes} />;
  return section ? <Box sx={{ p: { xs: 1, sm: 2 }, pt: 0 }}>{history}</Box> : <Box sx={{ width: '100%', maxWidth: 960 }}>{history}</Box>;
}
