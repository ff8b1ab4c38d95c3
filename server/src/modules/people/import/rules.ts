// The rules of a people file, one cell at a time and then
// across a row and the file, with no database: the service hands in what the company holds
// (its buildings, its people with an external id) as lookups. Every refusal names its row (as a
// spreadsheet numbers it), its column and its PEOPLE_UPLOAD_* code.
import { z } from 'zod';
import {
  type ErrorCode,
  PERSON_LIMITS,
  type PeopleUploadColumn,
  type PeopleUploadFields,
  type VisitorType,
  isUnsafeText,
  type peopleDateFormats,
  visitorTypes,
} from '@vestibule/shared';

export type PeopleDateFormat = (typeof peopleDateFormats)[number];

/** Reading stops once this many refusals are reported (PEOPLE_UPLOAD_TOO_MANY_ERRORS). */
export const PEOPLE_UPLOAD_MAX_ISSUES = 100;

export interface UploadIssue {
  row: number;
  column: PeopleUploadColumn | null;
  errorCode: ErrorCode;
}

/** The columns every file maps; the visitor type and the building may instead come from the upload's defaults. */
export function missingColumns(
  fields: Pick<PeopleUploadFields, 'columns' | 'visitorType' | 'buildingId'>,
): PeopleUploadColumn[] {
  const required: PeopleUploadColumn[] = ['firstName', 'lastName'];
  if (!fields.buildingId) required.push('buildingId');
  if (!fields.visitorType) required.push('visitorType');
  return required.filter((column) => fields.columns[column] === undefined);
}

// One cell at a time.

const typeLetters: Record<string, VisitorType> = { V: 'VISITOR', C: 'CONTRACTOR', E: 'EMPLOYEE', R: 'RESIDENT' };

/** VISITOR, CONTRACTOR, EMPLOYEE or RESIDENT in any case, or their letter (v, c, e, r). */
export function parseVisitorType(value: string): VisitorType | undefined {
  const upper = value.trim().toUpperCase();
  if (typeLetters[upper]) return typeLetters[upper];
  return (visitorTypes as readonly string[]).includes(upper) ? (upper as VisitorType) : undefined;
}

/**
 * A default duration in minutes: h:mm (h:mm:ss as a spreadsheet writes a time) or a number of
 * minutes, rounded to the nearest 5 minutes, then 5 minutes to 24 hours; undefined otherwise.
 */
export function parseDuration(value: string): number | undefined {
  const text = value.trim();
  let minutes: number;
  const clock = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (clock) {
    minutes = Number(clock[1]) * 60 + Number(clock[2]) + Number(clock[3] ?? 0) / 60;
  } else if (/^\d{1,5}$/.test(text)) {
    minutes = Number(text);
  } else {
    return undefined;
  }
  const step = PERSON_LIMITS.durationStep;
  const rounded = Math.round(minutes / step) * step;
  return rounded >= PERSON_LIMITS.durationMin && rounded <= PERSON_LIMITS.durationMax ? rounded : undefined;
}

