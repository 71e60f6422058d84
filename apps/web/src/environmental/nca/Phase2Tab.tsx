import { Stack, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { editableFieldsOf } from '@app/domain/environmental/nca/index';
import { ncaSideOf } from '@app/domain/platform/access/access-table';
import { emptyToNull } from '../../components/forms';
import { Panel } from '../../components/Panel';
import { currentRole, useCan } from '../../components/permissions';
import { PhaseForm } from './PhaseForm';
import { PhaseSignatures } from './PhaseSignatures';
import { ReportActions } from './ReportActions';
import { RootCauseInputs, RootCauseView } from './RootCause';
import type { TReport } from './reportRecord';

/** Phase 2: the cause analysis (the agency writes it: 5 Whys, Ishikawa, free text), the corrective actions and the phase's signatures. */
export function Phase2Tab({ record }: { record: TReport }) {
  const translate = useTranslate();
  const canUpdate = useCan('nca-reports', 'update');
  const side = ncaSideOf(currentRole());
  const editable = canUpdate && side ? editableFieldsOf(record.status, side) : [];
  return (
    <Stack spacing={2}>
      {editable.includes('causeAnalysis') ? (
        <PhaseForm testId="nca-cause-form">
          <RootCauseInputs />
          <TextInput source="causeAnalysis" parse={emptyToNull} multiline minRows={5} fullWidth helperText="nca.help.causeAnalysis" />
        </PhaseForm>
      ) : (
        <Panel title={translate('resources.nca-reports.fields.causeAnalysis')} testId="nca-cause">
          <Stack spacing={2}>
            <RootCauseView record={record} />
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {record.causeAnalysis || translate('nca.noCauseAnalysis')}
            </Typography>
          </Stack>
        </Panel>
      )}
      <ReportActions record={record} />
      <PhaseSignatures record={record} phase="second" />
    </Stack>
  );
}
