import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow } from './csv.ts';

describe('CSV cells', () => {
  it('leaves plain text and accents alone and writes nothing for a missing value', () => {
    expect(csvCell('Zoë Ångström')).toBe('Zoë Ångström');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('quotes separators, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('makes formula-looking cells inert', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // A number is a number, not text that looks like a formula.
    expect(csvCell(-5)).toBe('-5');
  });

  it('ends rows with CRLF and starts files with the byte order mark', () => {
    expect(csvRow(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
