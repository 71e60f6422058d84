import { documentJob, runDocumentJob } from '../../../../lib/document-jobs.ts';
import type { TLanguage } from '../../../../i18n/translate.ts';
import type { renderRegisterPdf, renderRegisterXlsx } from './register-document.ts';
import type { TRegisterData } from './read-register.ts';

const registerXlsxJob = documentJob<typeof renderRegisterXlsx>(import.meta.url, './register-document', 'renderRegisterXlsx', { name: 'waste register xlsx', timeoutMs: 20_000 });
const registerPdfJob = documentJob<typeof renderRegisterPdf>(import.meta.url, './register-document', 'renderRegisterPdf', { name: 'waste register PDF', timeoutMs: 20_000 });

export const REGISTER_MIME = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pdf: 'application/pdf' } as const;

/** The register as a file, laid out in the document-job pool (read on the request's side, read-register.ts). */
export async function printRegister(data: TRegisterData, format: 'xlsx' | 'pdf', language: TLanguage) {
  const bytes = await runDocumentJob(format === 'pdf' ? registerPdfJob : registerXlsxJob, [data, language]);
  const site = data.site.number.replace(/[^A-Za-z0-9_-]+/g, '-');
  return { bytes, fileName: `registro-${site}-${data.period.from}-${data.period.to}.${format}`, contentType: REGISTER_MIME[format] };
}
