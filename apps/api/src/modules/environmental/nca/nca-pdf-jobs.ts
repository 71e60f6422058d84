import { documentJob } from '../../../lib/document-jobs.ts';
import type { renderPhasePdf, renderReportPdf } from './nca-pdf.ts';

/** The NCA documents are laid out in the document-job pool: a report's texts are the users' own, of any length. */
export const phasePdfJob = documentJob<typeof renderPhasePdf>(import.meta.url, './nca-pdf', 'renderPhasePdf', { name: 'NCA phase PDF' });
export const reportPdfJob = documentJob<typeof renderReportPdf>(import.meta.url, './nca-pdf', 'renderReportPdf', { name: 'NCA report PDF' });
