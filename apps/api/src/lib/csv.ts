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

/**
 * An incremental CSV reader: text goes in a chunk at a time (a file read as a stream), complete rows
 * come out; a field or a line cut by a chunk boundary is carried to the next chunk. The delimiter is
 * chosen from the first line once it is complete.
 */
export function csvRowReader(delimiter?: ';' | ',') {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // A quote seen at the end of a chunk inside a quoted field: an escape ("") or the closing quote.
  let pendingQuote = false;
  // A CR seen at the end of a chunk: the LF of a CRLF may start the next one.
  let pendingCr = false;
  let started = false;
  let head = '';
  let separator = delimiter;

  const scan = (s: string, rows: string[][]) => {
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (pendingCr) {
        pendingCr = false;
        if (c === '\n') continue;
      }
      if (pendingQuote) {
        pendingQuote = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        if (c === '"') {
          if (i + 1 === s.length) pendingQuote = true;
          else if (s[i + 1] === '"') {
            field += '"';
            i++;
          } else quoted = false;
        } else field += c;
        continue;
      }
      if (c === '"' && field === '') quoted = true;
      else if (c === separator) {
        row.push(field);
        field = '';
      } else if (c === '\n' || c === '\r') {
        if (c === '\r') {
          if (i + 1 === s.length) pendingCr = true;
          else if (s[i + 1] === '\n') i++;
        }
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
      } else field += c;
    }
  };

  return {
    /** The rows completed by this chunk. */
    push(chunk: string): string[][] {
      const rows: string[][] = [];
      if (!started) {
        head += chunk;
        // The separator is chosen on the whole first line; until it is complete, nothing is read.
        if (!separator && !/[\r\n]/.test(head)) return rows;
        started = true;
        separator ??= detectCsvDelimiter(head);
        chunk = head.replace(/^\uFEFF/, '');
        head = '';
      }
      scan(chunk, rows);
      return rows;
    },
    /** The last row, when the text does not end with a line break. */
    end(): string[][] {
      const rows: string[][] = [];
      if (!started) {
        // A one-line text: the separator is chosen on it now.
        started = true;
        separator ??= detectCsvDelimiter(head);
        scan(head.replace(/^\uFEFF/, ''), rows);
        head = '';
      }
      pendingQuote = false;
      if (field !== '' || row.length > 0) {
        row.push(field);
        rows.push(row);
      }
      row = [];
      field = '';
      return rows;
    },
  };
}

export function parseCsv(text: string, delimiter = detectCsvDelimiter(text)): string[][] {
  const reader = csvRowReader(delimiter);
  return [...reader.push(text), ...reader.end()];
}
