// CSV as RFC 4180 reads it: fields separated by commas, lines ended by CRLF, a field holding a comma, a quote,
// a CR or an LF quoted with its quotes doubled. Spreadsheets read a text field that starts with `=`, `+`,
// `-`, `@` or a tab as a formula (OWASP "CSV injection"), and names come from marketplaces: such a text is
// written with a leading apostrophe, which spreadsheets show as text. Numbers are written as they are.

export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of CSV, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(field).join(',')}\r\n`;
}
