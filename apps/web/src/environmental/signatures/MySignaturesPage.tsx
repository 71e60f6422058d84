import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { EXPLANATION_MIN, OTP_RULES } from '@app/domain/environmental/nca/index';
import { errorText } from '../../components/serverErrors';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { useAppConfig } from '../../config';
import { useCustomMutation, useInvalidateCustom } from '../../dataProvider/hooks';
import type { TMySignRequest, TSendCodeAnswer, TSigningTerms } from '../../dataProvider/environmental';
import { useReportName } from '../nca/useReportName';
import { isNotAvailable, useMySignatures, useSignFacts, useSigningTerms } from '../nca/queries';
import { SigningTermsDialog } from './SigningTermsDialog';
import { errorDetailsOf } from '../../dataProvider/errors';

/*
 * "Le mie firme": the sign requests waiting for the signed-in user. A signer asks for a 6-digit code
 * (e-mailed, valid a few minutes, single use) and signs with it: a signature with a one-time code
 * ("firma elettronica avanzata con codice OTP"), not a qualified digital signature. Before the first
 * code the signer reads and accepts the signing terms in force (the API refuses a signature until then).
 * Or rejects, saying why. Under
 * impersonation nobody signs (the API refuses it; the page says so first). Wrong codes lock a request
 * (until the consortium unlocks it) and, past 10 in 24 hours over all requests, the signer everywhere
 * until the oldest leaves the window: either way no code is sent nor signature tried meanwhile.
 */

/** The times of the signer's lock are Italian times, wherever the browser is. */
const ITALIAN_TIME = { timeZone: 'Europe/Rome' };

/** Until when a refused call says the signer is locked out of all their requests (OTP_LOCKED's "signer locked" detail), if it does. */
function signerLockOf(error: unknown): string | null {
  const until = errorDetailsOf(error).find((d) => d.message === 'signer locked')?.value;
  return typeof until === 'string' ? until : null;
}

