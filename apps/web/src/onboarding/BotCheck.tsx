import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useOnboardingText } from './onboardingText';

const CHALLENGE_URL = '/api/auth/altcha-challenge';

/**
 * The self-hosted bot-check (altcha proof of work, challenge from our own API). The widget code is
 * loaded on demand. `onChange` receives the payload to send as `x-altcha`, or null while unverified.
 */
export function BotCheck({ onChange }: { onChange: (payload: string | null) => void }) {
  const { locale } = useOnboardingText();
  const [ready, setReady] = useState(false);
  const widget = useRef<HTMLElement | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    Promise.all([import('altcha'), import('altcha/i18n/it')])
      .then(() => !cancelled && setReady(true))
      .catch((error) => console.error('bot-check widget not loaded', error));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!ready || !element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [ready]);

  if (!ready) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  return (
    <Box sx={{ my: 2, '& altcha-widget': { display: 'block' } }} data-testid="bot-check">
      <altcha-widget ref={widget} challenge={CHALLENGE_URL} language={locale === 'en' ? 'en' : 'it'} />
    </Box>
  );
}
