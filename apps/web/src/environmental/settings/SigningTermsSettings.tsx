import { useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { errorText } from '../../components/serverErrors';
import { useCustomMutation, useCustomQuery, useInvalidateCustom } from '../../dataProvider/hooks';
import { formatDateTime } from '../../i18n/format';

/**
 * The signing terms of the NCA signatures (firma elettronica avanzata con codice OTP), for an
 * administrator: the version in force, and a new version published in Italian and English. Earlier
 * versions stay; every signer accepts the new one before their next signature.
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
      await invalidateCustom('signingTerms');
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
    </Box>
  );
}
