import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import ReplyIcon from '@mui/icons-material/Reply';
import PaymentsIcon from '@mui/icons-material/Payments';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { DeleteWithConfirmButton, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { can } from '@app/domain/platform/access/access-table';
import { CalendarDateField } from '../../components/DateInput';
import { canRecordPayment, declarationWorkflow } from '@app/domain/tourist-tax/filings/declaration-flow';
import { centsToEuros, parseEuroAmount } from '@app/domain/tourist-tax/money';
import { FilePicker } from '../../components/FilePicker';
import { eurosToText } from '../modello21/monthRows';
import { DownloadButton } from '../../components/DownloadButton';
import { formatEuros } from '../../components/format';
import { currentRole } from '../../components/permissions';
import { WorkflowActions } from '../../components/WorkflowActions';
import { errorText } from '../../components/serverErrors';
import { useCustomMutation } from '../../dataProvider/hooks';
import { ATTACHMENT_EXTENSIONS } from '../shared/filingParts';
import type { TDeclaration } from './components';

function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The payment to the comune: date, TRN/CRO (or PagoPA notice code), amount, optional receipt file. */
export function PaymentDialog({ record, open, onClose, onDone }: { record: TDeclaration; open: boolean; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  // Each save adds a payment: a new one starts from today and what is still due.
  const [paymentDate, setPaymentDate] = useState(todayIso());
  const [trn, setTrn] = useState('');
  const [paidAmount, setPaidAmount] = useState(eurosToText(Math.max(0, Math.round((record.toPayAmount - (record.paidAmount ?? 0)) * 100) / 100), locale));
  const [treasuryReference, setTreasuryReference] = useState('');
  const [receiptNumber, setReceiptNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = paidAmount.trim() === '' ? null : parseEuroAmount(paidAmount);
  const problems = {
    paymentDate: /^\d{4}-\d{2}-\d{2}$/.test(paymentDate) ? undefined : 'validation.required',
    trn: trn.trim() === '' ? 'validation.required' : trn.trim().length > 100 ? 'filings.validation.tooLong' : undefined,
    paidAmount: paidAmount.trim() !== '' && (amount === null || amount < 0) ? 'validation.twoDecimals' : undefined,
  };
  const valid = !problems.paymentDate && !problems.trn && !problems.paidAmount;
  const show = (key: keyof typeof problems) => (touched && problems[key] ? translate(problems[key]) : undefined);

  // The receipt (when chosen) goes up first, linked to the declaration, then the payment names it.
  const onError = (error: Error) => setProblem(errorText(translate, error));
  const uploading = useCustomMutation('upload', { onError });
  const recording = useCustomMutation('recordPayment', {
    onSuccess: () => {
      notify('filings.declarations.paymentSaved', { type: 'success' });
      onDone();
      onClose();
    },
    onError,
  });
  const busy = uploading.isPending || recording.isPending;

  const save = () => {
    setTouched(true);
    if (!valid) return;
    setProblem(null);
    const pay = (receiptUploadId?: string) =>
      recording.mutate([
        record.id,
        {
          paymentDate,
          trn: trn.trim(),
          paidAmount: amount === null ? null : centsToEuros(amount),
          treasuryReference: treasuryReference.trim() || null,
          receiptNumber: receiptNumber.trim() || null,
          ...(receiptUploadId ? { paymentReceiptUploadId: receiptUploadId } : {}),
        },
      ]);
    if (file) uploading.mutate([file, { link: { type: 'declarations', id: record.id } }], { onSuccess: (upload) => pay(upload._id) });
    else pay();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="payment-title">
      <DialogTitle id="payment-title">{translate('filings.declarations.recordPayment')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('filings.declarations.paymentIntro', { amount: formatEuros(record.toPayAmount, locale), iban: record.iban ?? '—' })}</DialogContentText>
        <Stack spacing={2}>
          <CalendarDateField
            label={translate('resources.declarations.fields.paymentDate')}
            value={paymentDate}
            onChange={setPaymentDate}
            error={!!show('paymentDate')}
            helperText={show('paymentDate') ?? ' '}
            required
          />
          <TextField
            label={translate('resources.declarations.fields.trn')}
            value={trn}
            onChange={(event) => setTrn(event.target.value)}
            error={!!show('trn')}
            helperText={show('trn') ?? translate('filings.declarations.trnHelp')}
            required
          />
          <TextField
            label={translate('resources.declarations.fields.paidAmount')}
            value={paidAmount}
            onChange={(event) => setPaidAmount(event.target.value)}
            error={!!show('paidAmount')}
            helperText={show('paidAmount') ?? translate('filings.declarations.paidAmountHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField label={translate('filings.payments.treasuryReference')} value={treasuryReference} onChange={(event) => setTreasuryReference(event.target.value)} />
          <TextField label={translate('filings.payments.receiptNumber')} value={receiptNumber} onChange={(event) => setReceiptNumber(event.target.value)} />
          <Box>
            <DialogContentText variant="body2" sx={{ mb: 1 }}>
              {translate('filings.declarations.paymentReceipt')}
            </DialogContentText>
            <FilePicker extensions={ATTACHMENT_EXTENSIONS} onFiles={(files) => setFile(files[0] ?? null)} />
          </Box>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy} data-testid="payment-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The buttons of a declaration: the workflow's actions the signed-in role may take from the status
 * (the hotelier submits after a confirmation; the comune validates or revokes after a confirmation,
 * or sends it back with a reason), plus the payment, the receipt and, on a draft, the delete.
 */
export function DeclarationActionBar({ record, allowDelete = false }: { record: TDeclaration; allowDelete?: boolean }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const role = currentRole();
  const [paying, setPaying] = useState(false);
  const confirmText = (action: 'submit' | 'validate' | 'revoke') => ({
    title: `filings.declarations.confirm.${action}Title`,
    content: `filings.declarations.confirm.${action}`,
    confirmLabel: `filings.declarations.actions.${action}`,
  });
  const submitted = record.status === 'submitted' || record.status === 'validated';
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="declaration-actions">
      <WorkflowActions
        workflow={declarationWorkflow}
        resource="declarations"
        record={record}
        facts={undefined}
        buttons={{
          submit: { label: 'filings.declarations.actions.submit', icon: <SendIcon />, testId: 'action-submit', done: 'filings.declarations.done.submit', confirm: confirmText('submit') },
          validate: {
            label: 'filings.declarations.actions.validate',
            icon: <CheckCircleIcon />,
            color: 'success',
            testId: 'action-validate',
            done: 'filings.declarations.done.validate',
            confirm: confirmText('validate'),
            translateOptions: { code: record.code ?? '' },
            body: () => ({ confirm: true }),
          },
          return: {
            label: 'filings.declarations.actions.return',
            icon: <ReplyIcon />,
            variant: 'outlined',
            color: 'warning',
            testId: 'action-return',
            done: 'filings.declarations.done.return',
            reason: { intro: 'filings.declarations.returnIntro', label: 'filings.declarations.returnReason', confirmTestId: 'return-confirm' },
          },
          revoke: {
            label: 'filings.declarations.actions.revoke',
            icon: <UndoIcon />,
            variant: 'outlined',
            color: 'error',
            testId: 'action-revoke',
            done: 'filings.declarations.done.revoke',
            confirm: { ...confirmText('revoke'), confirmColor: 'warning' },
            translateOptions: { code: record.code ?? '' },
            body: () => ({ confirm: true }),
          },
        }}
      />
      {can(role, 'declarations', 'recordPayment') && canRecordPayment(record.status) ? (
        <Button variant={record.paymentDate ? 'outlined' : 'contained'} startIcon={<PaymentsIcon />} onClick={() => setPaying(true)} data-testid="action-payment">
          {translate(record.paymentDate ? 'filings.payments.add' : 'filings.declarations.recordPayment')}
        </Button>
      ) : null}
      {submitted ? (
        <DownloadButton
          path={`/declarations/${record.id}/receipt`}
          fileName={`ricevuta-${record.code ?? record.id}.pdf`}
          label="filings.declarations.receiptPdf"
          icon={<PictureAsPdfIcon />}
          testId="action-receipt"
        />
      ) : null}
      {record.paymentReceiptUploadId ? (
        <DownloadButton path={`/uploads/${record.paymentReceiptUploadId}/download`} fileName="ricevuta-versamento" label="filings.declarations.paymentReceiptDownload" icon={<ReceiptLongIcon />} />
      ) : null}
      {allowDelete && can(role, 'declarations', 'delete') && record.status === 'draft' ? (
        <DeleteWithConfirmButton record={record} resource="declarations" mutationMode="pessimistic" redirect="list" />
      ) : null}
      {paying ? <PaymentDialog record={record} open onClose={() => setPaying(false)} onDone={refresh} /> : null}
    </Stack>
  );
}
