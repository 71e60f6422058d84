import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import ReplyIcon from '@mui/icons-material/Reply';
import PaymentsIcon from '@mui/icons-material/Payments';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Confirm, DeleteWithConfirmButton, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { canRecordPayment } from '@app/domain/tourist-tax/filings/declaration-flow';
import { centsToEuros, parseEuroAmount } from '@app/domain/tourist-tax/money';
import { FilePicker } from '../../components/FilePicker';
import { eurosToText } from '../twenty-one-models/monthRows';
import { DownloadButton } from '../../components/DownloadButton';
import { formatEuros } from '../../components/format';
import { currentRole } from '../../components/permissions';
import { ATTACHMENT_EXTENSIONS, postJson, uploadFile } from './filingApi';
import type { TDeclaration } from './components';

/** Who acts on a declaration: the hotelier side (an admin may act for them) and the comune side. */
export function declarationSides(role = currentRole()) {
  return { hotelier: role === 'user' || role === 'admin', comune: role === 'city' || role === 'admin' };
}

function errorText(translate: (key: string, options?: object) => string, error: unknown): string {
  const message = (error as Error)?.message || 'genericError';
  return translate(message, { _: message });
}

type TConfirmAction = 'submit' | 'validate' | 'revoke';

const CONFIRM_BODY: Record<TConfirmAction, object> = { submit: {}, validate: { confirm: true }, revoke: { confirm: true } };

