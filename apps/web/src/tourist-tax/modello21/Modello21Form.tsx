import { useMemo } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import SyncIcon from '@mui/icons-material/Sync';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PreviewIcon from '@mui/icons-material/Preview';
import { Form, SaveButton, useFormIsDirty, useLocaleState, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { can } from '@app/domain/platform/access/access-table';
import type { TModello21Facts } from '@app/domain/tourist-tax/filings/modello21-flow';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { DownloadButton } from '../../components/DownloadButton';
import { currentRole } from '../../components/permissions';
import { keepPreviousData, useCustomQuery, useInvalidateCustom } from '../../dataProvider/hooks';
import { checkDraft, draftOf, todayInItaly, type TModello21FormValues, type TMonthDraft, type TOwnerDraft } from './monthRows';
import { ComunePanel } from './ComunePanel';
import { InfoPanel } from './InfoPanel';
import { Modello21Actions } from './Modello21Actions';
import { MonthTable } from './MonthTable';
import { OpeningBalance } from './OpeningBalance';
import { OwnerPanel } from './OwnerPanel';
import type { TModello21 } from './modello21Record';

/**
 * The months and the owner as a draft of typed text in react-admin's form, checked live with the
 * server's own reconciliation; the workflow buttons and the PDFs.
 */
function Modello21Body({ record }: { record: TModello21 }) {
  const translate = useTranslate();
  const notify = useNotify();
  const invalidateCustom = useInvalidateCustom();
  const { setValue } = useFormContext<TModello21FormValues>();
  const [months, owner] = useWatch<TModello21FormValues, ['draft.months', 'draft.owner']>({ name: ['draft.months', 'draft.owner'] });
  const dirty = useFormIsDirty();
  const { isSubmitting } = useFormState();
  const [update, { isPending: resetting }] = useUpdate();
  const busy = isSubmitting || resetting;

  // The info follows the saved version of the record (asked again after a save); without it (a failed call) the page still works.
  const { data: info = null } = useCustomQuery('modello21Info', [record.id], { placeholderData: keepPreviousData });

  // A month back to its prefill is saved at once (the page shows the server's figures again).
  const reset = (index: number) =>
    update(
      'twentyOneModels',
      { id: record.id, data: { months: [{ number: index + 1, reset: true }] }, previousData: record },
      { onSuccess: () => void invalidateCustom('modello21Info'), onError: (error) => notify(errorText(translate, error), { type: 'error' }) },
    );
  const changeMonth = (index: number, patch: Partial<TMonthDraft>) => setValue(`draft.months.${index}`, { ...months[index], ...patch }, { shouldDirty: true });
  const changeOwner = (patch: Partial<TOwnerDraft>) => setValue('draft.owner', { ...owner, ...patch }, { shouldDirty: true });

  const check = useMemo(() => checkDraft(record.year, months, owner, todayInItaly()), [record.year, months, owner]);
  const editable = can(currentRole(), 'twentyOneModels', 'update') && record.status === 'draft';
  const problemCount = Object.keys(check.problems).length;
  const reconciled = problemCount === 0;

  // The submit guard looks at the months as typed on this page (the server checks the saved ones again).
  const facts: TModello21Facts = { issues: Object.entries(check.problems).map(([path, message]) => ({ path, message: String(message) })) };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <InfoPanel record={record} info={info} />
      <Panel
        title={translate('filings.modello21.months', { year: record.year })}
        action={
          editable ? (
            <Modello21Actions
              record={record}
              facts={facts}
              buttons={{
                refresh: {
                  label: 'filings.modello21.refresh',
                  icon: <SyncIcon />,
                  variant: 'text',
                  size: 'small',
                  testId: 'm21-refresh',
                  done: 'filings.modello21.done.refresh',
                  disabled: busy || dirty,
                },
              }}
            />
          ) : null
        }
      >
        {editable ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('filings.modello21.editHelp')}
          </Typography>
        ) : null}
        <MonthTable record={record} months={months} editable={editable} problems={check.problems} onChange={changeMonth} onReset={reset} />
        <OpeningBalance value={owner.openingBalance} months={months} editable={editable} problem={check.problems.openingBalance} onChange={(openingBalance) => changeOwner({ openingBalance })} />
      </Panel>
      <OwnerPanel owner={owner} editable={editable} problems={check.problems} warnings={check.warnings} onChange={changeOwner} />
      {editable || record.status !== 'draft' ? (
        <Box>
          {editable && !reconciled ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="m21-not-reconciled">
              {translate('filings.modello21.notReconciled', { smart_count: problemCount })}
            </Alert>
          ) : null}
          {editable && reconciled ? (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="m21-reconciled">
              {translate(dirty ? 'filings.modello21.reconciledSaveFirst' : 'filings.modello21.reconciled')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {/* Saving a draft that does not reconcile yet is allowed: only submit and print wait for it. */}
            {editable ? <SaveButton disabled={busy} data-testid="m21-save" /> : null}
            {editable ? (
              <Modello21Actions
                record={record}
                facts={facts}
                buttons={{
                  submit: {
                    label: 'filings.modello21.submit',
                    icon: <SendIcon />,
                    color: 'secondary',
                    testId: 'm21-submit',
                    done: 'filings.modello21.done.submit',
                    confirm: { title: 'filings.modello21.submitTitle', content: 'filings.modello21.submitConfirm' },
                    translateOptions: { year: record.year },
                    disabled: busy,
                    disabledReason: dirty ? 'filings.modello21.saveBeforeSubmit' : null,
                    blockedHint: 'filings.modello21.submitBlocked',
                  },
                }}
              />
            ) : null}
            {reconciled && !dirty ? (
              <DownloadButton path={`/twenty-one-models/${record.id}/pdf`} fileName={`modello21-${record.year}.pdf`} label="filings.modello21.pdf" icon={<PictureAsPdfIcon />} testId="m21-pdf" />
            ) : null}
            {/* The preview prints the saved model as it is, reconciled or not, watermarked "bozza". */}
            {record.status === 'draft' ? (
              <DownloadButton
                path={`/twenty-one-models/${record.id}/pdf`}
                query={{ draft: 'true' }}
                fileName={`modello21-${record.year}-bozza.pdf`}
                label={dirty ? 'filings.modello21.pdfDraftSaved' : 'filings.modello21.pdfDraft'}
                icon={<PreviewIcon />}
                testId="m21-pdf-draft"
              />
            ) : null}
          </Stack>
        </Box>
      ) : null}
      <ComunePanel record={record} facts={facts} />
    </Stack>
  );
}

/**
 * The page's form: its values are the saved version as typed text (`draftOf`). react-admin resets
 * them when the record changes (a save, a reset month, a workflow action, a refresh that brings a new
 * version), and not when the same version is fetched again, so unsaved edits survive a refetch.
 */
export function Modello21Form() {
  const record = useRecordContext<TModello21>();
  const [locale] = useLocaleState();
  if (!record || record.months.length !== 12) return null;
  return (
    <Form defaultValues={{ draft: draftOf(record, locale) }}>
      <Modello21Body record={record} />
    </Form>
  );
}
