import { use, useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import CssBaseline from '@mui/material/CssBaseline';
import Snackbar from '@mui/material/Snackbar';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { configureErrorTranslation } from '../dataProvider/errors';
import { AcceptInvitePage } from '../environmental/AcceptInvitePage';
import { initialLocale, loadOverrides, overridesFor } from '../i18n/locale';
import { setStoredLocale } from '../session/store';
import { useShell } from '../shellContext';
import { baseThemeOptions } from '../theme/base';
import { loadOnboardingMessages, onboardingMessages } from './i18n/onboardingMessages';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { OnboardingTextContext, type TNoticeType, type TOnboardingText } from './onboardingText';
import { RegisterPage } from './RegisterPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { createTranslate } from './translate';

const theme = createTheme(baseThemeOptions);
const NOTICE_MS = 3000;

/** Any other path belongs to the admin app (a signed-in visitor sent on, a link out of these pages). */
function ToAdmin() {
  const { showAdmin } = useShell();
  const location = useLocation();
  useEffect(() => showAdmin(`${location.pathname}${location.search}${location.hash}`, { replace: true }), [showAdmin, location]);
  return null;
}

/**
 * The onboarding pages as their own small app: MUI and the router, the onboarding messages, no
 * react-admin. The sign-in page loads this alone; the admin app is fetched after sign-in.
 */
export function OnboardingApp() {
  const [locale, setLocaleState] = useState(initialLocale);
  const [overridesLoaded, setOverridesLoaded] = useState(0);
  const [notice, setNotice] = useState<{ message: string; type: TNoticeType; id: number } | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);

  // English is fetched on demand: the first render waits for it when it is the visitor's language (main.tsx started the fetch).
  const messages = onboardingMessages(locale) ?? use(loadOnboardingMessages(locale));
  const translate = useMemo(() => createTranslate(messages, overridesFor(locale) ?? []), [messages, locale, overridesLoaded]); // eslint-disable-line react-hooks/exhaustive-deps -- overridesLoaded marks new labels
  // Server errors become `errors.<CODE>` keys when these messages know the code.
  useEffect(() => configureErrorTranslation(translate.has), [translate]);

  const setLocale = useCallback((next: string) => {
    // The page switches once the language's texts are in (English is fetched on the first switch to it).
    void loadOnboardingMessages(next).then(() => {
      setStoredLocale(next);
      document.documentElement.lang = next;
      setLocaleState(next);
      if (overridesFor(next) === undefined) void loadOverrides(next).then(() => setOverridesLoaded((count) => count + 1));
    });
  }, []);

  const notify = useCallback((message: string, options: { type?: TNoticeType } = {}) => {
    setNotice({ message, type: options.type ?? 'info', id: Date.now() });
    setNoticeOpen(true);
  }, []);

  const text = useMemo<TOnboardingText>(() => ({ translate, locale, setLocale, notify }), [translate, locale, setLocale, notify]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <OnboardingTextContext.Provider value={text}>
        <BrowserRouter>
          <Routes>
            <Route path="/on-boarding" element={<Navigate to="/on-boarding/login" replace />} />
            <Route path="/on-boarding/login" element={<LoginPage />} />
            <Route path="/on-boarding/first-access" element={<LoginPage firstAccess />} />
            <Route path="/on-boarding/register" element={<RegisterPage />} />
            <Route path="/on-boarding/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/on-boarding/reset-password/:token" element={<ResetPasswordPage />} />
            <Route path="/on-boarding/accept-invite/:token" element={<AcceptInvitePage />} />
            <Route path="*" element={<ToAdmin />} />
          </Routes>
        </BrowserRouter>
        {notice ? (
          <Snackbar
            key={notice.id}
            open={noticeOpen}
            autoHideDuration={NOTICE_MS}
            onClose={(_event, reason) => reason !== 'clickaway' && setNoticeOpen(false)}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          >
            <Alert severity={notice.type} variant="filled" onClose={() => setNoticeOpen(false)} data-testid="toast" data-type={notice.type} sx={{ maxWidth: 'calc(100vw - 16px)' }}>
              {translate(notice.message)}
            </Alert>
          </Snackbar>
        ) : null}
      </OnboardingTextContext.Provider>
    </ThemeProvider>
  );
}
