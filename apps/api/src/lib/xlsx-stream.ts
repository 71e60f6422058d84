import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type TWorksheetOptions = { sheetName: string; columns: { header: string; key: string; width?: number; numFmt?: string }[] };

/**
 * One worksheet as a stream of xlsx bytes: `writeRows` is called with an `add` function and should
 * read the database page by page, so memory holds one page and the zip buffers, however many rows.
 * Shared strings are off for the same reason (their table would grow with the rows). A failure
 * while writing destroys the stream with the error (and logs it).
 */
export function worksheetStream(
  options: TWorksheetOptions,
  writeRows: (add: (values: Record<string, unknown>) => void) => Promise<void>,
  log: { error: (obj: object, msg: string) => void },
): PassThrough {
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
      log.error({ err: error }, 'xlsx export failed');
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

/** Sends an xlsx stream as a download. Headers go first: a later failure shows as a truncated file. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: NodeJS.ReadableStream): FastifyReply {
  return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'no-store').send(stream);
}

/** Streams one worksheet to the reply (see worksheetStream). */
export function streamWorksheet(
  reply: FastifyReply,
  options: TWorksheetOptions & { fileName: string },
  writeRows: (add: (values: Record<string, unknown>) => void) => Promise<void>,
  log: { error: (obj: object, msg: string) => void },
): FastifyReply {
  return sendXlsx(reply, options.fileName, worksheetStream(options, writeRows, log));
}

/** A 'YYYY-MM-DD' date as an Excel date cell (UTC midnight, so no time-zone shift). */
export function excelDate(date: string | null): Date | null {
  return date ? new Date(`${date}T00:00:00Z`) : null;
}
