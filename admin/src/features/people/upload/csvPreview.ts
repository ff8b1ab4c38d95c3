// A glance at the first lines of a people file, to map its columns before it is sent. Only a
// preview: the server reads the whole file with csv-parse (quoted line breaks, encodings), so
// this split is labelled as a preview and never decides what is imported.

/** At most 5 MB, as the server takes (server/src/modules/people/import/csvFile.ts). */
export const PEOPLE_UPLOAD_MAX_BYTES = 5_000_000;
export const PREVIEW_LINES = 5;
/** The first lines are read from the file's start alone. */
const PREVIEW_BYTES = 64 * 1024;

const delimiters = [',', ';', '\t'] as const;
export type PreviewDelimiter = (typeof delimiters)[number];

export interface CsvPreview {
  delimiter: PreviewDelimiter;
  /** The first lines, cut at the delimiter (quotes taken off a quoted cell). */
  lines: string[][];
  /** The widest line's number of cells. */
  columns: number;
}

/** Why a file is refused before it is sent, or null when it may be. */
export function fileProblem(file: { name: string; size: number }): 'notCsv' | 'tooBig' | null {
  if (!/\.csv$/i.test(file.name.trim())) return 'notCsv';
  if (file.size > PEOPLE_UPLOAD_MAX_BYTES) return 'tooBig';
  return null;
}

/** The first line's most frequent delimiter (outside quotes), a comma when there is none. */
export function detectDelimiter(line: string): PreviewDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    else if (!quoted) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  let best: PreviewDelimiter = ',';
  for (const delimiter of delimiters) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** One line's cells: the delimiter inside quotes stays, a doubled quote is one quote. */
export function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (character === '"') {
      if (quoted && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else {
        quoted = !quoted;
      }
    } else if (character === delimiter && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += character;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** The text of the file's first bytes: UTF-8, else Windows-1252 (an older Excel's). */
function decode(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The preview of a text: its first non-empty lines, split at the delimiter of the first. */
export function previewOf(text: string): CsvPreview {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, PREVIEW_LINES);
  const delimiter = detectDelimiter(lines[0] ?? '');
  const cells = lines.map((line) => splitLine(line, delimiter));
  return { delimiter, lines: cells, columns: Math.max(0, ...cells.map((line) => line.length)) };
}

export async function readPreview(file: Blob): Promise<CsvPreview> {
  return previewOf(decode(await file.slice(0, PREVIEW_BYTES).arrayBuffer()));
}
