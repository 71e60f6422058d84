import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import SyncIcon from '@mui/icons-material/Sync';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PreviewIcon from '@mui/icons-material/Preview';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Show, useDataProvider, useLocaleState, useNotify, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { can } from '@app/domain/platform/access/access-table';
import { modello21Workflow, type TModello21Facts } from '@app/domain/tourist-tax/filings/modello21-flow';
import { DetailActions } from '../../components/forms';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { DownloadButton } from '../../components/DownloadButton';
import { currentRole } from '../../components/permissions';
import { WorkflowActions } from '../../components/WorkflowActions';
import type { TAppDataProvider } from '../../dataProvider';
import { checkDraft, draftOfMonth, todayInItaly, updatePayload, type TMonthDraft, type TOwnerDraft } from './monthRows';
import { ComunePanel } from './ComunePanel';
import { InfoPanel } from './InfoPanel';
import { MonthTable } from './MonthTable';
import { OpeningBalance } from './OpeningBalance';
import { OwnerPanel, ownerDraftOf } from './OwnerPanel';
import type { TModello21 } from './modello21Record';

/**
 * The months and the owner as a draft of typed text, checked live with the server's own
 * reconciliation and saved through the data provider's update; the workflow buttons and the PDFs.
 */
function Modello21Body() {
  const record = useRecordContext<TModello21>();
  const { refetch } = useShowContext();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const [months, setMonths] = useState<TMonthDraft[]>([]);
  const [owner, setOwner] = useState<TOwnerDraft | null>(null);
  const [dirty, setDirty] = useState(false);

  // The info follows the saved version of the record; without it (a failed call) the page still works.
  const { data: info = null } = useQuery({
    queryKey: ['twentyOneModels', 'info', record?.id, record?.updatedAt],
    queryFn: () => dataProvider.modello21Info(record!.id).then(({ data }) => data),
    enabled: !!record,
    placeholderData: keepPreviousData,
  });

  const onSaveError = (error: Error) => notify(errorText(translate, error), { type: 'error' });
  const saving = useMutation({
    mutationFn: (data: Record<string, unknown>) => dataProvider.update('twentyOneModels', { id: record!.id, data, previousData: record }),
    onSuccess: () => {
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      void refetch();
    },
    onError: onSaveError,
  });
  const resetting = useMutation({
    mutationFn: (index: number) => dataProvider.update('twentyOneModels', { id: record!.id, data: { months: [{ number: index + 1, reset: true }] }, previousData: record }),
    onSuccess: () => void refetch(),
    onError: onSaveError,
  });
  const busy = saving.isPending || resetting.isPending;

  useEffect(() => {
    if (!record) return;
    setMonths(record.months.map((m) => draftOfMonth(m, locale)));
    setOwner(ownerDraftOf(record, locale));
    setDirty(false);
    // A new version of the record (after save, refresh, submit) replaces the draft; the same version
    // fetched again (a new object) must not discard the user's unsaved edits, hence updatedAt, not record.
  }, [record?.updatedAt, locale]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the record's version, see above

  const check = useMemo(() => (record && owner ? checkDraft(record.year, months, owner, todayInItaly()) : { problems: {}, warnings: {} }), [record, months, owner]);
  if (!record || !owner || months.length !== 12) return null;

  const editable = can(currentRole(), 'twentyOneModels', 'update') && record.status === 'draft';
  const problemCount = Object.keys(check.problems).length;
  const reconciled = problemCount === 0;
  const save = () => saving.mutate(updatePayload(months, owner));
  const reset = (index: number) => resetting.mutate(index);

  // The submit guard looks at the months as typed on this page (the server checks the saved ones again).
  const facts: TModello21Facts = { issues: Object.entries(check.problems).map(([path, message]) => ({ path, message: String(message) })) };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <InfoPanel record={record} info={info} />
      <Panel
        title={translate('filings.m21.months', { year: record.year })}
        action={
          editable ? (
            <WorkflowActions
              workflow={modello21Workflow}
              resource="twentyOneModels"
              record={record}
              facts={facts}
              buttons={{
                refresh: {
                  label: 'filings.m21.refresh',
                  icon: <SyncIcon />,
                  variant: 'text',
                  size: 'small',
                  testId: 'm21-refresh',
                  done: 'filings.m21.done.refresh',
                  disabled: busy || dirty,
                },
              }}
            />
          ) : null
        }
      >
        {editable ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('filings.m21.editHelp')}
          </Typography>
        ) : null}
        <MonthTable
          record={record}
          months={months}
          editable={editable}
          problems={check.problems}
          onChange={(index, patch) => {
            setMonths((current) => current.map((m, i) => (i === index ? { ...m, ...patch } : m)));
            setDirty(true);
          }}
          onReset={reset}
        />
        <OpeningBalance
          value={owner.openingBalance}
          months={months}
          editable={editable}
          problem={check.problems.openingBalance}
          onChange={(openingBalance) => {
            setOwner((current) => (current ? { ...current, openingBalance } : current));
            setDirty(true);
          }}
        />
      </Panel>
      <OwnerPanel
        owner={owner}
        editable={editable}
        problems={check.problems}
        warnings={check.warnings}
        onChange={(patch) => {
          setOwner((current) => (current ? { ...current, ...patch } : current));
          setDirty(true);
        }}
      />
      {editable || record.status !== 'draft' ? (
        <Box>
          {editable && !reconciled ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="m21-not-reconciled">
              {translate('filings.m21.notReconciled', { smart_count: problemCount })}
            </Alert>
          ) : null}
          {editable && reconciled ? (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="m21-reconciled">
              {translate(dirty ? 'filings.m21.reconciledSaveFirst' : 'filings.m21.reconciled')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {editable ? (
              <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={busy || !dirty} data-testid="m21-save">
                {translate('ra.action.save')}
              </Button>
            ) : null}
            {editable ? (
              <WorkflowActions
                workflow={modello21Workflow}
                resource="twentyOneModels"
                record={record}
                facts={facts}
                buttons={{
                  submit: {
                    label: 'filings.m21.submit',
                    icon: <SendIcon />,
                    color: 'secondary',
                    testId: 'm21-submit',
                    done: 'filings.m21.done.submit',
                    confirm: { title: 'filings.m21.submitTitle', content: 'filings.m21.submitConfirm' },
                    translateOptions: { year: record.year },
                    disabled: busy,
                    disabledReason: dirty ? 'filings.m21.saveBeforeSubmit' : null,
                    blockedHint: 'filings.m21.submitBlocked',
                  },
                }}
              />
            ) : null}
            {reconciled && !dirty ? (
              <DownloadButton path={`/twenty-one-models/${record.id}/pdf`} fileName={`modello21-${record.year}.pdf`} label="filings.m21.pdf" icon={<PictureAsPdfIcon />} testId="m21-pdf" />
            ) : null}
            {/* The preview prints the saved model as it is, reconciled or not, watermarked "bozza". */}
            {record.status === 'draft' ? (
              <DownloadButton
                path={`/twenty-one-models/${record.id}/pdf`}
                query={{ draft: 'true' }}
                fileName={`modello21-${record.year}-bozza.pdf`}
                label={dirty ? 'filings.m21.pdfDraftSaved' : 'filings.m21.pdfDraft'}
                icon={<PreviewIcon />}
                testId="m21-pdf-draft"
              />
            ) : null}
          </Stack>
        </Box>
      ) : null}
      <ComunePanel key={record.updatedAt} record={record} facts={facts} />
    </Stack>
  );
}

function Modello21Title() {
  const record = useRecordContext<TModello21>();
  const translate = useTranslate();
  return <>{`${translate('resources.twentyOneModels.name', { smart_count: 1 })} ${record?.year ?? ''}`}</>;
}

/**
 * twentyOneModels/{twentyOneModelId}, also the "model info" route (same path, same page): the
 * monthly account, the reconciliation that gates submit and print, and the comune's validation.
 */
export function Modello21Page() {
  return (
    <Show title={<Modello21Title />} actions={<DetailActions />}>
      <Modello21Body />
    </Show>
  );
}
