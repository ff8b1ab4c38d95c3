// The people CSV import: every row of the file checked against the people file's rules
// (rules.ts) and the company's buildings and people, each refusal reported at
// its row and column; then, unless it is a dry run or reading stopped at too many errors, the
// valid rows written in one transaction with one audit row. A row whose external id the company
// already has updates that person instead of adding a second one.
import { randomBytes } from 'node:crypto';
import {
  type Locale,
  type PeopleUploadColumn,
  type PeopleUploadFields,
  type PeopleUploadReport,
  uuidv7,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../../context.ts';
import { refreshStatistics } from '../../../db/statistics.ts';
import { AppError } from '../../../errors.ts';
import { type AuditActor, type AuditEntry, announceEach, audit } from '../../audit/audit.service.ts';
import { tenantExists } from '../../auth/auth.repo.ts';
import { readCsv } from './csvFile.ts';
import {
  type ImportedColumn,
  type ImportedPersonRow,
  importBuildings,
  insertPeople,
  peopleWithExternalId,
  upsertPeople,
} from './import.repo.ts';
import { type CheckedRow, type CompanyLookups, type ExistingPerson, checkFile, missingColumns } from './rules.ts';

/** Rows per INSERT: 16 parameters a row, well under PostgreSQL's 65,535 a statement. */
const CHUNK = 1_000;

/** The people the import changes and whom it answers to. */
export interface ImportScope {
  tenantId: string;
  /** A supervisor: only their assigned buildings, and only people of those buildings. */
  assignedTo: string | undefined;
}

/**
 * The company an upload is for: the request's, or the one its tenantId field names when that is
 * the same, or, for those who may work in any company (administrators), another that exists.
 */
export async function uploadTenant(
  ctx: ServerContext,
  caller: { tenantId: string; maySelectTenant: boolean },
  sent: string | undefined,
): Promise<string> {
  if (sent === undefined || sent === '' || sent.toLowerCase() === caller.tenantId) return caller.tenantId;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sent)) {
    throw new AppError('ID_MALFORMED', { field: 'tenantId' });
  }
  // Another company's id is not found, as every tenant-scoped call answers it.
  if (!caller.maySelectTenant || !(await tenantExists(ctx.db, sent.toLowerCase()))) throw new AppError('NOT_FOUND');
  return sent.toLowerCase();
}

/** The pass a new person's QR code encodes: 128 random bits. */
const newPassIdentifier = () => randomBytes(16).toString('base64url');

/** The database column of each file column a person keeps. */
const columnOf: Record<PeopleUploadColumn, ImportedColumn | undefined> = {
  firstName: 'first_name',
  lastName: 'last_name',
  buildingId: 'building_id',
  visitorType: 'visitor_type',
  email: 'email',
  phone: 'phone',
  companyName: 'company_name',
  jobTitle: 'job_title',
  department: 'department',
  externalId: undefined,
  defaultDuration: 'default_duration',
  validFrom: 'valid_from',
  validTo: 'valid_to',
};

/** What re-importing changes: the file's columns (a column left out keeps what a person has). */
function changedColumns(fields: PeopleUploadFields): ImportedColumn[] {
  const always: ImportedColumn[] = ['first_name', 'last_name', 'building_id', 'visitor_type'];
  // The upload's default duration fills the employees' that are missing: a change too.
  const given = Object.keys(fields.columns) as PeopleUploadColumn[];
  if (fields.defaultDuration !== undefined) given.push('defaultDuration');
  const mapped = given
    .map((column) => columnOf[column])
    .filter((column): column is ImportedColumn => column !== undefined && !always.includes(column));
  return [...always, ...new Set(mapped)];
}

function personChange(tenantId: string, action: string, id: string): AuditEntry {
  return { tenantId, action, entity: 'person', entityId: id };
}

function toRow(tenantId: string, { values }: CheckedRow): ImportedPersonRow {
  return {
    id: uuidv7(),
    tenant_id: tenantId,
    building_id: values.buildingId,
    first_name: values.firstName,
    last_name: values.lastName,
    email: values.email,
    phone: values.phone,
    visitor_type: values.visitorType,
    external_id: values.externalId,
    job_title: values.jobTitle,
    department: values.department,
    company_name: values.companyName,
    default_duration: values.defaultDuration,
    valid_from: values.validFrom,
    valid_to: values.validTo,
    pass_identifier: newPassIdentifier(),
  };
}

