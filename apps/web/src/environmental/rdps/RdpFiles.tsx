import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { TRdpRecord } from '@app/domain/environmental/rdp/rdps';
import { buildUrl } from '../../dataProvider/httpClient';
import { uploadWithProgress } from '../../dataProvider/files';
import { getSession } from '../../session/store';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useHasTranslation } from '../../components/forms';
import { errorBodyOf, errorMessageOf } from '../../dataProvider/errors';

type TRdp = TRdpRecord & { id: string };

async function fetchFile(path: string): Promise<Blob> {
  const token = getSession()?.token;
  const response = await fetch(buildUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/**
 * A PDF of the report shown in the page: fetched with the session token, then displayed from a
 * blob: URL (the API answers only with the bearer token, so the browser cannot load it by address).
 */
export function PdfViewer({ path, testId }: { path: string; testId: string }) {
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    let revoked = false;
    let objectUrl: string | null = null;
    fetchFile(path)
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(objectUrl);
      })
      .catch(() => setFailed(true));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, open]);
  if (!open) {
    return (
      <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
        {translate('environmental.rdps.files.view')}
      </Button>
    );
  }
  if (failed) return <Alert severity="error">{translate('environmental.rdps.files.none')}</Alert>;
  if (!url) return <LinearProgress aria-label={translate('environmental.rdps.files.loading')} />;
  return (
    <Box>
      <Button size="small" startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener" sx={{ mb: 1 }}>
        {translate('environmental.rdps.files.openTab')}
      </Button>
      <Box component="iframe" src={url} title={path} data-testid={testId} sx={{ width: '100%', height: { xs: 420, md: 640 }, border: 1, borderColor: 'divider', borderRadius: 1 }} />
    </Box>
  );
}

/** Upload of the draft PDF or of the signed .p7m, with its progress; the server verifies the file. */
export function RdpUploadButton({ record, action, label, accept, testId }: { record: TRdp; action: 'uploadDraft' | 'uploadSigned'; label: string; accept: string; testId: string }) {
  const translate = useTranslate();
  const hasKey = useHasTranslation();
  const notify = useNotify();
  const refresh = useRefresh();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setProblem(null);
    setPercent(0);
    try {
      await uploadWithProgress(`/rdps/${record.id}/${action}`, form, ({ loaded, total }) => setPercent(Math.round((loaded / total) * 100)));
      notify('environmental.rdps.files.uploaded', { type: 'success' });
      refresh();
    } catch (error) {
      const body = errorBodyOf(error);
      const message = errorMessageOf(error);
      // The verifier's reason (e.g. the message digest does not match) follows the translated code.
      setProblem(
        [hasKey(message) ? translate(message) : message, body.code === 'SIGNATURE_INVALID' && typeof body.message === 'string' && body.message ? body.message : null].filter(Boolean).join(' — '),
      );
    } finally {
      setPercent(null);
    }
  };
  return (
    <Box>
      <Button component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={percent !== null} data-testid={`${testId}-button`}>
        {translate(label)}
        <input
          hidden
          type="file"
          accept={accept}
          data-testid={testId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      </Button>
      {percent !== null ? (
        <Box sx={{ mt: 1, maxWidth: 420 }}>
          <Typography variant="body2">{percent < 100 ? translate('environmental.rdps.files.uploading', { percent }) : translate('environmental.rdps.files.verifying')}</Typography>
          <LinearProgress variant={percent < 100 ? 'determinate' : 'indeterminate'} value={percent} />
        </Box>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`${testId}-error`}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}

/** What the verification of the signed file found: integrity, identity with the draft, each signer, the warnings. */
export function SignatureDetails({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const check = record.signatureCheck;
  if (!check) return null;
  const t = (key: string, options?: object) => translate(`environmental.rdps.signature.${key}`, options);
  return (
    <Box data-testid="rdp-signature">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('title')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Chip color="success" label={t('integrityOk')} />
        <Chip color={check.identicalToDraft ? 'success' : 'warning'} label={t(check.identicalToDraft ? 'identical' : 'notIdentical')} data-testid="rdp-identical" />
        {check.nested > 0 ? <Chip label={t('nested', { smart_count: check.nested })} /> : null}
      </Stack>
      {check.warnings.length ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="rdp-signature-warnings">
          <strong>{t('warnings')}:</strong>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {check.warnings.map((w, i) => (
              <li key={i}>
                {translate(`environmental.rdps.signature.warningCodes.${w.code}`, { _: w.message })}
                {check.signers[w.signer] ? ` — ${check.signers[w.signer].name}` : ''}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {check.signers.map((s) => (
        <Box key={s.index} sx={{ overflowX: 'auto', mb: 1 }}>
          <Table size="small" sx={{ maxWidth: 720 }} data-testid="rdp-signer">
            <TableBody>
              <TableRow>
                <TableCell component="th" sx={{ width: 220 }}>
                  {t('signer')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{s.name}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('codiceFiscale')}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{s.codiceFiscale ?? '—'}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('issuer')}</TableCell>
                <TableCell>{s.issuer}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('validity')}</TableCell>
                <TableCell>
                  {t('validityRange', { from: formatDate(s.notBefore, locale), to: formatDate(s.notAfter, locale) })} {s.validNow ? null : <Chip size="small" color="warning" label={t('expired')} />}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('signingTime')}</TableCell>
                <TableCell>{s.signingTime ? formatDateTime(s.signingTime, locale) : '—'}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('scv2')}</TableCell>
                <TableCell>{t(`scv2Values.${s.signingCertificateV2}`)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{t('trust')}</TableCell>
                <TableCell>{t(s.trusted === null ? 'unchecked' : s.trusted ? 'trusted' : 'untrusted')}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      ))}
    </Box>
  );
}
