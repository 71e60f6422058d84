import { useTranslate } from 'react-admin';
import { FileImportDialog } from '../../components/FileImportDialog';

type TResult = { created: number; updated: number; unchanged: number; reports: number; rows: number; outOfLimits: number };

/**
 * The RDP mass import: the xlsx template, the upload with its progress bar, then the server's answer:
 * the counts, or every bad row (row, field, value, problem) with nothing imported.
 */
export function ImportRdpsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <FileImportDialog<TResult>
      open={open}
      onClose={onClose}
      i18nPrefix="environmental.rdps.import"
      testIdPrefix="rdp-import"
      accept=".xlsx"
      uploadPath="/rdps/import"
      template={{ path: '/rdps/import-template.xlsx', fileName: 'modello-import-rdp.xlsx' }}
      buildForm={() => undefined}
      describeResult={(result) => translate('environmental.rdps.import.done', result)}
    />
  );
}
