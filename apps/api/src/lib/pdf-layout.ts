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
const printableChar = (c: string) => {
  const code = c.charCodeAt(0);
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c) ? c : '?';
};
/** Keeps what WinAnsi can print, on one line. */
export function printable(text: string | null | undefined): string {
  if (!text) return '';
  return [...text.replace(/[\r\n\t]+/g, ' ')].map(printableChar).join('');
}
/** Keeps what WinAnsi can print, with its line breaks (for text laid out in paragraphs). */
export function printableParagraphs(text: string | null | undefined): string {
  if (!text) return '';
  return [...text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')].map((c) => (c === '\n' ? c : printableChar(c))).join('');
}

/**
 * The width of each character of a font at size 1, measured once. pdf-lib draws text without kerning, so a text's
 * drawn width is the sum of its characters' (its own `widthOfTextAtSize` subtracts kerning pairs and so measures a
 * little short): layout adds them up as it goes instead of measuring ever longer strings, which made a long word
 * take time quadratic (and more) in its length.
 */
const charWidths = new WeakMap<PDFFont, Map<string, number>>();
function charWidth(font: PDFFont, c: string): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map<string, number>()));
  let width = widths.get(c);
  if (width === undefined) widths.set(c, (width = font.widthOfTextAtSize(c, 1000) / 1000));
  return width;
}

/** Width of printable text at `size`, in linear time. */
export function widthOf(font: PDFFont, text: string, size: number): number {
  let width = 0;
  for (const c of text) width += charWidth(font, c);
  return width * size;
}

/** Cuts the text to fit `width`, with an ellipsis. */
export function fit(font: PDFFont, text: string, size: number, width: number): string {
  const s = printable(text);
  if (widthOf(font, s, size) <= width) return s;
  const room = width - widthOf(font, '…', size);
  let used = 0;
  let end = 0;
  for (const c of s) {
    const w = charWidth(font, c) * size;
    if (used + w > room) break;
    used += w;
    end += c.length;
  }
  return `${s.slice(0, end)}…`;
}

/**
 * Splits text into lines that fit `width`: words go on a line while they fit, a line break in the text starts a new
 * line, and a word longer than a whole line is broken inside the word (every character is printed). Linear in the
 * length of the text, whatever its shape.
 */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = charWidth(font, ' ') * size;
  for (const paragraph of printableParagraphs(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ')) {
      const wordWidth = widthOf(font, word, size);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      // A word wider than the line: as many characters as fit on each line (at least one), the rest carries on.
      let start = 0;
      let chunkWidth = 0;
      let i = 0;
      for (const c of word) {
        const w = charWidth(font, c) * size;
        if (chunkWidth + w > width && i > start) {
          lines.push(word.slice(start, i));
          start = i;
          chunkWidth = 0;
        }
        chunkWidth += w;
        i += c.length;
      }
      line = word.slice(start);
      lineWidth = chunkWidth;
    }
    lines.push(line);
  }
  // Callers draw nothing for an empty text; a text that is only line breaks keeps its blank lines.
  return lines.length === 1 && lines[0] === '' ? [] : lines;
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
