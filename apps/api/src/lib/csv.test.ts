import { expect, it } from 'vitest';
import { csvRowReader, parseCsv } from './csv.ts';
it('chunked equals whole', () => {
  const texts = ['\uFEFFa;b;c\r\n1;"x;""y""\r\nz";3\r\n4;5;6', 'a,b\n"q""",2\n', 'a;b', '', 'x;y\r\n"a""b";"c"\r\n\r\n1;2\r'];
  for (const text of texts) {
    const whole = parseCsv(text);
    for (let size = 1; size <= text.length + 1; size++) {
      const r = csvRowReader();
      const rows: string[][] = [];
      for (let i = 0; i < text.length; i += size) rows.push(...r.push(text.slice(i, i + size)));
      rows.push(...r.end());
      expect(rows, `${JSON.stringify(text)} @${size}`).toEqual(whole);
    }
  }
});
