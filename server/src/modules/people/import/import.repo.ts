import { type Insertable, sql } from 'kysely';
import { assignedTo as isAssigned } from '../../../db/assignedBuildings.ts';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';

// The people import's queries: what the company holds, read once per file, and the
// file's people written in a few statements (never one per row).

export type ImportedPersonRow = Insertable<Database['people']>;

/** The columns an import may change on a person it finds by external id. */
export type ImportedColumn =
  | 'first_name'
  | 'last_name'
  | 'building_id'
  | 'visitor_type'
  | 'email'
  | 'phone'
  | 'company_name'
  | 'job_title'
  | 'department'
  | 'default_duration'
  | 'valid_from'
  | 'valid_to';

/** The company's buildings the caller sees (only the assigned ones for `assignedTo`). */
export function importBuildings(db: Db, tenantId: string, assignedTo: string | undefined) {
  let query = db.selectFrom('buildings').select(['id', 'external_id', 'name']).where('tenant_id', '=', tenantId);
  if (assignedTo) query = query.where((eb) => isAssigned(eb, assignedTo, 'buildings.id'));
  return query.execute();
}

/** Every person of the company with an external id, whichever building (a file may name any). */
export function peopleWithExternalId(db: Db, tenantId: string) {
  return db
    .selectFrom('people')
    .select(['id', 'external_id', 'building_id', 'default_duration', 'valid_from', 'valid_to'])
    .where('tenant_id', '=', tenantId)
    .where('external_id', 'is not', null)
    .execute();
}

/** Inserts new people (a taken external id breaks people_tenant_external_id_unique). */
export async function insertPeople(db: Db, rows: readonly ImportedPersonRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('people')
      .values([...rows])
      .execute();
}

/**
 * Inserts people, or, for an external id the company already has, changes `columns` of that
 * person (the unique index people_tenant_external_id_unique decides). With `onlyBuildings`, a
 * person of another building is left alone and not counted. Answers how many were inserted and
 * how many changed.
 */
export async function upsertPeople(
  db: Db,
  rows: readonly ImportedPersonRow[],
  columns: readonly ImportedColumn[],
  onlyBuildings: readonly string[] | undefined,
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0 || onlyBuildings?.length === 0) return { inserted: 0, updated: 0 };
  const written = await db
    .insertInto('people')
    .values([...rows])
    .onConflict((oc) => {
      const update = oc
        .columns(['tenant_id', 'external_id'])
        .where('external_id', 'is not', null)
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)])),
          updated_at: sql<Date>`now()`,
        }));
      return onlyBuildings ? update.where('people.building_id', 'in', [...onlyBuildings]) : update;
    })
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, updated: written.length - inserted };
}
