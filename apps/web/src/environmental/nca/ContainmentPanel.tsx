import { useState } from 'react';
import { CalendarDateField } from '../../components/DateInput';
import { Alert, Button, Chip, List as MuiList, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useGetOne, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { editableFieldsOf, type TContainmentAction } from '@app/domain/environmental/nca/index';
import { ncaSideOf } from '@app/domain/platform/access/access-table';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { Panel } from '../../components/Panel';
import { currentRole, useCan } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { useInvalidateCustom } from '../../dataProvider/hooks';
import { formatDate } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { REPORT_READS, useReportFacts } from './queries';
import type { TReport } from './reportRecord';

/*
 * Immediate containment (phase 1, before the cause analysis): what was done, who, when, and who of the
 * consortium verified it. The consortium records it from the draft on, the target agency while the
 * report is open; only the consortium verifies (the API refuses a supplier's verification).
 */

function VerifierName({ userId }: { userId: string }) {
  const readsUsers = useCan('users', 'read');
  const { data } = useGetOne<{ id: string; name?: string | null; surname?: string | null; email: string }>('users', { id: userId }, { enabled: readsUsers, retry: false });
  return <>{data ? [data.name, data.surname].filter(Boolean).join(' ') || data.email : ''}</>;
}

export function ContainmentPanel({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const invalidate = useInvalidateCustom();
  const me = useSession()?.user._id;
  const side = ncaSideOf(currentRole());
  const canUpdate = useCan('nca-reports', 'update');
  const editable = canUpdate && !!side && editableFieldsOf(record.status, side).includes('containmentActions');
  const facts = useReportFacts(record.id);
  const [draft, setDraft] = useState({ what: '', who: '', when: italianDateOf(new Date()) });
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate();
  const entries = record.containmentActions;

  const save = (next: TContainmentAction[], after?: () => void) =>
    void update(
      'nca-reports',
      { id: record.id, data: { containmentActions: next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('nca.capa.containment.saved', { type: 'success' });
          setProblem(null);
          void invalidate(...REPORT_READS);
          after?.();
        },
        onError: (error) => setProblem(errorText(translate, error)),
      },
    );
  const add = () => {
    if (!draft.what.trim() || !draft.who.trim() || !draft.when) {
      setProblem(translate('nca.capa.containment.fillIn'));
      return;
    }
    save([...entries, { what: draft.what.trim(), who: draft.who.trim(), when: draft.when, verifiedById: null }], () => setDraft({ ...draft, what: '', who: '' }));
  };
  const required = facts.data?.containmentRequired && entries.length === 0;

  return (
    <Panel title={translate('nca.capa.containment.title')} testId="nca-containment">
      {required ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="nca-containment-required">
          {translate('nca.capa.containment.required')}
        </Alert>
      ) : null}
      {entries.length === 0 ? <Alert severity="info">{translate('nca.capa.containment.none')}</Alert> : null}
      <MuiList dense disablePadding>
        {entries.map((entry, index) => (
          <ListItem key={`${entry.what}-${index}`} divider sx={{ flexWrap: 'wrap', gap: 1 }} data-testid={`nca-containment-${index}`}>
            <ListItemText primary={entry.what} secondary={`${entry.who} · ${formatDate(entry.when, locale)}`} sx={{ minWidth: 200 }} />
            {entry.verifiedById ? (
              <Chip
                size="small"
                color="success"
                label={
                  <>
                    {translate('nca.capa.containment.verifiedBy')}: <VerifierName userId={entry.verifiedById} />
                  </>
                }
              />
            ) : (
              <Chip size="small" variant="outlined" label={translate('nca.capa.containment.notVerified')} />
            )}
            {editable && side === 'consortium' && !entry.verifiedById && me ? (
              <Button size="small" disabled={isPending} onClick={() => save(entries.map((e, i) => (i === index ? { ...e, verifiedById: me } : e)))} data-testid={`nca-containment-verify-${index}`}>
                {translate('nca.capa.containment.verify')}
              </Button>
            ) : null}
            {editable && (side === 'consortium' || !entry.verifiedById) ? (
              <Button size="small" color="error" disabled={isPending} onClick={() => save(entries.filter((_e, i) => i !== index))}>
                {translate('nca.capa.containment.remove')}
              </Button>
            ) : null}
          </ListItem>
        ))}
      </MuiList>
      {editable ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { md: 'flex-start' } }}>
          <TextField
            size="small"
            label={translate('nca.capa.containment.what')}
            value={draft.what}
            onChange={(e) => setDraft({ ...draft, what: e.target.value })}
            sx={{ flex: { md: '2 1 0' }, minWidth: { md: 240 } }}
            slotProps={{ htmlInput: { 'data-testid': 'nca-containment-what', maxLength: 2000 } }}
          />
          <TextField
            size="small"
            label={translate('nca.capa.containment.who')}
            value={draft.who}
            onChange={(e) => setDraft({ ...draft, who: e.target.value })}
            sx={{ flex: { md: '1 1 0' }, minWidth: { md: 160 } }}
            slotProps={{ htmlInput: { 'data-testid': 'nca-containment-who', maxLength: 200 } }}
          />
          <CalendarDateField label={translate('nca.capa.containment.when')} value={draft.when} onChange={(when) => setDraft({ ...draft, when })} sx={{ flex: { md: '0 0 180px' } }} />
          <Button variant="contained" onClick={add} disabled={isPending} data-testid="nca-containment-add">
            {translate('nca.capa.containment.add')}
          </Button>
        </Stack>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
    </Panel>
  );
}
