import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams one worksheet to the reply: `writeRows` is called with an `add` function and should read
 * the database page by page, so memory holds one page and the zip buffers, however many rows.
 * Shared strings are off for the same reason (their table would grow with the rows).
 */
export function streamWorksheet(
  reply: FastifyReply,
  options: { fileName: string; sheetName: string; columns: { header: string; key: string; width?: number; numFmt?: string }[] },
  writeRows: (add: (values: Record<string, unknown>) => void) => Promise<void>,
  log: { error: (obj: object, msg: string) => void },
): FastifyReply {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      await writeRows((values) => sheet.addRow(values).commit());
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      // Headers are gone already: the client sees a truncated download, the log says why.
      log.error({ err: error }, 'xlsx export failed');
      stream.destroy(error as Error);
    }
  })();
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${options.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}

/** A 'YYYY-MM-DD' date as an Excel date cell (UTC midnight, so no time-zone shift). */
export function excelDate(date: string | null): Date | null {
  return date ? new Date(`${date}T00:00:00Z`) : null;
}
