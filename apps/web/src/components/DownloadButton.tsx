import type { ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { useCustomMutation } from '../dataProvider/hooks';
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
  const downloading = useCustomMutation('download', { onError: (error) => notify(error.message || 'genericError', { type: 'error' }) });
  const busy = downloading.isPending;
  return (
    <Button
      size="small"
      data-testid={testId}
      startIcon={busy ? <CircularProgress size={16} /> : (icon ?? <DownloadIcon />)}
      disabled={busy}
      onClick={() => downloading.mutate([path, { query, fileName }])}
    >
      {translate(label)}
    </Button>
  );
}