function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The payment to the comune: date, TRN/CRO (or PagoPA notice code), amount, optional receipt file. */
export function PaymentDialog({ record, open, onClose, onDone }: { record: TDeclaration; open: boolean; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [paymentDate, setPaymentDate] = useState(record.paymentDate ?? todayIso());
  const [trn, setTrn] = useState(record.trn ?? '');
  const [paidAmount, setPaidAmount] = useState(eurosToText(record.paidAmount ?? record.toPayAmount, locale));
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = paidAmount.trim() === '' ? null : parseEuroAmount(paidAmount);
  const problems = {
    paymentDate: /^\d{4}-\d{2}-\d{2}$/.test(paymentDate) ? undefined : 'validation.required',
    trn: trn.trim() === '' ? 'validation.required' : trn.trim().length > 100 ? 'filings.validation.tooLong' : undefined,
    paidAmount: paidAmount.trim() !== '' && (amount === null || amount < 0) ? 'validation.twoDecimals' : undefined,
  };
  const valid = !problems.paymentDate && !problems.trn && !problems.paidAmount;
  const show = (key: keyof typeof problems) => (touched && problems[key] ? translate(problems[key]!) : undefined);

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    setProblem(null);
    try {
      const upload = file ? await uploadFile(file, { type: 'declarations', id: record.id }) : null;
      await postJson(`/declarations/${record.id}/payment`, {
        paymentDate,
        trn: trn.trim(),
        paidAmount: amount === null ? null : centsToEuros(amount),
        ...(upload ? { paymentReceiptUploadId: upload._id } : {}),
      });
      notify('filings.declarations.paymentSaved', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      setProblem(errorText(translate, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="payment-title">
      <DialogTitle id="payment-title">{translate('filings.declarations.recordPayment')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('filings.declarations.paymentIntro', { amount: formatEuros(record.toPayAmount, locale), iban: record.iban ?? '—' })}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            label={translate('resources.declarations.fields.paymentDate')}
            type="date"
            value={paymentDate}
            onChange={(event) => setPaymentDate(event.target.value)}
            error={!!show('paymentDate')}
            helperText={show('paymentDate') ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
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

/** Sending a declaration back to the hotelier needs a reason. */
function ReturnDialog({ record, open, onClose, onDone }: { record: TDeclaration; open: boolean; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const missing = reason.trim() === '';
  const send = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await postJson(`/declarations/${record.id}/return`, { reason: reason.trim() });
      notify('filings.declarations.done.return', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      setProblem(errorText(translate, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="return-title">
      <DialogTitle id="return-title">{translate('filings.declarations.actions.return')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('filings.declarations.returnIntro')}</DialogContentText>
        <TextField
          label={translate('filings.declarations.returnReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          required
          error={touched && missing}
          helperText={touched && missing ? translate('validation.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {problem ? <Alert severity="error">{problem}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="warning" onClick={send} disabled={busy} data-testid="return-confirm">
          {translate('filings.declarations.actions.return')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The buttons of a declaration, by role and state: the hotelier submits (after a confirmation),
 * records the payment and downloads the receipt; the comune validates or revokes a validation (each
 * after a confirmation) or sends it back with a reason.
 */
export function DeclarationActionBar({ record, onChanged, allowDelete = false }: { record: TDeclaration; onChanged: () => void; allowDelete?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const sides = declarationSides();
  const [confirming, setConfirming] = useState<TConfirmAction | null>(null);
  const [returning, setReturning] = useState(false);
  const [paying, setPaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const can = (action: TDeclaration['availableActions'][number]) => record.availableActions.includes(action);

  const run = async (action: TConfirmAction) => {
    setBusy(true);
    try {
      await postJson(`/declarations/${record.id}/${action}`, CONFIRM_BODY[action]);
      notify(`filings.declarations.done.${action}`, { type: 'success' });
      onChanged();
    } catch (error) {
      const message = (error as Error)?.message || 'genericError';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const submitted = record.status === 'submitted' || record.status === 'validated';
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="declaration-actions">
      {sides.hotelier && can('submit') ? (
        <Button variant="contained" startIcon={<SendIcon />} onClick={() => setConfirming('submit')} disabled={busy} data-testid="action-submit">
          {translate('filings.declarations.actions.submit')}
        </Button>
      ) : null}
      {sides.hotelier && canRecordPayment(record.status) ? (
        <Button variant={record.paymentDate ? 'outlined' : 'contained'} startIcon={<PaymentsIcon />} onClick={() => setPaying(true)} disabled={busy} data-testid="action-payment">
          {translate(record.paymentDate ? 'filings.declarations.changePayment' : 'filings.declarations.recordPayment')}
        </Button>
      ) : null}
      {sides.comune && can('validate') ? (
        <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} onClick={() => setConfirming('validate')} disabled={busy} data-testid="action-validate">
          {translate('filings.declarations.actions.validate')}
        </Button>
      ) : null}
      {sides.comune && can('return') ? (
        <Button variant="outlined" color="warning" startIcon={<ReplyIcon />} onClick={() => setReturning(true)} disabled={busy} data-testid="action-return">
          {translate('filings.declarations.actions.return')}
        </Button>
      ) : null}
      {sides.comune && can('revoke') ? (
        <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setConfirming('revoke')} disabled={busy} data-testid="action-revoke">
          {translate('filings.declarations.actions.revoke')}
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
        <DownloadButton
          path={`/uploads/${record.paymentReceiptUploadId}/download`}
          fileName="ricevuta-versamento"
          label="filings.declarations.paymentReceiptDownload"
          icon={<ReceiptLongIcon />}
        />
      ) : null}
      {allowDelete && sides.hotelier && record.status === 'draft' ? <DeleteWithConfirmButton record={record} resource="declarations" mutationMode="pessimistic" redirect="list" /> : null}

      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title={confirming ? `filings.declarations.confirm.${confirming}Title` : ''}
        content={confirming ? `filings.declarations.confirm.${confirming}` : ''}
        translateOptions={{ code: record.code ?? '' }}
        confirm={confirming ? `filings.declarations.actions.${confirming}` : 'ra.action.confirm'}
        confirmColor={confirming === 'revoke' ? 'warning' : 'primary'}
        onConfirm={() => confirming && run(confirming)}
        onClose={() => setConfirming(null)}
      />
      {returning ? <ReturnDialog record={record} open onClose={() => setReturning(false)} onDone={onChanged} /> : null}
      {paying ? <PaymentDialog record={record} open onClose={() => setPaying(false)} onDone={onChanged} /> : null}
    </Stack>
  );
}
