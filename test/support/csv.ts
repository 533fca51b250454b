/**
 * RFC 4180 CSV read back into rows of fields: quoted fields with doubled quotes, commas and line breaks
 * inside, CRLF between lines. Written apart from the hub's writer, so a test compares two readings of the
 * standard, not the writer with itself.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

/** Rows as objects keyed by the header line's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  for (const row of rows)
    if (row.length !== header.length) throw new Error(`a line of ${row.length} fields: ${row.join('|')}`);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}
