/**
 * The one CSV writer for everything we let people download (earnings today; statements and exports later):
 * RFC 4180 (CRLF line ends; a field with a comma, quote or line break is quoted, quotes doubled) and safe
 * to open in a spreadsheet. A text cell starting with `=`, `+`, `-`, `@`, tab or carriage return would be
 * read as a formula (a family named `=HYPERLINK(...)` becoming a link in a caregiver's sheet), so it gets a
 * leading `'`, which spreadsheets show as text. A plain number such as `-3000.00` stays a number.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header line, then one line per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
