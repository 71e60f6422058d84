import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { writeXlsx, type TWriteRows, type TXlsxColumn } from './xlsx-write.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type TWorksheetOptions = { sheetName: string; columns: TXlsxColumn[] };

/**
 * One worksheet as a stream of xlsx bytes (lib/xlsx-write.ts): `writeRows` is called with an `add`
 * function and should read the database page by page, awaiting `flush` between pages, so memory
 * holds one page and the compressor's buffers, however many rows. A failure while writing destroys
 * the stream with the error (and logs it).
 */
export function worksheetStream(options: TWorksheetOptions, writeRows: TWriteRows, log: { error: (obj: object, msg: string) => void }): PassThrough {
  const stream = new PassThrough({ highWaterMark: 256 * 1024 });
  void writeXlsx(stream, options, writeRows).then(
    () => stream.end(),
    (error: unknown) => {
      log.error({ err: error }, 'xlsx export failed');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return stream;
}

/** Sends an xlsx stream as a download. Headers go first: a later failure shows as a truncated file. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: NodeJS.ReadableStream): FastifyReply {
  return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'no-store').send(stream);
}

/** Streams one worksheet to the reply (see worksheetStream). */
export function streamWorksheet(reply: FastifyReply, options: TWorksheetOptions & { fileName: string }, writeRows: TWriteRows, log: { error: (obj: object, msg: string) => void }): FastifyReply {
  return sendXlsx(reply, options.fileName, worksheetStream(options, writeRows, log));
}

/** A 'YYYY-MM-DD' date as an Excel date cell (UTC midnight, so no time-zone shift). */
export function excelDate(date: string | null): Date | null {
  return date ? new Date(`${date}T00:00:00Z`) : null;
}