function SignCard({
  request,
  impersonating,
  signerLocked,
  terms,
  termsLoading,
}: {
  request: TMySignRequest;
  impersonating: boolean;
  signerLocked: boolean;
  terms: TSigningTerms | undefined;
  termsLoading: boolean;
}) {
  const translate = useTranslate();
  const reportName = useReportName();
  const [locale] = useLocaleState();
  const { demo } = useAppConfig();
  const notify = useNotify();
  const invalidateCustom = useInvalidateCustom();
  const [sent, setSent] = useState<TSendCodeAnswer | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [explanation, setExplanation] = useState('');
  const [readingTerms, setReadingTerms] = useState(false);
  const refreshAll = () => invalidateCustom('mySignRequests', 'signRequestFacts');

  const handlers = {
    onMutate: () => setProblem(null),
    onError: (error: Error) => {
      const lockedUntil = signerLockOf(error);
      setProblem(lockedUntil ? translate('nca.mySignatures.signerLocked', { until: formatDateTime(lockedUntil, locale, ITALIAN_TIME) }) : errorText(translate, error));
      // A wrong code may have locked the request or the signer: the page shows it from fresh facts.
      void refreshAll();
    },
  };
  const askingCode = useCustomMutation('sendSignatureCode', {
    ...handlers,
    onSuccess: (answer) => {
      setSent(answer);
      setCode('');
    },
  });
  const signing = useCustomMutation('signWithCode', {
    ...handlers,
    onSuccess: () => {
      notify('nca.mySignatures.signed', { type: 'success' });
      return refreshAll();
    },
  });
  const rejection = useCustomMutation('rejectSignature', {
    ...handlers,
    onSuccess: () => {
      setRejecting(false);
      notify('nca.mySignatures.rejected', { type: 'info' });
      return refreshAll();
    },
  });
  // Until the terms are known, nobody can tell whether they come first.
  const busy = askingCode.isPending || signing.isPending || rejection.isPending || termsLoading;
  const sendCode = () => askingCode.mutate([request._id]);
  // The first time, the terms come before the code: accepting them sends it.
  const askCode = () => (terms && !terms.acceptedAt ? setReadingTerms(true) : sendCode());
  const sign = () => signing.mutate([request._id, code]);
  const reject = () => rejection.mutate([request._id, explanation.trim()]);
  const codeValid = /^\d{6}$/.test(code.replace(/\s/g, ''));
  const locked = request.locked || signerLocked;
  return (
    <Card variant="outlined" data-testid={`my-signature-${request.reportCode ?? request._id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {reportName(request.reportCode, request.reportDraftName)}
          </Typography>
          <Chip size="small" label={translate(`nca.mySignatures.phase.${request.phase}`)} />
          <Chip size="small" variant="outlined" label={request.agencyFunctionName} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {request.reportDescription}
        </Typography>
        {request.locked ? <Alert severity="error">{translate('errors.OTP_LOCKED')}</Alert> : null}
        {sent ? (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <Alert
              severity="info"
              action={
                // On a demo server no e-mail leaves: the code is read in the app's sent e-mail.
                demo ? (
                  <Button component={RouterLink} to="/mail-outbox" target="_blank" color="inherit" size="small" data-testid="read-code-in-outbox">
                    {translate('nca.mySignatures.readCode')}
                  </Button>
                ) : undefined
              }
            >
              {translate('nca.mySignatures.codeSent', { to: sent.destinationMasked, until: formatDateTime(sent.expiresAt, locale) })}
            </Alert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                label={translate('nca.mySignatures.code')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7, 'data-testid': 'otp-input' } }}
                helperText={translate('nca.mySignatures.codeHelp', { minutes: OTP_RULES.lifetimeMinutes })}
                sx={{ maxWidth: 240 }}
              />
              <Button variant="contained" disabled={busy || !codeValid || impersonating || locked} onClick={sign} data-testid="otp-sign">
                {translate('nca.mySignatures.sign')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="otp-problem">
            {problem}
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant={sent ? 'outlined' : 'contained'} disabled={busy || impersonating || locked} onClick={askCode} data-testid="otp-send">
          {translate(sent ? 'nca.mySignatures.resend' : 'nca.mySignatures.sendCode')}
        </Button>
        <Button color="error" disabled={busy || impersonating} onClick={() => setRejecting(true)} data-testid="sign-reject">
          {translate('nca.mySignatures.reject')}
        </Button>
        <Button component={RouterLink} to={`/nca-reports/${request.reportId}`}>
          {translate('nca.mySignatures.openReport')}
        </Button>
      </CardActions>
      {terms ? <SigningTermsDialog terms={terms} open={readingTerms} onClose={() => setReadingTerms(false)} onAccepted={sendCode} /> : null}
      <Dialog open={rejecting} onClose={busy ? undefined : () => setRejecting(false)} maxWidth="sm" fullWidth aria-labelledby={`reject-${request._id}`}>
        <DialogTitle id={`reject-${request._id}`}>{translate('nca.mySignatures.reject')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('nca.mySignatures.rejectIntro', { min: EXPLANATION_MIN })}</DialogContentText>
          <TextField
            label={translate('nca.mySignatures.explanation')}
            value={explanation}
            onChange={(event) => setExplanation(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'reject-explanation' } }}
          />
          {problem ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" color="error" disabled={busy || explanation.trim().length < EXPLANATION_MIN} onClick={reject} data-testid="reject-confirm">
            {translate('nca.mySignatures.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

export function MySignaturesPage() {
  const translate = useTranslate();
  const impersonating = !!useSession()?.realSession;
  const [locale] = useLocaleState();
  const invalidateCustom = useInvalidateCustom();
  const { data, error, isPending } = useMySignatures();
  const termsQuery = useSigningTerms();
  const terms = termsQuery.data;
  const [readingTerms, setReadingTerms] = useState(false);
  // The signer-wide lock is the same on each of the signer's requests: the first one's facts tell it (null when not locked).
  const signerLockedUntil = useSignFacts(data?.[0]?._id).data?.signerLockedUntil ?? null;
  const signerLocked = !!signerLockedUntil;
  // The lock ends on its own: ask again then, so the buttons come back without a reload.
  useEffect(() => {
    if (!signerLockedUntil) return;
    const timer = setTimeout(() => void invalidateCustom('mySignRequests', 'signRequestFacts'), Math.max(0, new Date(signerLockedUntil).getTime() - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [signerLockedUntil, invalidateCustom]);
  return (
    <Box sx={{ p: 2 }}>
      <Title title="nca.menu.mySignatures" />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate('nca.menu.mySignatures')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('nca.mySignatures.intro')}
      </Typography>
      {terms?.acceptedAt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="signing-terms-accepted">
          {translate('nca.mySignatures.terms.accepted', { at: formatDateTime(terms.acceptedAt, locale), version: terms.version })}{' '}
          <Button size="small" onClick={() => setReadingTerms(true)}>
            {translate('nca.mySignatures.terms.read')}
          </Button>
        </Typography>
      ) : null}
      {terms?.acceptedAt ? <SigningTermsDialog terms={terms} open={readingTerms} onClose={() => setReadingTerms(false)} /> : null}
      {impersonating ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('errors.IMPERSONATION_FORBIDDEN')}
        </Alert>
      ) : null}
      {signerLocked ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="signer-locked">
          {translate('nca.mySignatures.signerLocked', { until: formatDateTime(signerLockedUntil, locale, ITALIAN_TIME) })}
        </Alert>
      ) : null}
      {isPending ? null : error ? (
        <Alert severity={isNotAvailable(error) ? 'info' : 'error'}>{isNotAvailable(error) ? translate('nca.notAvailable.mySignatures') : errorText(translate, error)}</Alert>
      ) : (data ?? []).length === 0 ? (
        <Alert severity="success" data-testid="my-signatures-empty">
          {translate('nca.mySignatures.none')}
        </Alert>
      ) : (
        <Stack spacing={2} data-testid="my-signatures">
          {(data ?? []).map((request) => (
            <SignCard key={request._id} request={request} impersonating={impersonating} signerLocked={signerLocked} terms={terms} termsLoading={termsQuery.isPending} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
