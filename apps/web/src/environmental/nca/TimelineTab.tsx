import { useState } from 'react';
import { Alert, Button, List as MuiList, ListItem, ListItemText, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useCustomMutation, useInvalidateCustom } from '../../dataProvider/hooks';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { formatDateTime } from '../../i18n/format';
import { isNotAvailable, useTimeline } from './queries';
import type { TReport } from './reportRecord';

/** Everything that happened to the report, its actions and its sign requests, and the comments (with the form to add one). */
export function TimelineTab({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const invalidateCustom = useInvalidateCustom();
  const { data, error, isPending } = useTimeline(record.id);
  const [comment, setComment] = useState('');
  const adding = useCustomMutation('addNcaComment', {
    onSuccess: async () => {
      setComment('');
      await invalidateCustom('ncaTimeline');
    },
    onError: (caught) => notify(isNotAvailable(caught) ? 'nca.notAvailable.comments' : errorText(translate, caught), { type: 'error' }),
  });
  // Each entry names what happened to which record: the report, one of its actions or sign requests.
  const describe = (entry: NonNullable<typeof data>[number]) => {
    const action = entry.action ?? '';
    if (entry.kind === 'comment') return translate('nca.timeline.comment');
    if (entry.entityType === 'sign-requests') return translate(`nca.timeline.signature.${action}`, { _: translate('nca.timeline.change') });
    if (entry.kind === 'change') return translate(`nca.timeline.changes.${action}`, { _: translate('nca.timeline.change') });
    return translate(`nca.timeline.actions.${action}`, { _: translate('nca.timeline.change') });
  };
  const statusLabel = (entityType: string | null, status: string) =>
    translate(entityType === 'sign-requests' ? `nca.signStatus.${status}` : entityType === 'corrective-actions' ? `nca.actionStatus.${status}` : `nca.status.${status}`);
  return (
    <Panel title={translate('nca.tabs.timeline')} testId="nca-timeline">
      {isPending ? null : error ? (
        <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('nca.notAvailable.timeline') : errorText(translate, error)}</Alert>
      ) : (data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.timeline.empty')}
        </Typography>
      ) : (
        <MuiList dense disablePadding component="ol">
          {(data ?? []).map((entry) => (
            <ListItem key={entry._id} divider>
              <ListItemText
                primary={`${formatDateTime(entry.createdAt, locale)} · ${entry.actorName ?? translate('nca.timeline.system')} · ${describe(entry)}`}
                secondary={[entry.fromStatus && entry.toStatus ? `${statusLabel(entry.entityType, entry.fromStatus)} → ${statusLabel(entry.entityType, entry.toStatus)}` : null, entry.message]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <MuiTextField size="small" label={translate('nca.timeline.addComment')} value={comment} onChange={(event) => setComment(event.target.value)} fullWidth multiline maxRows={4} />
        <Button variant="outlined" disabled={adding.isPending || comment.trim() === ''} onClick={() => adding.mutate([record.id, comment.trim()])}>
          {translate('nca.timeline.send')}
        </Button>
      </Stack>
    </Panel>
  );
}
