import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCan } from '../../components/permissions';
import { PdfViewer, RdpUploadButton } from './RdpFiles';
import { RdpPanel } from './RdpPanel';
import { RdpWorkflow } from './RdpWorkflow';
import { RejectionNote } from './RejectionNote';
import type { TRdp } from './rdpRecord';

/** Phase 1: the draft PDF, uploaded by the laboratory and approved or turned back by the consortium. */
export function Phase1({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const canUpload = useCan('rdps', 'uploadDraft') && record.status === 'processing';
  return (
    <RdpPanel>
      <RejectionNote record={record} step="draft" />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('environmental.rdps.files.draft')}
      </Typography>
      {record.temporaryRdp ? (
        <PdfViewer key={record.temporaryRdp} path={`/rdps/${record.id}/files/draft`} testId="rdp-draft-viewer" />
      ) : (
        <Typography color="text.secondary">{translate('environmental.rdps.files.none')}</Typography>
      )}
      {canUpload ? (
        <Box sx={{ mt: 2 }}>
          <RdpUploadButton
            record={record}
            action="uploadDraft"
            accept="application/pdf,.pdf"
            label={record.temporaryRdp ? 'environmental.rdps.files.replaceDraft' : 'environmental.rdps.files.chooseDraft'}
            testId="rdp-draft-file"
          />
        </Box>
      ) : null}
      <RdpWorkflow record={record} only={['approveDraft', 'rejectDraft']} />
    </RdpPanel>
  );
}
