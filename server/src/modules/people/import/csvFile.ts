// Reading a people file: the bytes as a spreadsheet or a
// text editor saves them (UTF-8 with or without a BOM, UTF-16 from "Unicode text", or
// Windows-1252 from an older Excel), cut into rows by csv-parse, never by a hand split: quoted
// fields may hold the delimiter, quotes and line breaks.
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../../errors.ts';

/** A people file is at most 5 MB (area plans have the same bound). */
export const PEOPLE_UPLOAD_MAX_BYTES = 5_000_000;

/** Delimiters a file may use: the first line's most frequent one wins, a comma by default. */
export const csvDelimiters = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

const csvTypes = new Set([
  'text/csv',
  'text/plain',
  'text/comma-separated-values',
  'text/x-csv',
  'application/csv',
  'application/x-csv',
  // What Windows browsers send for a .csv when Excel is installed.
  'application/vnd.ms-excel',
]);

/**
 * Whether an uploaded file claims to be CSV: its name ends in .csv (or .txt), or its content
 * type is one a browser gives a CSV. The bytes are checked again when decoded.
 */
export function isCsvUpload(fileName: string | undefined, contentType: string | undefined): boolean {
  if (fileName && /\.(csv|txt)$/i.test(fileName.trim())) return true;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return csvTypes.has(type);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/**
 * The text of a file: UTF-16 when it starts with a UTF-16 BOM, UTF-8 when its bytes are valid
 * UTF-8 (a BOM dropped), else Windows-1252 (every byte is a character there, so it never fails).
 * Binary content (a spreadsheet renamed .csv, a picture) holds NUL bytes and is refused.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return checked(new TextDecoder('utf-16le').decode(bytes));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return checked(new TextDecoder('utf-16be').decode(bytes));
  if (bytes.includes(0)) throw new AppError('PEOPLE_UPLOAD_INVALID_FILE');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = windows1252.decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function checked(text: string): string {
  if (text.includes('\u0000')) throw new AppError('PEOPLE_UPLOAD_INVALID_FILE');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The delimiter of a file, from its first line: the candidate found most often outside quotes
 * (a heading "Name;Company, Inc." is semicolon-separated); a comma when none is found.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(csvDelimiters.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char as CsvDelimiter)) {
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of csvDelimiters) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/**
 * The rows of a file's text, each a list of cells, numbered as a spreadsheet numbers them: a
 * quoted line break stays inside its cell, an empty line is an (empty) row. Rows may differ in
 * length. A text the parser cannot read (a quote never closed) is not CSV.
 */
export function parseCsvText(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): string[][] {
  try {
    return parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('PEOPLE_UPLOAD_INVALID_FILE');
    throw error;
  }
}

/** The rows of an uploaded file's bytes. */
export function readCsv(bytes: Uint8Array): string[][] {
  return parseCsvText(decodeCsv(bytes));
}
