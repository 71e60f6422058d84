import { useState } from 'react';
import { Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Edit, useGetOne, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { TNcaReportStatus } from '@app/domain/environmental/nca/index';
import { DetailActions, useSaveErrorNotification } from '../../components/forms';
import { useInvalidateCustom } from '../../dataProvider/hooks';
import { RecurrenceChip } from './CapaChips';
import { NcaStatusChip } from './fields';
import { PdfButtons } from './PdfButtons';
import { REPORT_READS } from './queries';
import { Phase1Tab } from './Phase1Tab';
import { Phase2Tab } from './Phase2Tab';
import { Phase3Tab } from './Phase3Tab';
import { ReportWorkflow, WORKFLOW_ROW_HEIGHT } from './ReportWorkflow';
import type { TReport } from './reportRecord';
import { useReportName } from './useReportName';
import { TimelineTab } from './TimelineTab';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * An NCA report's page: the workflow's buttons, the PDFs, and one tab per phase (its data, its
 * corrective actions, its signatures and their state), then the timeline of everything that happened.
 */

const TABS = ['phase1', 'phase2', 'phase3', 'timeline', 'history'] as const;

/** The tab that fits the status: where the work is now. */
function tabOf(status: TNcaReportStatus): (typeof TABS)[number] {
  if (status === 'pending' || status === 'waiting_phase1_signs') return 'phase1';
  if (status === 'open' || status === 'waiting_validations' || status === 'waiting_phase2_signs') return 'phase2';
  return 'phase3';
}

function ReportBody() {
  const translate = useTranslate();
  const record = useRecordContext<TReport>();
  const [tab, setTab] = useState<(typeof TABS)[number] | null>(null);
  const reportName = useReportName();
  if (!record) return null;
  const current = tab ?? tabOf(record.status);
  return (
    // minWidth 0: the scrollable tabs must not widen the page on a phone.
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" data-testid="nca-heading">
            {reportName(record.code, record.draftName)}
          </Typography>
          <NcaStatusChip status={record.status} />
          {record.overdueActions > 0 ? <Chip size="small" color="error" label={translate('nca.overdueActions', { smart_count: record.overdueActions })} /> : null}
          <RecurrenceChip record={record} />
          {record.previousReportId ? <FollowsUpChip previousReportId={record.previousReportId} /> : null}
        </Stack>
        {/* The workflow's buttons come with the report's facts, after the report: their row keeps a button's height meanwhile (ReportWorkflow), and on a wide screen always, so the page below does not move when they arrive. */}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, minHeight: { md: WORKFLOW_ROW_HEIGHT } }} data-testid="nca-workflow">
          <ReportWorkflow record={record} />
        </Stack>
      </Stack>
      <PdfButtons record={record} />
      <Tabs value={current} onChange={(_event, value: (typeof TABS)[number]) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ minWidth: 0, maxWidth: '100%' }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`nca.tabs.${name}`)} data-testid={`nca-tab-${name}`} />
        ))}
      </Tabs>
      {current === 'phase1' ? <Phase1Tab record={record} /> : null}
      {current === 'phase2' ? <Phase2Tab record={record} /> : null}
      {current === 'phase3' ? <Phase3Tab record={record} /> : null}
      {current === 'timeline' ? <TimelineTab record={record} /> : null}
      {current === 'history' ? <RecordHistoryHere /> : null}
    </Stack>
  );
}

/** "Follows NCA-…": the report a failed effectiveness check opened cites the old one. */
function FollowsUpChip({ previousReportId }: { previousReportId: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<TReport>('nca-reports', { id: previousReportId }, { retry: false });
  return (
    <Chip
      size="small"
      color="info"
      variant="outlined"
      clickable
      component={RouterLink}
      to={`/nca-reports/${previousReportId}`}
      label={translate('nca.capa.followsUp', { code: data?.code ?? '…' })}
      data-testid="nca-follows-up"
    />
  );
}

function ReportTitle() {
  const record = useRecordContext<TReport>();
  const translate = useTranslate();
  const reportName = useReportName();
  return <span>{record ? `${translate('nca.reportTitle')} ${reportName(record.code, record.draftName, { short: true })}` : ''}</span>;
}

/** /nca-reports/:id: the report's page (react-admin's edit route doubles as the detail). */
export function ReportEdit() {
  const saveErrors = useSaveErrorNotification();
  const invalidateCustom = useInvalidateCustom();
  const notify = useNotify();
  return (
    <Edit
      mutationOptions={{
        ...saveErrors,
        // The workflow's facts (cause analysis written, phase-1 data complete) follow the saved record.
        onSuccess: () => {
          notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
          void invalidateCustom(...REPORT_READS);
        },
      }}
      mutationMode="pessimistic"
      title={<ReportTitle />}
      actions={<DetailActions />}
      redirect={false}
      component="div"
      // The card would otherwise grow to its widest child (the tabs) and widen the page on a phone.
      sx={{ '& .RaEdit-main, & .RaEdit-card': { minWidth: 0 } }}
    >
      <ReportBody />
    </Edit>
  );
}
