// CSV files the app hands out (users.csv, later people.csv and meetings.csv): RFC 4180 quoting,
// and no cell that a spreadsheet would run as a formula (OWASP "CSV injection").

/** Cells starting with these are formulas to Excel, LibreOffice and Google Sheets. */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a separator, a quote or a line break; formulas made inert. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended by CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Starts a file: spreadsheets read UTF-8 (accents) only with the byte order mark. */
export const CSV_BOM = '\uFEFF';
