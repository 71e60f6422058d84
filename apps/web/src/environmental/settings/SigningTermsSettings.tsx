import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { errorText } from '../../components/serverErrors';
import { useCustomMutation, useCustomQuery, useInvalidateCustom } from '../../dataProvider/hooks';
import type { TSigningTermsVersion } from '../../dataProvider/environmental';
import { formatDateTime } from '../../i18n/format';

/**
 * The signing terms of the NCA signatures (firma elettronica avanzata con codice OTP), for an
 * administrator: the version in force, and a new version published in Italian and English. Earlier
 * versions stay, listed read-only below; every signer accepts the new one before their next signature.
 */
export function SigningTermsSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const invalidateCustom = useInvalidateCustom();
  const terms = useCustomQuery('signingTerms', []);
  const [textIt, setTextIt] = useState('');
  const [textEn, setTextEn] = useState('');
  const [confirming, setConfirming] = useState(false);
  const current = terms.data;
  useEffect(() => {
    if (!current) return;
    setTextIt(current.textIt);
    setTextEn(current.textEn);
  }, [current]);
  const publishing = useCustomMutation('publishSigningTerms', {
    onError: (error: Error) => notify(errorText(translate, error), { type: 'error' }),
    onSuccess: async (published) => {
      setConfirming(false);
      await invalidateCustom('signingTerms', 'signingTermsVersions');
      notify(translate('nca.termsSettings.published', { version: published.version }), { type: 'success' });
    },
  });
  if (!current) return null;
  const unchanged = textIt.trim() === current.textIt && textEn.trim() === current.textEn;
  const empty = !textIt.trim() || !textEn.trim();
  return (
    <Box sx={{ py: 2 }} data-testid="signing-terms-settings">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="signing-terms-version">
        {translate('nca.termsSettings.inForce', { version: current.version, at: formatDateTime(current.publishedAt, locale) })}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('nca.termsSettings.intro')}
      </Alert>
      <Stack spacing={2}>
        <TextField
          label={translate('nca.termsSettings.textIt')}
          value={textIt}
          onChange={(e) => setTextIt(e.target.value)}
          multiline
          minRows={6}
          maxRows={16}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'signing-terms-it' } }}
        />
        <TextField
          label={translate('nca.termsSettings.textEn')}
          value={textEn}
          onChange={(e) => setTextEn(e.target.value)}
          multiline
          minRows={6}
          maxRows={16}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'signing-terms-en' } }}
        />
        <Box>
          <Button variant="contained" startIcon={<PublishIcon />} disabled={unchanged || empty || publishing.isPending} onClick={() => setConfirming(true)} data-testid="signing-terms-publish">
            {translate('nca.termsSettings.publish')}
          </Button>
          {unchanged ? (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 2 }}>
              {translate('nca.termsSettings.unchanged')}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      <Dialog open={confirming} onClose={publishing.isPending ? undefined : () => setConfirming(false)} aria-labelledby="signing-terms-confirm">
        <DialogTitle id="signing-terms-confirm">{translate('nca.termsSettings.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('nca.termsSettings.confirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={publishing.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => publishing.mutate([textIt.trim(), textEn.trim()])} disabled={publishing.isPending} data-testid="signing-terms-confirm">
            {translate('nca.termsSettings.publish')}
          </Button>
        </DialogActions>
      </Dialog>
      <SigningTermsVersions />
    </Box>
  );
}

/** A SHA-256 shortened for the eye; the whole of it in the tooltip and for a screen reader. */
function Hash({ value }: { value: string }) {
  return (
    <Box component="code" title={value} aria-label={value} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
      {`${value.slice(0, 16)}…`}
    </Box>
  );
}

/** Every published version of the terms, newest first, read-only: date, publisher, hashes of the two texts, acceptances. */
function SigningTermsVersions() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const versions = useCustomQuery('signingTermsVersions', []);
  if (!versions.data) return null;
  const t = (key: string) => translate(`nca.termsSettings.${key}`);
  const publisher = (v: TSigningTermsVersion) => v.publishedBy?.name ?? t('installed');
  const version = (v: TSigningTermsVersion) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{v.version}</span>
      {v.inForce ? <Chip size="small" color="success" label={t('inForceChip')} /> : null}
    </Stack>
  );
  return (
    <Box sx={{ mt: 4 }} data-testid="signing-terms-versions">
      <Typography variant="h6" component="h2">
        {t('history')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('historyIntro')}
      </Typography>
      {phone ? (
        <Stack spacing={1}>
          {versions.data.map((v) => (
            <Paper key={v.version} variant="outlined" sx={{ p: 1.5 }} data-testid="signing-terms-version-row">
              {version(v)}
              <Typography variant="body2">
                {t('publishedAt')}: {formatDateTime(v.publishedAt, locale)}
              </Typography>
              <Typography variant="body2">
                {t('publishedBy')}: {publisher(v)}
              </Typography>
              <Typography variant="body2">
                {t('hashIt')}: <Hash value={v.textItSha256} />
              </Typography>
              <Typography variant="body2">
                {t('hashEn')}: <Hash value={v.textEnSha256} />
              </Typography>
              <Typography variant="body2">
                {t('acceptances')}: {v.acceptances}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('version')}</TableCell>
                <TableCell>{t('publishedAt')}</TableCell>
                <TableCell>{t('publishedBy')}</TableCell>
                <TableCell>{t('hashIt')}</TableCell>
                <TableCell>{t('hashEn')}</TableCell>
                <TableCell align="right">{t('acceptances')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.data.map((v) => (
                <TableRow key={v.version} data-testid="signing-terms-version-row">
                  <TableCell>{version(v)}</TableCell>
                  <TableCell>{formatDateTime(v.publishedAt, locale)}</TableCell>
                  <TableCell>{publisher(v)}</TableCell>
                  <TableCell>
                    <Hash value={v.textItSha256} />
                  </TableCell>
                  <TableCell>
                    <Hash value={v.textEnSha256} />
                  </TableCell>
                  <TableCell align="right">{v.acceptances}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
