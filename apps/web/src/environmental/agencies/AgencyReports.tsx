import { Stack, Typography } from '@mui/material';
import { DataTable, ReferenceField, ReferenceManyField, useLocaleState, useTranslate } from 'react-admin';
import type { TNcaReportRecord } from '@app/domain/environmental/nca/index';
import { formatDate } from '../../i18n/format';
import { RecurrenceChip } from '../nca/CapaChips';
import { useReportName } from '../nca/useReportName';
import { NcaStatusChip } from '../nca/fields';

type TRow = TNcaReportRecord & { id: string };

/** The agency's NCA reports (those that target it, as far as the reader's scope reaches), recurrences marked. */
export function AgencyReports() {
  const translate = useTranslate();
  const reportName = useReportName();
  const [locale] = useLocaleState();
  return (
    <ReferenceManyField
      reference="nca-reports"
      target="targetAgencyId"
      sort={{ field: 'openDate', order: 'DESC' }}
      perPage={50}
      empty={<Typography color="text.secondary">{translate('nca.capa.agencyNoReports')}</Typography>}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => `/nca-reports/${String(id)}`} data-testid="agency-nca-reports">
        <DataTable.Col source="code" label="resources.nca-reports.fields.code" render={(r: TRow) => reportName(r.code, r.draftName, { short: true })} />
        <DataTable.Col
          source="status"
          label="resources.nca-reports.fields.status"
          render={(r: TRow) => (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              <NcaStatusChip status={r.status} />
              <RecurrenceChip record={r} link={false} />
            </Stack>
          )}
        />
        <DataTable.Col source="systemSettingId" label="resources.nca-reports.fields.systemSettingId" disableSort>
          <ReferenceField source="systemSettingId" reference="environmental-settings" link={false} />
        </DataTable.Col>
        <DataTable.Col source="openDate" label="resources.nca-reports.fields.openDate" render={(r: TRow) => (r.openDate ? formatDate(r.openDate, locale) : '')} />
      </DataTable>
    </ReferenceManyField>
  );
}
