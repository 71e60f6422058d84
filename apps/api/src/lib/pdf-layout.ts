import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Small layout helpers over pdf-lib for the product's PDFs (declaration receipt, Modello 21, waste form). Standard
 * Helvetica is WinAnsi: Italian accents and the euro sign print; anything else is replaced.
 */
export type TPdfKit = { doc: PDFDocument; font: PDFFont; bold: PDFFont };

export async function createPdf(title: string, producer = 'Imposta di soggiorno – back office'): Promise<TPdfKit> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('it-IT');
  doc.setProducer(producer);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** Keeps what WinAnsi can print. */
export function printable(text: string | null | undefined): string {
  if (!text) return '';
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((c) => {
      const code = c.charCodeAt(0);
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c) ? c : '?';
    })
    .join('');
}

/** Cuts the text to fit `width`, with an ellipsis. */
export function fit(font: PDFFont, text: string, size: number, width: number): string {
  let s = printable(text);
  if (font.widthOfTextAtSize(s, size) <= width) return s;
  while (s.length > 0 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
  return `${s}…`;
}

/** Splits text into lines that fit `width`. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const words = printable(text).split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = fit(font, word, size, width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export const GREY = rgb(0.45, 0.45, 0.45);
export const LIGHT = rgb(0.93, 0.93, 0.93);
export const BLACK = rgb(0, 0, 0);

export function text(page: PDFPage, font: PDFFont, value: string, x: number, y: number, size = 9, color = BLACK) {
  page.drawText(printable(value), { x, y, size, font, color });
}

export function textRight(page: PDFPage, font: PDFFont, value: string, right: number, y: number, size = 9) {
  const s = printable(value);
  page.drawText(s, { x: right - font.widthOfTextAtSize(s, size), y, size, font });
}

export function textCenter(page: PDFPage, font: PDFFont, value: string, centerX: number, y: number, size = 9) {
  const s = printable(value);
  page.drawText(s, { x: centerX - font.widthOfTextAtSize(s, size) / 2, y, size, font });
}

export function box(page: PDFPage, x: number, y: number, width: number, height: number, fill?: ReturnType<typeof rgb>) {
  page.drawRectangle({ x, y, width, height, borderColor: BLACK, borderWidth: 0.6, ...(fill ? { color: fill } : {}) });
}

export function line(page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.6) {
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: BLACK });
}

/** '2025-04-30' -> '30/04/2025' */
export function italianDate(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** "Comune di Gaeta" for a comune named "Gaeta" or "Comune di Gaeta": the prefix is never doubled. */
export function comuneTitle(name: string): string {
  const trimmed = name.trim();
  return /^comune\s+di\s/i.test(trimmed) ? trimmed : `Comune di ${trimmed}`;
}
