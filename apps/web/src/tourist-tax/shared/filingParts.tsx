import { Chip, IconButton, Tooltip } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import type { TDeclarationStatus } from '@app/domain/tourist-tax/filings/declaration-flow';
import type { TModello21Status } from '@app/domain/tourist-tax/filings/modello21-flow';
import { useCustomMutation } from '../../dataProvider/hooks';

/*
 * Pieces the filing screens (declarations, Modello 21, dashboard, documents) share: the status and
 * lateness chips, the names of referenced records, the accepted file types and the row buttons of
 * uploaded files.
 */

/** Accepted extensions of declaration attachments and payment receipts (identity documents, receipts). */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'png', 'gif'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;

const STATUS_COLOR: Record<TDeclarationStatus | TModello21Status, 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'default',
  submitted: 'info',
  validated: 'success',
  returned: 'warning',
};

/** The state of a declaration or a Modello 21. */
export function FilingStatusChip({ status, testId }: { status: TDeclarationStatus | TModello21Status; testId: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`touristTax.declarationStatus.${status}`)} data-testid={testId} />;
}

/** A red "late" badge (i18n key of the label). */
export function LateChip({ label, testId }: { label: string; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color="error" icon={<ScheduleIcon />} label={translate(label)} data-testid={testId} />;
}

/** The name of a referenced record (structure, period), empty while it loads. */
export function ReferencedName({ reference, id, source = 'name' }: { reference: string; id: string; source?: string }) {
  const { data } = useGetOne<{ id: string } & Record<string, unknown>>(reference, { id }, { enabled: !!id });
  return <>{String(data?.[source] ?? '')}</>;
}

/** Downloads an uploaded file (GET /uploads/{id}/download); a failure shows as a notification. */
export function UploadDownloadButton({ uploadId, fileName, small = false }: { uploadId: string; fileName: string; small?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const downloading = useCustomMutation('download', { onError: (error) => notify(error.message || 'genericError', { type: 'error' }) });
  return (
    <Tooltip title={translate('filings.download')}>
      <IconButton size={small ? 'small' : undefined} aria-label={`${translate('filings.download')} ${fileName}`} onClick={() => downloading.mutate([`/uploads/${uploadId}/download`, { fileName }])}>
        <DownloadIcon fontSize={small ? 'small' : undefined} />
      </IconButton>
    </Tooltip>
  );
}

/** The delete button of a row (the caller confirms). */
export function RowDeleteButton({ name, onClick, small = false }: { name: string; onClick: () => void; small?: boolean }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('ra.action.delete')}>
      <IconButton size={small ? 'small' : undefined} color="error" aria-label={`${translate('ra.action.delete')} ${name}`} onClick={onClick}>
        <DeleteIcon fontSize={small ? 'small' : undefined} />
      </IconButton>
    </Tooltip>
  );
}
