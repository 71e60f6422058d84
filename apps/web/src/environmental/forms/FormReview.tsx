import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Link, useNavigate } from 'react-router-dom';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import UndoIcon from '@mui/icons-material/Undo';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import BlockIcon from '@mui/icons-material/Block';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import RuleIcon from '@mui/icons-material/Rule';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formWorkflow } from '@app/domain/environmental/waste/form-flow';
import { checkWasteForm, parseQuantity, rejectedForNonConformity, REJECTION_CAUSES } from '@app/domain/environmental/waste/form-rules';
import type { TFormRecord } from '@app/domain/environmental/waste/form-schemas';
import { DownloadButton } from '../../components/DownloadButton';
import { FilePicker } from '../../components/FilePicker';
import { Panel } from '../../components/Panel';
import { WorkflowActions, type TWorkflowField } from '../../components/WorkflowActions';
import { choices } from './formLabels';
import { useCan } from '../../components/permissions';
import { formatDate } from '../../i18n/format';
import { useCustomMutation } from '../../dataProvider/hooks';

export type TFormWebRecord = TFormRecord & { id: string };

export function FormStatusChip({ status }: { status: TFormRecord['rentriState'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'accepted' ? 'success' : status === 'rejected' || status === 'cancelled' ? 'error' : status === 'compiled' ? 'default' : 'info'}
      label={translate(`forms.status.${status}`)}
      data-testid="form-status"
    />
  );
}

/**
 * The consortium's review of a form: its status and the reasons it carries, the actions the
 * workflow offers the signed-in role (approve, send back, revoke), and the PDF.
 */
export function FormReview({ record }: { record: TFormWebRecord }) {
  const translate = useTranslate();
  const facts = { issues: checkWasteForm(record) };
  const { quantity, cause } = outcomeFields(record);
  return (
    <Panel
      title={translate('forms.sections.review')}
      testId="form-review"
      action={<DownloadButton path={`/forms/${record.id}/pdf`} fileName={`formulario-${record.code}.pdf`} label="forms.pdf" icon={<PictureAsPdfIcon />} testId="form-pdf" />}
    >
      <Stack spacing={1.5}>
        <Box>
          <FormStatusChip status={record.rentriState} />
        </Box>
        {record.rentriState !== 'compiled' ? <Alert severity="success">{translate('forms.approvedReadOnly')}</Alert> : null}
        {record.rentriState === 'compiled' && record.rejectionReason ? (
          <Alert severity="warning" data-testid="form-rejection">
            {translate('forms.rejectedBecause', { reason: record.rejectionReason })}
          </Alert>
        ) : null}
        {record.rentriState === 'compiled' && record.revokeReason && !record.rejectionReason ? (
          <Alert severity="info">{translate('forms.revokedBecause', { reason: record.revokeReason })}</Alert>
        ) : null}
        {rejectedForNonConformity(record.acceptance) ? <RejectedAtDestination record={record} /> : null}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <WorkflowActions
            workflow={formWorkflow}
            resource="forms"
            // The workflow runs on RENTRI's states; the record's `status` is the specification's pending/approved.
            record={{ id: record.id, status: record.rentriState }}
            facts={facts}
            buttons={{
              approve: {
                label: 'forms.approve',
                icon: <CheckCircleIcon />,
                color: 'success',
                testId: 'form-approve',
                done: 'forms.done.approve',
                confirm: { title: 'forms.approveTitle', content: 'forms.approveConfirm' },
                translateOptions: { code: record.code },
              },
              reject: {
                label: 'forms.reject',
                icon: <ReplyIcon />,
                variant: 'outlined',
                color: 'warning',
                testId: 'form-reject',
                done: 'forms.done.reject',
                reason: { intro: 'forms.rejectIntro', label: 'forms.reason' },
              },
              revoke: {
                label: 'forms.revoke',
                icon: <UndoIcon />,
                variant: 'outlined',
                color: 'warning',
                testId: 'form-revoke',
                done: 'forms.done.revoke',
                reason: { intro: 'forms.revokeIntro', label: 'forms.reason' },
              },
              startTransport: {
                label: 'forms.startTransport',
                icon: <LocalShippingIcon />,
                testId: 'form-start-transport',
                done: 'forms.done.startTransport',
                confirm: { title: 'forms.startTransportTitle', content: 'forms.startTransportConfirm' },
                translateOptions: { code: record.code },
              },
              // The destination's outcome (RENTRI's acceptance A / P / R), each with what RENTRI records for it.
              accept: {
                label: 'forms.accept',
                icon: <DoneAllIcon />,
                color: 'success',
                testId: 'form-accept',
                done: 'forms.done.accept',
                reason: { intro: 'forms.acceptIntro', label: 'forms.reason', confirmTestId: 'form-outcome-confirm', fields: [{ ...quantity, defaultValue: record.quantity.value }] },
              },
              acceptInPart: {
                label: 'forms.acceptInPart',
                icon: <RuleIcon />,
                variant: 'outlined',
                color: 'warning',
                testId: 'form-accept-in-part',
                done: 'forms.done.acceptInPart',
                reason: { intro: 'forms.acceptInPartIntro', label: 'forms.rejectionReason', confirmTestId: 'form-outcome-confirm', fields: [quantity, cause] },
              },
              refuse: {
                label: 'forms.refuse',
                icon: <DoNotDisturbIcon />,
                variant: 'outlined',
                color: 'error',
                testId: 'form-refuse',
                done: 'forms.done.refuse',
                reason: { intro: 'forms.refuseIntro', label: 'forms.rejectionReason', confirmTestId: 'form-outcome-confirm', fields: [cause] },
              },
              cancel: {
                label: 'forms.cancel',
                icon: <BlockIcon />,
                variant: 'outlined',
                color: 'error',
                testId: 'form-cancel',
                done: 'forms.done.cancel',
                reason: { intro: 'forms.cancelIntro', label: 'forms.reason' },
              },
            }}
          />
        </Stack>
      </Stack>
    </Panel>
  );
}

