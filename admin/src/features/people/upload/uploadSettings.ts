import {
  csvRow,
  type PeopleUploadColumn,
  type PeopleUploadFields,
  type VisitorType,
  type peopleDateFormats,
  peopleUploadColumns,
} from '@vestibule/shared';

// What the wizard's second step chooses: which column holds which field, how dates are written,
// the type and the building of the rows without one, the default duration of employees, and the
// first row of data.

export type PeopleDateFormat = (typeof peopleDateFormats)[number];
export type ColumnMapping = Partial<Record<PeopleUploadColumn, number>>;

export interface UploadSettings {
  columns: ColumnMapping;
  datesFormat: PeopleDateFormat;
  visitorType: VisitorType | undefined;
  /** The building of the rows without one (its id). */
  buildingId: string | undefined;
  /** Minutes: the default duration of employees without one. */
  defaultDuration: number | undefined;
  firstRow: number;
}

/** The fields every file maps; the type and the building may come from the wizard's choice instead. */
export function requiredColumns(settings: Pick<UploadSettings, 'visitorType' | 'buildingId'>): PeopleUploadColumn[] {
  const required: PeopleUploadColumn[] = ['firstName', 'lastName'];
  if (!settings.buildingId) required.push('buildingId');
  if (!settings.visitorType) required.push('visitorType');
  return required;
}

export function missingColumns(settings: UploadSettings): PeopleUploadColumn[] {
  return requiredColumns(settings).filter((column) => settings.columns[column] === undefined);
}

/** A heading as compared: lower case, without accents, spaces or punctuation. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/**
 * The mapping a heading row suggests: a column whose heading is a field's name (its code, or its
 * label as people.csv writes it) holds that field. A file with such headings starts at row 2.
 */
export function guessSettings(
  headings: readonly string[],
  labelOf: (column: PeopleUploadColumn) => string,
  /** The user's only building, when they have one: the rows without a building go there. */
  onlyBuilding?: string,
): UploadSettings {
  const columns: ColumnMapping = {};
  const cells = headings.map(plain);
  for (const column of peopleUploadColumns) {
    const names = new Set([plain(column), plain(labelOf(column))]);
    const index = cells.findIndex((cell) => cell !== '' && names.has(cell));
    if (index >= 0 && !Object.values(columns).includes(index)) columns[column] = index;
  }
  const found = Object.keys(columns).length > 0;
  return {
    columns,
    datesFormat: 'yyyy-MM-dd',
    visitorType: undefined,
    buildingId: onlyBuilding,
    defaultDuration: undefined,
    firstRow: found ? 2 : 1,
  };
}

export function uploadFields(settings: UploadSettings, dryRun: boolean): PeopleUploadFields {
  const { buildingId, defaultDuration, ...rest } = settings;
  return {
    ...rest,
    ...(buildingId ? { buildingId } : {}),
    ...(defaultDuration ? { defaultDuration } : {}),
    dryRun,
  };
}

/**
 * The template of a people file: one heading row, each field under the name the wizard matches
 * to it, so a filled template maps itself.
 */
export function templateCsv(labelOf: (column: PeopleUploadColumn) => string): string {
  return csvRow(peopleUploadColumns.map(labelOf));
}
