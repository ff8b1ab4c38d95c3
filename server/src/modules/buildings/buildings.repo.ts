import { sql } from 'kysely';
import { assignedTo as isAssigned } from '../../db/assignedBuildings.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { BuildingsTable } from '../../db/schema.ts';
import type { Insertable, Updateable } from 'kysely';
import { containsPattern } from '../../db/likePattern.ts';

export const sortableColumns = {
  name: 'buildings.name',
  city: 'buildings.city',
  externalId: 'buildings.external_id',
  createdAt: 'buildings.created_at',
  updatedAt: 'buildings.updated_at',
} as const;
export type BuildingSort = keyof typeof sortableColumns;

function selectBuildings(db: Db) {
  return db
    .selectFrom('buildings')
    .innerJoin('tenants', 'tenants.id', 'buildings.tenant_id')
    .selectAll('buildings')
    .select('tenants.name as tenant_name')
    .select((eb) =>
      eb
        .selectFrom('building_logos')
        .select('building_logos.file_name')
        .whereRef('building_logos.building_id', '=', 'buildings.id')
        .as('logo_file_name'),
    );
}

export type BuildingRow = NonNullable<Awaited<ReturnType<typeof findBuilding>>>;

export function findBuilding(db: Db, tenantId: string, id: string) {
  return selectBuildings(db)
    .where('buildings.id', '=', id)
    .where('buildings.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function listBuildings(
  db: Db,
  tenantId: string,
  options: {
    search?: string;
    sort: BuildingSort;
    descending: boolean;
    offset: number;
    limit: number;
    /** Only the buildings assigned to this user (a supervisor's list). */
    assignedTo?: string | undefined;
  },
): Promise<{ rows: BuildingRow[]; total: number }> {
  let query = selectBuildings(db).where('buildings.tenant_id', '=', tenantId);
  const { assignedTo } = options;
  if (assignedTo) query = query.where((eb) => isAssigned(eb, assignedTo, 'buildings.id'));
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where((eb) =>
      eb.or([
        eb('buildings.name', 'ilike', pattern),
        eb('buildings.city', 'ilike', pattern),
        eb('buildings.address1', 'ilike', pattern),
        eb('buildings.external_id', 'ilike', pattern),
      ]),
    );
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy(sortableColumns[options.sort], options.descending ? 'desc' : 'asc')
    .orderBy('buildings.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { rows, total: Number(total) };
}

/** Locks the tenant row so two creations cannot both pass the building limit. */
export async function insertBuildingWithinLimit(
  db: Db,
  building: Insertable<BuildingsTable>,
): Promise<'created' | 'limit' | 'externalIdExists'> {
  return inTransaction(db, async (trx) => {
    const tenant = await trx
      .selectFrom('tenants')
      .select('building_limit')
      .where('id', '=', building.tenant_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { count } = await trx
      .selectFrom('buildings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', building.tenant_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= tenant.building_limit) return 'limit';
    if (building.external_id && (await externalIdTaken(trx, building.tenant_id, building.external_id, undefined))) {
      return 'externalIdExists';
    }
    await trx.insertInto('buildings').values(building).execute();
    return 'created';
  });
}

export async function externalIdTaken(
  db: Db,
  tenantId: string,
  externalId: string,
  exceptId: string | undefined,
): Promise<boolean> {
  let query = db
    .selectFrom('buildings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('external_id', '=', externalId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Updates one building of a tenant; false when there is no such building. */
export async function updateBuilding(
  db: Db,
  tenantId: string,
  id: string,
  values: Updateable<BuildingsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('buildings')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a building of the tenant unless visits refer to it (their history is kept): answers
 * 'deleted', 'notFound' or 'hasVisits'. The building row is locked while visits are counted.
 */
export async function deleteBuilding(
  db: Db,
  tenantId: string,
  id: string,
): Promise<'deleted' | 'notFound' | 'hasVisits'> {
  return inTransaction(db, async (trx) => {
    const building = await trx
      .selectFrom('buildings')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!building) return 'notFound';
    const visit = await trx.selectFrom('visits').select('id').where('building_id', '=', id).limit(1).executeTakeFirst();
    if (visit) return 'hasVisits';
    await trx.deleteFrom('buildings').where('id', '=', id).execute();
    return 'deleted';
  });
}

export async function saveLogo(
  db: Db,
  tenantId: string,
  buildingId: string,
  logo: { fileName: string; contentType: string; content: Buffer },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const bumped = await trx
      .updateTable('buildings')
      .set((eb) => ({ check_in_logo_version: eb('check_in_logo_version', '+', 1), updated_at: sql<Date>`now()` }))
      .where('id', '=', buildingId)
      .where('tenant_id', '=', tenantId)
      .returning('check_in_logo_version')
      .executeTakeFirst();
    if (!bumped) return false;
    const row = {
      building_id: buildingId,
      file_name: logo.fileName,
      content_type: logo.contentType,
      content: logo.content,
      version: bumped.check_in_logo_version,
    };
    await trx
      .insertInto('building_logos')
      .values(row)
      .onConflict((oc) =>
        oc.column('building_id').doUpdateSet({
          file_name: row.file_name,
          content_type: row.content_type,
          content: row.content,
          version: row.version,
          updated_at: sql<Date>`now()`,
        }),
      )
      .execute();
    return true;
  });
}

/** The logo of a building, for the public image path (no tenant: the path is public). */
export function findLogo(db: Db, buildingId: string) {
  return db
    .selectFrom('building_logos')
    .select(['content', 'content_type', 'version'])
    .where('building_id', '=', buildingId)
    .executeTakeFirst();
}

export type QuestionnaireKind = 'ENTRY' | 'EXIT';
export type LinkedVisitorType = 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE';

export async function listBuildingQuestionnaireLinks(db: Db, buildingIds: readonly string[]) {
  if (buildingIds.length === 0) return [];
  return db
    .selectFrom('building_questionnaires')
    .select(['building_id', 'questionnaire_id', 'visitor_type', 'kind', 'sort_order'])
    .where('building_id', 'in', buildingIds)
    .orderBy('sort_order')
    .execute();
}

/** Replaces a building's entry or exit questionnaire lists in one transaction. */
export async function replaceQuestionnaireLinks(
  db: Db,
  buildingId: string,
  kind: QuestionnaireKind,
  lists: Record<LinkedVisitorType, readonly string[]>,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('building_questionnaires')
      .where('building_id', '=', buildingId)
      .where('kind', '=', kind)
      .execute();
    const rows = (Object.entries(lists) as [LinkedVisitorType, readonly string[]][]).flatMap(([visitorType, ids]) =>
      ids.map((questionnaireId, order) => ({
        building_id: buildingId,
        questionnaire_id: questionnaireId,
        visitor_type: visitorType,
        kind,
        sort_order: order,
      })),
    );
    if (rows.length > 0) await trx.insertInto('building_questionnaires').values(rows).execute();
  });
}

export async function countTenantQuestionnaires(db: Db, tenantId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db
    .selectFrom('questionnaires')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Rotates every mobile token whose refresh is due, and schedules the next one
 * mobileTokenChangeDays ahead. One statement, so several instances running it at once
 * rotate each token once.
 */
export async function rotateDueMobileTokens(db: Db): Promise<number> {
  const result = await db
    .updateTable('buildings')
    .set({
      mobile_token: sql<string>`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`,
      mobile_token_next_refresh_at: sql<Date>`now() + make_interval(days => mobile_token_change_days)`,
      updated_at: sql<Date>`now()`,
    })
    .where('mobile_token', 'is not', null)
    .where('mobile_token_next_refresh_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
