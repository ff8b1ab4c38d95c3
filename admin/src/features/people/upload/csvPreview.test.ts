import { describe, expect, it } from 'vitest';
import {
  PEOPLE_UPLOAD_MAX_BYTES,
  detectDelimiter,
  fileProblem,
  previewOf,
  readPreview,
  splitLine,
} from './csvPreview.ts';
import { guessSettings, missingColumns, templateCsv, uploadFields } from './uploadSettings.ts';

describe('people file preview', () => {
  it('refuses a file that is not .csv or is over 5 MB, before it is sent', () => {
    expect(fileProblem({ name: 'people.CSV', size: PEOPLE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(fileProblem({ name: 'people.csv', size: PEOPLE_UPLOAD_MAX_BYTES + 1 })).toBe('tooBig');
    expect(fileProblem({ name: 'people.xlsx', size: 10 })).toBe('notCsv');
  });

  it("takes the first line's most frequent delimiter outside quotes, a comma by default", () => {
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('"Smith, John";b')).toBe(';');
    expect(detectDelimiter('a\tb\tc,d')).toBe('\t');
    expect(detectDelimiter('name')).toBe(',');
  });

  it('keeps a quoted delimiter and a doubled quote in their cell', () => {
    expect(splitLine('"Smith, John", "say ""hi""" ,x', ',')).toEqual(['Smith, John', 'say "hi"', 'x']);
  });

  it('previews the first five non-empty lines, without the byte order mark', () => {
    const preview = previewOf('\uFEFFa;b\r\n1;2;3\n\n4\r5\n6\n7\n');
    expect(preview.delimiter).toBe(';');
    expect(preview.lines).toEqual([['a', 'b'], ['1', '2', '3'], ['4'], ['5'], ['6']]);
    expect(preview.columns).toBe(3);
  });

  it('reads a Windows-1252 file as such', async () => {
    const bytes = new Uint8Array([0x4c, 0xe9, 0x61, 0x3b, 0x42]); // "Léa;B" in Windows-1252
    expect((await readPreview(new Blob([bytes]))).lines).toEqual([['Léa', 'B']]);
    expect((await readPreview(new Blob(['Zoë,B']))).lines).toEqual([['Zoë', 'B']]);
  });
});

describe('people file mapping', () => {
  const labels: Record<string, string> = { firstName: 'First name', buildingId: 'Building id', visitorType: 'Type' };
  const labelOf = (column: string) => labels[column] ?? column;

  it('maps the columns a heading row names, by code or label, and then starts at row 2', () => {
    const settings = guessSettings(['First name', 'LASTNAME', 'Building ID', 'Notes', 'type'], labelOf);
    expect(settings.columns).toEqual({ firstName: 0, lastName: 1, buildingId: 2, visitorType: 4 });
    expect(settings.firstRow).toBe(2);
    expect(guessSettings(['Anne', 'Leroy'], labelOf)).toEqual({
      columns: {},
      datesFormat: 'yyyy-MM-dd',
      visitorType: undefined,
      buildingId: undefined,
      defaultDuration: undefined,
      firstRow: 1,
    });
    // A user of one building has its rows placed there.
    expect(guessSettings(['Anne', 'Leroy'], labelOf, 'b-1').buildingId).toBe('b-1');
  });

  it('needs the type and building columns only when the rows have no default type or building', () => {
    const settings = {
      columns: { firstName: 0, lastName: 1, buildingId: 2 },
      datesFormat: 'yyyy-MM-dd',
      firstRow: 2,
      buildingId: undefined,
      defaultDuration: undefined,
    } as const;
    expect(missingColumns({ ...settings, visitorType: undefined })).toEqual(['visitorType']);
    expect(missingColumns({ ...settings, visitorType: 'EMPLOYEE' })).toEqual([]);
    expect(
      missingColumns({
        ...settings,
        columns: { firstName: 0, lastName: 1 },
        visitorType: 'EMPLOYEE',
        buildingId: 'b-1',
      }),
    ).toEqual([]);
    expect(missingColumns({ ...settings, columns: { firstName: 0, lastName: 1 }, visitorType: 'EMPLOYEE' })).toEqual([
      'buildingId',
    ]);
    expect(uploadFields({ ...settings, visitorType: 'EMPLOYEE' }, true)).toEqual({
      columns: settings.columns,
      datesFormat: 'yyyy-MM-dd',
      firstRow: 2,
      visitorType: 'EMPLOYEE',
      dryRun: true,
    });
    expect(
      uploadFields({ ...settings, visitorType: 'EMPLOYEE', buildingId: 'b-1', defaultDuration: 60 }, false),
    ).toEqual(expect.objectContaining({ buildingId: 'b-1', defaultDuration: 60, dryRun: false }));
  });

  it('makes a template whose headings map every field by themselves', () => {
    const template = templateCsv(labelOf);
    expect(template).toBe(
      'First name,lastName,Building id,Type,email,phone,companyName,jobTitle,department,externalId,defaultDuration,validFrom,validTo\r\n',
    );
    const headings = template.trim().split(',');
    expect(Object.keys(guessSettings(headings, labelOf).columns)).toHaveLength(headings.length);
  });
});
