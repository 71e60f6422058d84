import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { errorText } from '../../components/serverErrors';
import { useCustomMutation, useInvalidateCustom } from '../../dataProvider/hooks';
import type { TSigningTerms } from '../../dataProvider/environmental';

/** The terms' text in the interface's language (Italian unless English is chosen). */
export const termsLanguageOf = (locale: string): 'it' | 'en' => (locale === 'en' ? 'en' : 'it');

/**
 * The signing terms (FEA, DPCM 22/02/2013 art. 57), shown before a signer's first code: the text of
 * the version in force and an accept checkbox. Accepting records it on the server (time, address,
 * browser, the text's hash) and then goes on with what the signer asked (`onAccepted`). Read only
 * once accepted.
 */
export function SigningTermsDialog({ terms, open, onClose, onAccepted }: { terms: TSigningTerms; open: boolean; onClose: () => void; onAccepted?: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const invalidateCustom = useInvalidateCustom();
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const language = termsLanguageOf(locale);
  const accepting = useCustomMutation('acceptSigningTerms', {
    onMutate: () => setProblem(null),
    onError: (error: Error) => setProblem(errorText(translate, error)),
    onSuccess: async () => {
      await invalidateCustom('signingTerms');
      onClose();
      onAccepted?.();
    },
  });
  const accepted = !!terms.acceptedAt;
  return (
    <Dialog open={open} onClose={accepting.isPending ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="signing-terms-title" data-testid="signing-terms">
      <DialogTitle id="signing-terms-title">{translate('nca.mySignatures.terms.title')}</DialogTitle>
      <DialogContent>
        {accepted ? null : <DialogContentText sx={{ mb: 2 }}>{translate('nca.mySignatures.terms.intro', { version: terms.version })}</DialogContentText>}
        <Box
          component="section"
          tabIndex={0}
          aria-label={translate('nca.mySignatures.terms.title')}
          sx={{ whiteSpace: 'pre-wrap', maxHeight: '45vh', overflow: 'auto', p: 2, border: 1, borderColor: 'divider', borderRadius: 1, typography: 'body2' }}
          data-testid="signing-terms-text"
        >
          {language === 'en' ? terms.textEn : terms.textIt}
        </Box>
        {accepted ? null : (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={checked}
                onChange={(event) => setChecked(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'signing-terms-title' } }}
                data-testid="signing-terms-accept"
              />
            }
            label={translate('nca.mySignatures.terms.accept')}
          />
        )}
        {problem ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={accepting.isPending}>
          {translate(accepted ? 'nca.mySignatures.terms.close' : 'ra.action.cancel')}
        </Button>
        {accepted ? null : (
          <Button variant="contained" disabled={!checked || accepting.isPending} onClick={() => accepting.mutate([terms.version, language])} data-testid="signing-terms-confirm">
            {translate('nca.mySignatures.terms.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