/** The company's buildings and people, loaded once, as the rules look them up. */
async function companyLookups(ctx: ServerContext, scope: ImportScope): Promise<CompanyLookups & { visible: string[] }> {
  const [buildings, people] = await Promise.all([
    importBuildings(ctx.db, scope.tenantId, scope.assignedTo),
    peopleWithExternalId(ctx.db, scope.tenantId),
  ]);
  const byExternalId = new Map<string, string>();
  const byId = new Set<string>();
  /** Lower-case name → id; null when two buildings share the name (then it names none). */
  const byName = new Map<string, string | null>();
  for (const building of buildings) {
    byId.add(building.id);
    if (building.external_id) byExternalId.set(building.external_id, building.id);
    const name = building.name.trim().toLowerCase();
    byName.set(name, byName.has(name) ? null : building.id);
  }
  const existing = new Map<string, ExistingPerson>();
  for (const person of people) {
    if (!person.external_id) continue;
    existing.set(person.external_id, {
      id: person.id,
      visible: byId.has(person.building_id),
      defaultDuration: person.default_duration,
      validFrom: person.valid_from,
      validTo: person.valid_to,
    });
  }
  return {
    visible: [...byId],
    building: (reference) => {
      const byExternal = byExternalId.get(reference);
      if (byExternal) return byExternal;
      const id = reference.toLowerCase();
      if (byId.has(id)) return id;
      return byName.get(id.trim()) ?? undefined;
    },
    person: (externalId) => existing.get(externalId),
  };
}

/** A refusal of the whole upload by the database (a person added meanwhile): a 409, not a 500. */
function refusedByDatabase(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23505') throw new AppError('PEOPLE_DUPLICATED_EXTERNAL_ID');
  if (code === '23514') throw new AppError('VALIDATION_FAILED');
  throw error;
}

/**
 * Checks a file and, unless `fields.dryRun`, writes its valid rows. The answer is the same
 * report either way: what was (or would be) written, and every refusal by row and column.
 */
export async function importPeople(
  ctx: ServerContext,
  actor: AuditActor,
  scope: ImportScope,
  upload: { fields: PeopleUploadFields; content: Uint8Array },
  locale: Locale,
): Promise<PeopleUploadReport> {
  const { fields } = upload;
  const missing = missingColumns(fields);
  // The message names the columns missing, in the request's language (the words of the file's headings).
  if (missing.length > 0) {
    const columns = missing.map((column) => translate(locale, `csv.people.${column}`)).join(', ');
    throw new AppError('PEOPLE_UPLOAD_MISSING_COLUMNS', { columns });
  }
  const records = readCsv(upload.content);
  const lookups = await companyLookups(ctx, scope);
  // The building of rows without one must be one the caller sees, or no row could be placed.
  if (fields.buildingId !== undefined && lookups.building(fields.buildingId) === undefined) {
    throw new AppError('PEOPLE_UPLOAD_UNKNOWN_BUILDING', { field: 'buildingId' });
  }
  const checked = checkFile(records, fields, lookups);

  let created = checked.rows.filter((row) => row.existingId === undefined).length;
  let updated = checked.rows.length - created;
  if (!fields.dryRun && checked.rows.length > 0) {
    const newPeople = checked.rows
      .filter((row) => row.existingId === undefined)
      .map((row) => toRow(scope.tenantId, row));
    const knownPeople = checked.rows
      .filter((row) => row.existingId !== undefined)
      .map((row) => toRow(scope.tenantId, row));
    const columns = changedColumns(fields);
    const onlyBuildings = scope.assignedTo ? lookups.visible : undefined;
    const written = await ctx.db
      .transaction()
      .execute(async (trx) => {
        // New people: plain inserts (an external id taken meanwhile breaks the unique index: 409).
        for (let start = 0; start < newPeople.length; start += CHUNK) {
          await insertPeople(trx, newPeople.slice(start, start + CHUNK));
        }
        // Known people: found again by the company's external-id index and changed.
        let changed = 0;
        for (let start = 0; start < knownPeople.length; start += CHUNK) {
          const chunk = knownPeople.slice(start, start + CHUNK);
          const result = await upsertPeople(trx, chunk, columns, onlyBuildings);
          // A person moved meanwhile to a building the caller does not see is left alone, and
          // then nothing of the file is written.
          if (result.inserted + result.updated !== chunk.length) throw new AppError('PEOPLE_DUPLICATED_EXTERNAL_ID');
          changed += result.updated;
        }
        const inserted = checked.rows.length - changed;
        await audit(trx, actor, {
          tenantId: scope.tenantId,
          action: 'PEOPLE_IMPORTED',
          entity: 'person',
          entityId: null,
          after: { created: inserted, updated: changed, total: checked.total },
        });
        // Each person created or changed is told as a change of its own (webhooks, docs/webhooks.md).
        await announceEach(trx, actor, [
          ...newPeople.map((row) => personChange(scope.tenantId, 'PERSON_CREATED', row.id)),
          ...checked.rows.flatMap((row) =>
            row.existingId === undefined ? [] : [personChange(scope.tenantId, 'PERSON_UPDATED', row.existingId)],
          ),
        ]);
        return { inserted, changed };
      })
      .catch(refusedByDatabase);
    created = written.inserted;
    updated = written.changed;
    await refreshStatistics(ctx.db, 'people');
  }
  const count = created + updated;
  return {
    msg: translate(locale, 'errors.PEOPLE_UPLOAD_SUMMARY', { count, total: checked.total, details: '' }),
    dryRun: fields.dryRun,
    count,
    created,
    updated,
    total: checked.total,
    issues: checked.issues,
    stopped: checked.stopped,
  };
}