/** The fields of the destination's outcome dialogs: the quantity taken (in the form's unit) and the cause of a rejection. */
function outcomeFields(record: TFormWebRecord): { quantity: TWorkflowField; cause: TWorkflowField } {
  return {
    quantity: {
      name: 'acceptedQuantity',
      label: `resources.forms.fields.acceptance.acceptedQuantity`,
      required: true,
      helperText: record.quantity.unit === 'kg' ? 'forms.hints.acceptedQuantityKg' : 'forms.hints.acceptedQuantityL',
      validate: (value) => (parseQuantity(value).ok ? null : 'forms.validation.quantity'),
      testId: 'form-outcome-quantity',
    },
    cause: {
      name: 'rejectionCause',
      label: 'resources.forms.fields.acceptance.rejectionCause',
      required: true,
      choices: choices(REJECTION_CAUSES, 'forms.rejectionCause'),
      testId: 'form-outcome-cause',
    },
  };
}

/** A load turned back for non-conformity: the consortium opens a prefilled NCA report on it (once). */
function RejectedAtDestination({ record }: { record: TFormWebRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const canOpen = useCan('forms', 'openNca');
  const open = useCustomMutation('openNcaFromForm', {
    onSuccess: (report) => {
      notify('forms.ncaOpened', { type: 'success' });
      void navigate(`/nca-reports/${report._id}`);
    },
    onError: (error) => notify(error.message || 'genericError', { type: 'error' }),
  });
  return (
    <Alert
      severity="error"
      data-testid="form-rejected-at-destination"
      action={
        record.ncaReportId ? (
          <Button component={Link} to={`/nca-reports/${record.ncaReportId}`} color="inherit" size="small" data-testid="form-nca-link">
            {translate('forms.goToNca')}
          </Button>
        ) : canOpen ? (
          <Button color="inherit" size="small" startIcon={<ReportProblemIcon />} disabled={open.isPending} onClick={() => open.mutate([record.id])} data-testid="form-open-nca">
            {translate('forms.openNca')}
          </Button>
        ) : null
      }
    >
      {translate('forms.rejectedAtDestination')}
    </Alert>
  );
}

/** The signed FIR document: download it (with a .p7m's verified signers), or upload it while the form is pending. */
export function FormDocument({ record, canUpload }: { record: TFormWebRecord; canUpload: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = (error: Error) => notify(error.message || 'genericError', { type: 'error' });
  const attach = useCustomMutation('attachFormDocument', {
    onSuccess: () => {
      notify('forms.uploaded', { type: 'success' });
      refresh();
    },
    onError,
  });
  // The file is uploaded linked to the form first, then made its document.
  const upload = useCustomMutation('upload', { onSuccess: (uploaded) => attach.mutate([record.id, uploaded._id]), onError });
  return (
    <Panel title={translate('forms.sections.document')} testId="form-document">
      {record.document ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: canUpload ? 2 : 0 }}>
          <Typography variant="body2">{record.document.fileName}</Typography>
          <DownloadButton path={`/uploads/${record.document.uploadId}/download`} fileName={record.document.fileName} label="forms.download" />
        </Stack>
      ) : null}
      {record.document?.signature ? (
        <Stack spacing={1} sx={{ mb: 2 }} data-testid="form-document-signers">
          {record.document.signature.signers.map((signer, i) => (
            <Typography key={i} variant="body2">
              {translate('forms.signedBy', {
                name: signer.name,
                taxCode: signer.codiceFiscale ?? '—',
                from: formatDate(signer.notBefore, locale),
                to: formatDate(signer.notAfter, locale),
              })}
            </Typography>
          ))}
          {record.document.signature.warnings.map((warning, i) => (
            <Alert key={i} severity="warning">
              {translate(`forms.signatureWarning.${warning.code}`, { _: warning.message })}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {record.document ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: canUpload ? 2 : 0 }}>
          {translate('forms.noDocument')}
        </Typography>
      )}
      {canUpload ? (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            {translate('forms.upload')}
          </Typography>
          <FilePicker extensions={['pdf', 'p7m']} onFiles={(files) => files[0] && upload.mutate([files[0], { link: { type: 'forms', id: record.id } }])} />
        </>
      ) : null}
    </Panel>
  );
}
