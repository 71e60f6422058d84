import { useState, type ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TAppDataProvider } from '../dataProvider';
import type { TQueryValue } from '../dataProvider/httpClient';

/** A button that downloads a file of the API (xlsx exports, the import template). */
export function DownloadButton({
  path,
  query = {},
  fileName,
  label,
  icon,
  testId,
}: {
  path: string;
  query?: Record<string, TQueryValue>;
  fileName: string;
  label: string;
  icon?: ReactNode;
  testId?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      data-testid={testId}
      startIcon={busy ? <CircularProgress size={16} /> : (icon ?? <DownloadIcon />)}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await dataProvider.download(path, { query, fileName });
        } catch (error) {
          notify((error as Error).message || 'genericError', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {translate(label)}
    </Button>
  );
}
