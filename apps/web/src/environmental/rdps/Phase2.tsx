import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCan } from '../../components/permissions';
import { PdfViewer, RdpUploadButton, SignatureDetails } from './RdpFiles';
import { RdpPanel } from './RdpPanel';
import { RdpWorkflow } from './RdpWorkflow';
import { RejectionNote } from './RejectionNote';
import type { TRdp } from './rdpRecord';

/** Phase 2: the signed report (.p7m) with its verified signatures and the PDF inside, after the draft's approval. */
export function Phase2({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const mayUpload = useCan('rdps', 'uploadSigned');
  return (
    <RdpPanel>
      <RejectionNote record={record} step="signed" />
      {record.status === 'processing' ? <Alert severity="info">{translate('environmental.rdps.files.signedOnlyAfterApproval')}</Alert> : null}
      {mayUpload && record.status === 'approved' ? (
        <Box sx={{ mb: 2 }}>
          <RdpUploadButton record={record} action="uploadSigned" accept=".p7m,application/pkcs7-mime" label="environmental.rdps.files.chooseSigned" testId="rdp-signed-file" />
        </Box>
      ) : null}
      {!mayUpload && record.status === 'approved' ? <Typography color="text.secondary">{translate('environmental.rdps.files.waitingSigned')}</Typography> : null}
      {record.signedRdp ? (
        <>
          <SignatureDetails record={record} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
            {translate('environmental.rdps.files.inner')}
          </Typography>
          <PdfViewer key={record.signedInnerPdf ?? ''} path={`/rdps/${record.id}/files/signed-content`} testId="rdp-inner-viewer" />
        </>
      ) : record.status === 'p7mUploaded' || record.status === 'completed' ? (
        <Typography color="text.secondary">{translate('environmental.rdps.files.none')}</Typography>
      ) : null}
      <RdpWorkflow record={record} only={['approveSigned', 'rejectSigned']} />
    </RdpPanel>
  );
}
