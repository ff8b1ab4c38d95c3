// Reading a people file: encodings, BOM, delimiters and quoting as spreadsheets write them.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { decodeCsv, detectDelimiter, isCsvUpload, parseCsvText, readCsv } from './csvFile.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.errorCode : 'not an AppError';
  }
  return undefined;
}

describe('decodeCsv', () => {
  it('reads UTF-8 and drops its BOM', () => {
    expect(decodeCsv(utf8('\uFEFFPrénom;Nom'))).toBe('Prénom;Nom');
    expect(decodeCsv(utf8('Zoë,Ångström'))).toBe('Zoë,Ångström');
  });

  it('reads bytes that are not UTF-8 as Windows-1252 (accents, the euro sign, curly quotes)', () => {
    // "Hélène;Müller;€;’" as an older Excel saves it.
    const bytes = Uint8Array.from([
      0x48, 0xe9, 0x6c, 0xe8, 0x6e, 0x65, 0x3b, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x80, 0x3b, 0x92,
    ]);
    expect(decodeCsv(bytes)).toBe('Hélène;Müller;€;’');
  });

  it('reads UTF-16 with its BOM (Excel\'s "Unicode text")', () => {
    const text = 'Prénom\tNom';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeCsv(le)).toBe(text);
  });

  it('refuses binary content (NUL bytes) as not CSV', () => {
    expect(codeOf(() => decodeCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])))).toBe(
      'PEOPLE_UPLOAD_INVALID_FILE',
    );
  });
});

describe('detectDelimiter', () => {
  it('takes the most frequent of ; , and tab on the first line, outside quotes', () => {
    expect(detectDelimiter('first;last;building\nA,B;C;D')).toBe(';');
    expect(detectDelimiter('first,last,building\nA;B;C')).toBe(',');
    expect(detectDelimiter('"Smith; Jones",x,y\n')).toBe(',');
    expect(detectDelimiter('"a,b,c";d\n')).toBe(';');
    expect(detectDelimiter('first\tlast\tbuilding')).toBe('\t');
  });

  it('falls back to a comma for a single column', () => {
    expect(detectDelimiter('name\nAnn')).toBe(',');
    expect(detectDelimiter('')).toBe(',');
  });
});

describe('parseCsvText', () => {
  it('keeps a quoted newline, delimiter and doubled quote inside their cell (one spreadsheet row)', () => {
    const rows = parseCsvText('first;note;last\r\nAnn;"two\r\nlines; ""quoted""";Lee\r\nBob;x;Ray\r\n');
    expect(rows).toEqual([
      ['first', 'note', 'last'],
      ['Ann', 'two\r\nlines; "quoted"', 'Lee'],
      ['Bob', 'x', 'Ray'],
    ]);
  });

  it('numbers rows as a spreadsheet does: an empty line is a row, rows may be short or long', () => {
    expect(parseCsvText('a,b\n\nc\nd,e,f')).toEqual([['a', 'b'], [''], ['c'], ['d', 'e', 'f']]);
  });

  it('refuses a quote never closed as not CSV', () => {
    expect(codeOf(() => parseCsvText('a,"b\nc,d'))).toBe('PEOPLE_UPLOAD_INVALID_FILE');
  });

  it('reads a BOM-prefixed Windows-1252 or UTF-8 file end to end', () => {
    expect(readCsv(utf8('\uFEFFfirst;last\nJosé;Núñez\n'))).toEqual([
      ['first', 'last'],
      ['José', 'Núñez'],
    ]);
    expect(readCsv(Uint8Array.from([0x61, 0x3b, 0x62, 0x0a, 0xc9, 0x6c, 0x6f, 0x64, 0x69, 0x65, 0x3b, 0x78]))).toEqual([
      ['a', 'b'],
      ['Élodie', 'x'],
    ]);
  });
});

describe('isCsvUpload', () => {
  it('takes a .csv or .txt name, or a CSV content type', () => {
    expect(isCsvUpload('people.CSV', 'application/octet-stream')).toBe(true);
    expect(isCsvUpload('export.txt', undefined)).toBe(true);
    expect(isCsvUpload('blob', 'text/csv; charset=utf-8')).toBe(true);
    expect(isCsvUpload('people', 'application/vnd.ms-excel')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isCsvUpload('people.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isCsvUpload('logo.png', 'image/png')).toBe(false);
    expect(isCsvUpload(undefined, undefined)).toBe(false);
  });
});
