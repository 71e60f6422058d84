/**
 * Minimal RFC 4180 reader for the stays import: quoted fields (with "" escapes and line breaks),
 * CRLF or LF, and the separator Italian spreadsheets use (";") or the international one (","),
 * chosen from the header line.
 */
export function detectCsvDelimiter(text: string): ';' | ',' {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

export function parseCsv(text: string, delimiter = detectCsvDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
