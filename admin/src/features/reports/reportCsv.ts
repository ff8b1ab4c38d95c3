import { CSV_BOM, csvRow } from '@vestibule/shared';
import { saveTextFile } from '../../format/saveTextFile.ts';

type Cell = string | number | boolean | null | undefined;

/** The text of a CSV file: the headings, then a line per row (RFC 4180, formulas made inert). */
export function csvText(headings: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return CSV_BOM + csvRow(headings) + rows.map((row) => csvRow(row)).join('');
}

/** Downloads a report's table as a CSV file, the same headings and numbers as on the screen. */
export function downloadCsv(fileName: string, headings: readonly string[], rows: readonly (readonly Cell[])[]): void {
  saveTextFile(csvText(headings, rows), fileName, 'text/csv');
}
