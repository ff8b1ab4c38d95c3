import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes } from '@vestibule/shared';

// docs/errors.md describes every code of the catalogue (shared/src/errors.ts) and no other, each
// with the catalogue's status: a catalogue row is a table row whose first cell is one code in
// backticks and whose second cell is its HTTP status. A code added, removed or given another
// status fails here until the document says so.

const document = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

const catalogueRow = /^\|\s*`([A-Za-z0-9_]+)`\s*\|\s*(\d+)\s*\|/;

/** Every catalogue row of the document, in its order: the code and the status it states. */
const rows = document.split('\n').flatMap((line) => {
  const match = catalogueRow.exec(line);
  return match?.[1] && match[2] ? [{ code: match[1], status: Number(match[2]) }] : [];
});
const documented = rows.map((row) => row.code);

describe('docs/errors.md', () => {
  it('lists every code of the catalogue', () => {
    expect(errorCodes.filter((code) => !documented.includes(code))).toEqual([]);
  });

  it('lists no code the catalogue lacks', () => {
    expect(documented.filter((code) => !(errorCodes as readonly string[]).includes(code))).toEqual([]);
  });

  it('lists each code once', () => {
    expect(documented.filter((code, index) => documented.indexOf(code) !== index)).toEqual([]);
  });

  it("gives each code the catalogue's status", () => {
    const catalogue: Record<string, { status: number }> = errorCatalogue;
    const wrong = rows.filter((row) => catalogue[row.code] !== undefined && catalogue[row.code]?.status !== row.status);
    expect(wrong).toEqual([]);
  });
});
