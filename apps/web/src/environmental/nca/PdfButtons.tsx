import { Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { SIGN_PHASES, type TSignPhase } from '@app/domain/environmental/nca/index';
import type { TAppDataProvider } from '../../dataProvider';
import { errorText } from '../../components/serverErrors';
import { isNotAvailable } from './queries';
import type { TReport } from './reportRecord';

/** The PDF of each phase, and the whole report's once closed. */
export function PdfButtons({ record }: { record: TReport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TAppDataProvider>();
  const download = (phase?: TSignPhase) =>
    dataProvider
      .download(`/nca-reports/${encodeURIComponent(record.id)}/pdf`, { query: phase ? { phase } : {}, fileName: `${record.code ?? 'nca'}${phase ? `-fase-${phase}` : ''}.pdf` })
      .catch((error: unknown) => notify(isNotAvailable(error) ? 'nca.notAvailable.pdf' : errorText(translate, error), { type: isNotAvailable(error) ? 'info' : 'error' }));
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {record.status === 'closed' ? (
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} data-testid="nca-pdf-report">
          {translate('nca.pdf.report')}
        </Button>
      ) : null}
      {SIGN_PHASES.map((phase) => (
        <Button key={phase} size="small" startIcon={<DownloadIcon />} onClick={() => void download(phase)} data-testid={`nca-pdf-${phase}`}>
          {translate(`nca.pdf.${phase}`)}
        </Button>
      ))}
    </Stack>
  );
}
