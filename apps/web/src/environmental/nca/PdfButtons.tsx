import { Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import { useNotify, useTranslate } from 'react-admin';
import { SIGN_PHASES, type TSignPhase } from '@app/domain/environmental/nca/index';
import { useCustomMutation } from '../../dataProvider/hooks';
import { errorText } from '../../components/serverErrors';
import { isNotAvailable } from './queries';
import type { TReport } from './reportRecord';
import { EvidenceButtons } from './EvidenceButtons';

/**
 * The PDF of each phase, the whole report's once closed, and the evidence of its signatures; a line
 * says which PDFs carry the installation's seal and how to check it.
 */
export function PdfButtons({ record }: { record: TReport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const downloading = useCustomMutation('download', {
    onError: (error) => notify(isNotAvailable(error) ? 'nca.notAvailable.pdf' : errorText(translate, error), { type: isNotAvailable(error) ? 'info' : 'error' }),
  });
  const download = (phase?: TSignPhase) =>
    downloading.mutate([`/nca-reports/${encodeURIComponent(record.id)}/pdf`, { query: phase ? { phase } : {}, fileName: `${record.code ?? 'nca'}${phase ? `-fase-${phase}` : ''}.pdf` }]);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {record.status === 'closed' ? (
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => download()} data-testid="nca-pdf-report">
            {translate('nca.pdf.report')}
          </Button>
        ) : null}
        {SIGN_PHASES.map((phase) => (
          <Button key={phase} size="small" startIcon={<DownloadIcon />} onClick={() => download(phase)} data-testid={`nca-pdf-${phase}`}>
            {translate(`nca.pdf.${phase}`)}
          </Button>
        ))}
        <EvidenceButtons record={record} />
      </Stack>
      <Typography variant="caption" color="text.secondary" data-testid="nca-pdf-seal-note">
        {translate('nca.pdf.sealNote')}
      </Typography>
    </Stack>
  );
}
