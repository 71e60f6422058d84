import { useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAppConfig } from '../config';
import { fetchLatestAppVersion } from '../dataProvider/api';
import { connectSocket, reconnectIfDisconnected } from '../realtime/socket';
import { getKnownVersion, setKnownVersion } from '../session/store';
import { useSession } from '../session/useSession';
import { isNewerVersion } from './compareVersions';

const SOCKET_CONNECT_DELAY_MS = 500;
const POLL_INTERVAL_MS = 5 * 60_000;

async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/** The new-version banner: shown while the latest known version is greater than the stored current one. */
export function VersionBanner() {
  const translate = useTranslate();
  const config = useAppConfig();
  const token = useSession()?.token ?? null;
  const enabled = config.features.appVersionUpdateControl;
  const [latest, setLatest] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!getKnownVersion()) setKnownVersion(config.version);
  }, [config.version]);

  useEffect(() => {
    if (!enabled) return;
    const buildType = config.buildType;
    const accept = (payload: { name?: string; version?: string } | null) => {
      if (payload?.version && (!payload.name || payload.name === buildType)) setLatest(payload.version);
    };
    const ask = () =>
      fetchLatestAppVersion(buildType)
        .then(accept)
        .catch((error) => console.warn('app version not loaded', error));

    if (config.features.websocket && token) {
      let detach = () => undefined as void;
      const timer = window.setTimeout(() => {
        connectSocket(token)
          .then((socket) => {
            socket.on('app-versions', accept);
            detach = () => void socket.off('app-versions', accept);
          })
          .catch((error) => console.warn('socket not connected', error));
      }, SOCKET_CONNECT_DELAY_MS);
      const onVisible = () => document.visibilityState === 'visible' && reconnectIfDisconnected();
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        window.clearTimeout(timer);
        document.removeEventListener('visibilitychange', onVisible);
        detach();
      };
    }
    void ask();
    const timer = window.setInterval(() => void ask(), POLL_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void ask();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, config.buildType, config.features.websocket, token]);

  if (!enabled || dismissed || !isNewerVersion(latest, getKnownVersion() ?? config.version)) return null;

  const reload = async () => {
    if (latest) setKnownVersion(latest);
    await unregisterServiceWorkers().catch((error) => console.warn('service workers not unregistered', error));
    window.location.reload();
  };

  return (
    <Alert
      severity="info"
      data-testid="version-banner"
      sx={{ borderRadius: 0 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={reload}>
            {translate('versions.reload')}
          </Button>
          <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
            {translate('versions.close')}
          </Button>
        </>
      }
    >
      {translate('versions.newVersionAvailable', { version: latest })}
    </Alert>
  );
}