const dayPatterns: Record<PeopleDateFormat, { pattern: RegExp; year: number; month: number; day: number }> = {
  'yyyy-MM-dd': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, year: 1, month: 2, day: 3 },
  'dd/MM/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, year: 3, month: 2, day: 1 },
  'MM/dd/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, year: 3, month: 1, day: 2 },
  'dd.MM.yyyy': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, year: 3, month: 2, day: 1 },
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day written in `format` (day and month may have one digit), as yyyy-MM-dd; undefined when it is no day (31/02). */
export function parseDay(value: string, format: PeopleDateFormat): string | undefined {
  const { pattern, year, month, day } = dayPatterns[format];
  const match = pattern.exec(value.trim());
  if (!match) return undefined;
  const [y, m, d] = [Number(match[year]), Number(match[month]), Number(match[day])];
  if (y < 1000 || m < 1 || m > 12 || d < 1) return undefined;
  // Day 0 of the next month is the last day of this one (UTC: no time zone moves it).
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > daysInMonth) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Digits with the usual separators, an optional leading + and extension; at least 3 digits. */
export function isPhoneLike(value: string): boolean {
  if (value.length > PERSON_LIMITS.phone) return false;
  if (!/^\+?[\d ().\-/]+(?: *(?:x|ext\.?|#) *\d{1,6})?$/i.test(value)) return false;
  return (value.match(/\d/g)?.length ?? 0) >= 3;
}

const emailSchema = z.email();

export function isEmail(value: string): boolean {
  return value.length <= PERSON_LIMITS.email && emailSchema.safeParse(value).success;
}

// A row.

/** The fields a row gives a person (null: empty or not in the file). */
export interface PersonValues {
  firstName: string;
  lastName: string;
  buildingId: string;
  visitorType: VisitorType;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  jobTitle: string | null;
  department: string | null;
  externalId: string | null;
  /** For a person updated without the column in the file: the duration they have. */
  defaultDuration: number | null;
  validFrom: string | null;
  validTo: string | null;
}

/** A person of the company with an external id, as the file's rules need them. */
export interface ExistingPerson {
  id: string;
  /** False when the caller may not see them (a building not assigned to a supervisor). */
  visible: boolean;
  defaultDuration: number | null;
  validFrom: string | null;
  validTo: string | null;
}

/** What the company holds, looked up by the rules (loaded once by the service). */
export interface CompanyLookups {
  /**
   * The id of a building the caller sees, named by its external id ("Building Id"), its id or
   * its name (any case; a name two buildings share names none).
   */
  building(reference: string): string | undefined;
  /** The company's person with this external id. */
  person(externalId: string): ExistingPerson | undefined;
}

export interface CheckedRow {
  /** 1-based, as a spreadsheet numbers it. */
  row: number;
  values: PersonValues;
  /** The person the row updates (their external id is known), or undefined for a new person. */
  existingId: string | undefined;
}

export interface CheckedFile {
  /** Data rows read (blank rows are not counted). */
  total: number;
  issues: UploadIssue[];
  /** Reading stopped at PEOPLE_UPLOAD_MAX_ISSUES refusals. */
  stopped: boolean;
  /** The rows that pass every rule (none are written when reading stopped). */
  rows: CheckedRow[];
}

type TextLimits = { column: PeopleUploadColumn; max: number; code: ErrorCode };

const optionalTexts: TextLimits[] = [
  { column: 'companyName', max: PERSON_LIMITS.companyName, code: 'PEOPLE_UPLOAD_INVALID_COMPANY_NAME' },
  { column: 'jobTitle', max: PERSON_LIMITS.jobTitle, code: 'PEOPLE_UPLOAD_INVALID_JOB_TITLE' },
  { column: 'department', max: PERSON_LIMITS.department, code: 'PEOPLE_UPLOAD_INVALID_DEPARTMENT' },
];

/** A name may not break lines or hold control characters. */
const badNameCharacters = /[\r\n\t]/;

/**
 * Checks one row's cells. `seen` holds the external ids of the rows before it (a later row
 * with the same id is refused). Answers the person's values, or the row's refusals.
 */
function checkRow(
  cells: readonly string[],
  row: number,
  fields: PeopleUploadFields,
  lookups: CompanyLookups,
  seen: Set<string>,
): { issues: UploadIssue[]; checked?: CheckedRow } {
  const issues: UploadIssue[] = [];
  const refuse = (column: PeopleUploadColumn, errorCode: ErrorCode) => issues.push({ row, column, errorCode });
  const mapped = (column: PeopleUploadColumn) => fields.columns[column] !== undefined;
  const cell = (column: PeopleUploadColumn): string => {
    const index = fields.columns[column];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const optional = (column: PeopleUploadColumn) => cell(column) || null;

  const name = (column: 'firstName' | 'lastName', which: 'FIRST_NAME' | 'LAST_NAME') => {
    const value = cell(column);
    if (!value) refuse(column, `PEOPLE_UPLOAD_MISSING_${which}`);
    else if (value.length > PERSON_LIMITS.name) refuse(column, `PEOPLE_UPLOAD_TOO_LONG_${which}`);
    else if (badNameCharacters.test(value) || isUnsafeText(value)) refuse(column, `PEOPLE_UPLOAD_INVALID_${which}`);
    return value;
  };
  const firstName = name('firstName', 'FIRST_NAME');
  const lastName = name('lastName', 'LAST_NAME');

  // A row without a building is in the upload's building, when it names one.
  const buildingReference = cell('buildingId') || (fields.buildingId ?? '');
  const buildingId = buildingReference ? lookups.building(buildingReference) : undefined;
  if (!buildingReference) refuse('buildingId', 'PEOPLE_UPLOAD_MISSING_BUILDING_ID');
  else if (!buildingId) refuse('buildingId', 'PEOPLE_UPLOAD_INVALID_BUILDING');

  const typeCell = cell('visitorType');
  const visitorType = typeCell ? parseVisitorType(typeCell) : fields.visitorType;
  if (!typeCell && !visitorType) refuse('visitorType', 'PEOPLE_UPLOAD_MISSING_VISITOR_TYPE');
  else if (!visitorType) refuse('visitorType', 'PEOPLE_UPLOAD_INVALID_VISITOR_TYPE');

  const email = optional('email');
  if (email !== null && !isEmail(email)) refuse('email', 'PEOPLE_UPLOAD_INVALID_EMAIL');
  const phone = optional('phone');
  if (phone !== null && !isPhoneLike(phone)) refuse('phone', 'PEOPLE_UPLOAD_INVALID_PHONE');

  const texts: Partial<Record<PeopleUploadColumn, string | null>> = {};
  for (const { column, max, code } of optionalTexts) {
    const value = optional(column);
    if (value !== null && (value.length > max || isUnsafeText(value))) refuse(column, code);
    texts[column] = value;
  }

  const externalId = optional('externalId');
  let existing: ExistingPerson | undefined;
  if (externalId !== null) {
    if (externalId.length > PERSON_LIMITS.externalId || isUnsafeText(externalId)) {
      refuse('externalId', 'PEOPLE_UPLOAD_INVALID_EXTERNAL_ID');
    } else if (seen.has(externalId)) {
      refuse('externalId', 'PEOPLE_UPLOAD_NOT_UNIQUE_EXTERNAL_ID');
    } else {
      seen.add(externalId);
      existing = lookups.person(externalId);
      // Someone the caller may not see holds this id: never updated through the file.
      if (existing && !existing.visible) refuse('externalId', 'PEOPLE_UPLOAD_DUPLICATED_EXTERNAL_ID');
    }
  }

  // A column left out of the file keeps what an updated person has.
  const durationCell = cell('defaultDuration');
  const fileDuration = durationCell ? parseDuration(durationCell) : null;
  if (fileDuration === undefined) refuse('defaultDuration', 'PEOPLE_UPLOAD_INVALID_DURATION');
  // An employee with none, in the file or on record, takes the upload's default duration.
  const givenDuration = mapped('defaultDuration') ? (fileDuration ?? null) : (existing?.defaultDuration ?? null);
  const defaultDuration =
    givenDuration === null && visitorType === 'EMPLOYEE' ? (fields.defaultDuration ?? null) : givenDuration;
  if (visitorType === 'EMPLOYEE' && fileDuration !== undefined && defaultDuration === null) {
    refuse('defaultDuration', 'PEOPLE_DEFAULT_DURATION_REQUIRED');
  }

  const day = (column: 'validFrom' | 'validTo', code: ErrorCode, kept: string | null | undefined) => {
    if (!mapped(column)) return kept ?? null;
    const value = cell(column);
    if (!value) return null;
    const parsed = parseDay(value, fields.datesFormat);
    if (parsed === undefined) refuse(column, code);
    return parsed;
  };
  const validFrom = day('validFrom', 'PEOPLE_UPLOAD_INVALID_VALID_FROM', existing?.validFrom);
  const validTo = day('validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO', existing?.validTo);
  if (validFrom && validTo && validTo < validFrom) refuse('validTo', 'PEOPLE_UPLOAD_INVALID_VALID_TO');

  if (issues.length > 0 || !buildingId || !visitorType) return { issues };
  return {
    issues,
    checked: {
      row,
      existingId: existing?.id,
      values: {
        firstName,
        lastName,
        buildingId,
        visitorType,
        email,
        phone,
        companyName: texts.companyName ?? null,
        jobTitle: texts.jobTitle ?? null,
        department: texts.department ?? null,
        externalId,
        defaultDuration,
        validFrom: validFrom ?? null,
        validTo: validTo ?? null,
      },
    },
  };
}

const isBlank = (cells: readonly string[]) => cells.every((value) => value.trim() === '');

/**
 * Checks every data row of a file (from `fields.firstRow`; blank rows skipped), stopping once
 * PEOPLE_UPLOAD_MAX_ISSUES refusals are reported with more to read: the refusals past it are
 * dropped, PEOPLE_UPLOAD_TOO_MANY_ERRORS closes the list at the row where reading stopped.
 */
export function checkFile(
  records: readonly (readonly string[])[],
  fields: PeopleUploadFields,
  lookups: CompanyLookups,
  maxIssues = PEOPLE_UPLOAD_MAX_ISSUES,
): CheckedFile {
  const issues: UploadIssue[] = [];
  const rows: CheckedRow[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let index = fields.firstRow - 1; index < records.length; index++) {
    const cells = records[index] ?? [];
    if (isBlank(cells)) continue;
    total++;
    const row = index + 1;
    const result = checkRow(cells, row, fields, lookups, seen);
    if (result.checked) rows.push(result.checked);
    issues.push(...result.issues);
    if (issues.length < maxIssues) continue;
    const moreToRead = issues.length > maxIssues || records.slice(index + 1).some((next) => !isBlank(next));
    if (moreToRead) {
      issues.length = maxIssues;
      issues.push({ row, column: null, errorCode: 'PEOPLE_UPLOAD_TOO_MANY_ERRORS' });
      return { total, issues, stopped: true, rows: [] };
    }
  }
  return { total, issues, stopped: false, rows };
}
