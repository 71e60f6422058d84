import { useState } from 'react';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Edit, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { DetailActions, RecordTitle, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCan, useCanHere } from '../../components/permissions';
import { formatDate } from '../../i18n/format';
import { OpenNcaButton } from './OpenNcaButton';
import { RdpPosition } from './RdpPosition';
import { Accounting } from './Accounting';
import { AnalyticRowsTable } from './AnalyticRowsTable';
import { LimitsChip, StatusChip } from './RdpChips';
import { Phase1 } from './Phase1';
import { Phase2 } from './Phase2';
import { Phase3 } from './Phase3';
import { RdpFields, toWritable } from './RdpFields';
import { RdpPanel } from './RdpPanel';
import type { TRdp } from './rdpRecord';
import { RecordHistoryHere } from '../../components/RecordHistory';

/* The report's page: its header, and the tabs RDP, accounting and phases 1 to 3. */

function RdpDetail() {
  const record = useRecordContext<TRdp>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [tab, setTab] = useState(0);
  const canUpdate = useCanHere('update');
  const canDelete = useCanHere('delete');
  const canOpenNca = useCan('rdps', 'openNca');
  // The link is for who reads NCA reports; the NCA page itself answers within the reader's scope.
  const readsNca = useCan('nca-reports', 'read');
  if (!record) return null;
  const editable = canUpdate && record.status === 'processing';
  const tabs = ['rdp', 'accounting', 'phase1', 'phase2', 'phase3'];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {record.code}
        </Typography>
        <StatusChip status={record.status} />
        <LimitsChip record={record} />
        {record.outOfLimits ? <Typography variant="body2">{translate('environmental.rdps.outOfLimitsCount', { smart_count: record.outOfLimitsCount })}</Typography> : null}
        {record.sampleDate ? (
          <Typography variant="body2" color="text.secondary">
            {formatDate(record.sampleDate, locale)}
          </Typography>
        ) : null}
        {record.ncaReportId && readsNca ? (
          <Button component={RouterLink} to={`/nca-reports/${record.ncaReportId}`} size="small" variant="outlined" color="error" data-testid="rdp-nca-link">
            {translate('environmental.rdps.openNca.linked')}
          </Button>
        ) : null}
        {record.outOfLimits && canOpenNca && !record.ncaReportId ? <OpenNcaButton record={record} /> : null}
      </Stack>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" scrollButtons="auto" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {tabs.map((t) => (
          <Tab key={t} label={translate(`environmental.rdps.tabs.${t}`)} data-testid={`rdp-tab-${t}`} />
        ))}
      </Tabs>
      {tab === 0 ? (
        <>
          {editable ? null : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('environmental.rdps.lockedHint')}
            </Alert>
          )}
          <RdpPanel>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {translate('environmental.rdps.sections.rows')}
            </Typography>
            <AnalyticRowsTable rows={record.analyticData} />
          </RdpPanel>
          <RdpPanel>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {translate('environmental.rdps.sections.position')}
            </Typography>
            <RdpPosition lat={record.lat} long={record.long} />
          </RdpPanel>
          <DetailForm canSave={editable} canDelete={editable && canDelete}>
            <RdpFields readOnly={!editable} isCreate={false} />
          </DetailForm>
          <RecordHistoryHere section />
        </>
      ) : null}
      {tab === 1 ? <Accounting record={record} /> : null}
      {tab === 2 ? <Phase1 record={record} /> : null}
      {tab === 3 ? <Phase2 record={record} /> : null}
      {tab === 4 ? <Phase3 record={record} /> : null}
    </Box>
  );
}

export function RdpEdit() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit mutationOptions={saveErrors} mutationMode="pessimistic" title={<RecordTitle source="code" />} actions={<DetailActions />} redirect={false} transform={toWritable}>
      <RdpDetail />
    </Edit>
  );
}
