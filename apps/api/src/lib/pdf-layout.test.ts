import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fit, widthOf, wrap } from './pdf-layout.ts';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('PDF text layout', () => {
  it('measures a text as drawn: the sum of its glyph widths (pdf-lib draws without kerning; its own measure kerns)', () => {
    for (const text of ['Gaeta', 'Perché l’imposta – 12,50 €', 'WWWWiiii', 'AVATAR']) {
      const glyphs = [...text].reduce((sum, c) => sum + font.widthOfTextAtSize(c, 9.5), 0);
      expect(widthOf(font, text, 9.5)).toBeCloseTo(glyphs, 6);
      // Helvetica's kerning pairs only tighten: the drawn text is never narrower than pdf-lib's kerned measure.
      expect(widthOf(font, text, 9.5)).toBeGreaterThanOrEqual(font.widthOfTextAtSize(text, 9.5) - 1e-9);
    }
    expect(widthOf(font, '', 9.5)).toBe(0);
  });

  it('wraps words within the width, keeping every word and the line breaks of the text', () => {
    const text = 'La non conformità è stata rilevata durante il sopralluogo del 24/11/2026 presso il cantiere di Formia, lotto 3.\nSeconda riga: 12,50 € di sanzione.';
    const lines = wrap(font, text, 10, 150);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(widthOf(font, line, 10)).toBeLessThanOrEqual(150);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(lines.some((l) => l.startsWith('Seconda riga'))).toBe(true);
  });

  it('breaks a word longer than a line inside the word, printing all of it', () => {
    const word = 'x'.repeat(5000);
    const lines = wrap(font, `Causa: ${word} fine`, 9.5, 400);
    for (const line of lines) expect(widthOf(font, line, 9.5)).toBeLessThanOrEqual(400);
    expect(lines.join('').replace(/ /g, '')).toBe(`Causa:${word}fine`);
  });

  it('lays out 100,000 characters without a space in linear time', () => {
    const started = performance.now();
    const lines = wrap(font, 'é'.repeat(100_000), 9.5, 400);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lines.join('')).toHaveLength(100_000);
  });

  it('cuts a text to fit with an ellipsis, in linear time', () => {
    expect(fit(font, 'Gaeta', 9, 200)).toBe('Gaeta');
    const cut = fit(font, 'Albergo Riviera di Ulisse, lungomare Caboto 1', 9, 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(widthOf(font, cut, 9)).toBeLessThanOrEqual(60);
    expect('Albergo Riviera di Ulisse, lungomare Caboto 1'.startsWith(cut.slice(0, -1))).toBe(true);
    const started = performance.now();
    expect(widthOf(font, fit(font, 'w'.repeat(200_000), 9, 300), 9)).toBeLessThanOrEqual(300);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('draws nothing for an empty text', () => {
    expect(wrap(font, '', 9, 100)).toEqual([]);
    expect(wrap(font, null as unknown as string, 9, 100)).toEqual([]);
  });
});
