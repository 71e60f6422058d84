import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { editableFieldsOf } from '@app/domain/environmental/nca/index';
import { ncaSideOf } from '@app/domain/platform/access/access-table';
import { Panel } from '../../components/Panel';
import { currentRole, useCan } from '../../components/permissions';
import { ContainmentPanel } from './ContainmentPanel';
import { ObserversInput, Phase1Fields } from './fields';
import { Phase1Facts } from './Phase1Facts';
import { PhaseForm } from './PhaseForm';
import { PhaseSignatures } from './PhaseSignatures';
import type { TReport } from './reportRecord';

/** Phase 1 editable while pending (the consortium), then read-only; observers change until closing. */
export function Phase1Tab({ record }: { record: TReport }) {
  const canUpdate = useCan('nca-reports', 'update');
  const canDelete = useCan('nca-reports', 'delete');
  const side = ncaSideOf(currentRole());
  const editable = canUpdate && side ? editableFieldsOf(record.status, side) : [];
  const phase1Open = editable.includes('lotId');
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {phase1Open ? (
        <PhaseForm testId="nca-phase1-form" canDelete={canDelete}>
          <Phase1Fields readOnly={false} />
          <ObserversInput readOnly={false} />
        </PhaseForm>
      ) : (
        <Panel title={translate('nca.tabs.phase1Data')}>
          <Phase1Facts />
        </Panel>
      )}
      <ContainmentPanel record={record} />
      <PhaseSignatures record={record} phase="first" />
    </Stack>
  );
}
