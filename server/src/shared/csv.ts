/** A plain decimal number: a spreadsheet reads it as a number, never as a formula. */
const NUMBER = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet may start a formula (or a DDE call) with. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180) that cannot run in a spreadsheet: a text starting with = + - @ tab or CR is
 * prefixed with an apostrophe (OWASP's advice); plain numbers stay numbers.
 */
export function csvCell(value: string | number | bigint | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV with CRLF line ends and a BOM, so spreadsheets read Korean as UTF-8. */
export function toCsv(rows: (string | number | bigint | null)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
