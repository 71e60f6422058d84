import { Alert, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { phaseSignedIn, signRequestWorkflow, type TSignPhase, type TSignRequestRecord } from '@app/domain/environmental/nca/index';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { WorkflowActions } from '../../components/WorkflowActions';
import { formatDateTime } from '../../i18n/format';
import { isNotAvailable, useReportSignatures } from './queries';
import { SignStatusChip } from './SignStatusChip';
import { RemindSignerButton } from './RemindSignerButton';
import type { TReport } from './reportRecord';

/** The signatures of one phase, every round, newest round first; the consortium records a refusal given off the platform or unlocks a request. */
export function PhaseSignatures({ record, phase }: { record: TReport; phase: TSignPhase }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, isPending } = useReportSignatures(record.id);
  const activePhase = phaseSignedIn(record.status);
  const body = (() => {
    if (isPending) return null;
    if (error) return <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('nca.notAvailable.signatures') : errorText(translate, error)}</Alert>;
    const rows = (data ?? []).filter((r) => r.phase === phase).sort((a, b) => b.round - a.round);
    if (rows.length === 0)
      return (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.signatures.none')}
        </Typography>
      );
    return (
      <MuiList dense disablePadding>
        {rows.map((request: TSignRequestRecord) => (
          <ListItem key={request._id} divider data-testid={`signature-${phase}-${request.signerName}`} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={`${request.signerName} · ${request.agencyFunctionName}`}
              secondary={[
                translate('nca.signatures.round', { round: request.round }),
                request.signedAt ? translate('nca.signatures.signedAt', { when: formatDateTime(request.signedAt, locale) }) : null,
                request.explanationsRequest ? translate('nca.signatures.because', { why: request.explanationsRequest }) : null,
                request.locked ? translate('nca.signatures.locked') : null,
                request.remindedAt ? translate('nca.signatures.remindedAt', { when: formatDateTime(request.remindedAt, locale) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <SignStatusChip status={request.status} />
            {request.status === 'pending' && activePhase === phase && request.round === record.signRound ? <RemindSignerButton requestId={request._id} signerName={request.signerName} /> : null}
            <WorkflowActions
              workflow={signRequestWorkflow}
              resource="sign-requests"
              record={{ id: request._id, status: request.status }}
              facts={{ isSigner: false, roundActive: activePhase === phase && request.round === record.signRound }}
              buttons={{
                manualReject: {
                  label: 'nca.actions.manualReject',
                  done: 'nca.done.manualReject',
                  size: 'small',
                  variant: 'outlined',
                  color: 'warning',
                  reason: { intro: 'nca.manualRejectIntro', label: 'nca.force.reason' },
                },
                ...(request.locked ? { unlock: { label: 'nca.actions.unlock', done: 'nca.done.unlock', size: 'small', variant: 'outlined' } } : {}),
              }}
            />
          </ListItem>
        ))}
      </MuiList>
    );
  })();
  return (
    <Panel title={translate('nca.signatures.title')} testId={`nca-signatures-${phase}`}>
      {body}
    </Panel>
  );
}
