import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useCustomMutation } from '../../dataProvider/hooks';
import type { TEvidenceVerification } from '../../dataProvider/environmental';
import { errorText } from '../../components/serverErrors';
import { formatDateTime } from '../../i18n/format';
import type { TReport } from './reportRecord';

/**
 * The proof of a report's signatures: the evidence pack (a zip with the PDFs as signed, the evidence
 * rows, the hash chain and a summary) and its check, which recomputes every hash on the server and
 * names the first broken link, if any. Shown once signatures were asked for.
 */
export function EvidenceButtons({ record }: { record: TReport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [result, setResult] = useState<TEvidenceVerification | null>(null);
  const onError = (error: Error) => notify(errorText(translate, error), { type: 'error' });
  const downloading = useCustomMutation('download', { onError });
  const verifying = useCustomMutation('verifyNcaEvidence', { onError, onSuccess: (answer) => setResult(answer) });
  if (record.signRound === 0 && record.status === 'pending') return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<ArchiveIcon />}
        disabled={downloading.isPending}
        onClick={() => downloading.mutate([`/nca-reports/${encodeURIComponent(record.id)}/evidence`, { query: {}, fileName: `${record.code ?? 'nca'}-prova-firme.zip` }])}
        data-testid="nca-evidence-download"
      >
        {translate('nca.evidence.download')}
      </Button>
      <Button size="small" startIcon={<VerifiedIcon />} disabled={verifying.isPending} onClick={() => verifying.mutate([record.id])} data-testid="nca-evidence-verify">
        {translate('nca.evidence.verify')}
      </Button>
      <Dialog open={!!result} onClose={() => setResult(null)} maxWidth="sm" fullWidth aria-labelledby="nca-evidence-result">
        <DialogTitle id="nca-evidence-result">{translate('nca.evidence.resultTitle')}</DialogTitle>
        <DialogContent>
          {result ? (
            <>
              <Alert severity={result.intact ? 'success' : 'error'} data-testid="nca-evidence-result">
                {result.intact
                  ? translate('nca.evidence.intact', { count: result.rows.length, smart_count: result.rows.length })
                  : translate('nca.evidence.broken', { sequence: result.brokenLink?.sequence ?? '', kind: translate(`nca.evidence.problem.${result.brokenLink?.kind ?? 'rowHash'}`) })}
              </Alert>
              <List dense>
                {result.rows.map((row) => (
                  <ListItem key={row.evidenceId} disableGutters>
                    <ListItemText
                      primary={`${translate(`nca.mySignatures.phase.${row.phase}`)} · ${row.signer} · ${formatDateTime(row.signedAt, locale)}`}
                      secondary={
                        row.problems.length ? row.problems.map((p) => translate(`nca.evidence.problem.${p.kind}`)).join('; ') : translate('nca.evidence.rowIntact', { hash: row.rowHash.slice(0, 16) })
                      }
                      slotProps={{ secondary: { color: row.problems.length ? 'error' : 'text.secondary', sx: { wordBreak: 'break-all' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResult(null)}>{translate('nca.mySignatures.terms.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
