import type { Db } from './database.ts';

/** The tables whose rows carry their own id and tenant. */
type TenantTable =
  | 'users'
  | 'buildings'
  | 'cameras'
  | 'questionnaires'
  | 'visits'
  | 'cities'
  | 'people'
  | 'roll_calls'
  | 'watchlist_entries'
  | 'webhook_endpoints'
  | 'webhook_deliveries'
  | 'api_tokens';

/** Whether the row of `table` with this id belongs to the tenant. */
function ownedRow(table: TenantTable) {
  return async (db: Db, tenantId: string, id: string) =>
    (await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined;
}

/**
 * Whether a row named in a path belongs to a tenant, per kind of entity. Routes name their
 * tenant-owned path parameters (`config.tenantParams`); the auth plugin asks here before
 * anything else runs, so another tenant's id answers 404 whatever the request body holds.
 */
export const tenantOwnership: Record<string, (db: Db, tenantId: string, id: string) => Promise<boolean>> = {
  user: ownedRow('users'),
  building: ownedRow('buildings'),
  camera: ownedRow('cameras'),
  questionnaire: ownedRow('questionnaires'),
  visit: ownedRow('visits'),
  device: async (db, tenantId, id) =>
    (await db
      .selectFrom('kiosk_devices')
      .select('device_id')
      .where('device_id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  mutation: async (db, tenantId, id) =>
    (await db
      .selectFrom('applied_mutations')
      .select('mutation_id')
      .where('mutation_id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  city: ownedRow('cities'),
  watchlistEntry: ownedRow('watchlist_entries'),
  webhookEndpoint: ownedRow('webhook_endpoints'),
  webhookDelivery: ownedRow('webhook_deliveries'),
  apiToken: ownedRow('api_tokens'),
  person: ownedRow('people'),
  rollCall: ownedRow('roll_calls'),
  floor: async (db, tenantId, id) =>
    (await db
      .selectFrom('floors')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  space: async (db, tenantId, id) =>
    (await db
      .selectFrom('spaces')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  document: async (db, tenantId, id) =>
    (await db
      .selectFrom('building_documents')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  signature: async (db, tenantId, id) =>
    (await db
      .selectFrom('visit_document_signatures')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  question: async (db, tenantId, id) =>
    (await db
      .selectFrom('questions')
      .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
      .select('questions.id')
      .where('questions.id', '=', id)
      .where('questionnaires.tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
};

/**
 * The building a row named in a path belongs to, per building-bound entity. A user who sees
 * only the buildings assigned to them (supervisors, users, space users) gets 404 for a row of
 * any other building, as for another tenant's.
 */
export const buildingOfEntity: Record<string, (db: Db, id: string) => Promise<string | null | undefined>> = {
  building: async (_db, id) => id,
  camera: async (db, id) =>
    (await db.selectFrom('cameras').select('building_id').where('id', '=', id).executeTakeFirst())?.building_id,
  visit: async (db, id) =>
    (await db.selectFrom('visits').select('building_id').where('id', '=', id).executeTakeFirst())?.building_id,
  device: async (db, id) =>
    (await db.selectFrom('kiosk_devices').select('building_id').where('device_id', '=', id).executeTakeFirst())
      ?.building_id,
  person: async (db, id) =>
    (await db.selectFrom('people').select('building_id').where('id', '=', id).executeTakeFirst())?.building_id,
  rollCall: async (db, id) =>
    (await db.selectFrom('roll_calls').select('building_id').where('id', '=', id).executeTakeFirst())?.building_id,
  document: async (db, id) =>
    (await db.selectFrom('building_documents').select('building_id').where('id', '=', id).executeTakeFirst())
      ?.building_id,
  signature: async (db, id) =>
    (await db.selectFrom('visit_document_signatures').select('building_id').where('id', '=', id).executeTakeFirst())
      ?.building_id,
  floor: async (db, id) =>
    (await db.selectFrom('floors').select('building_id').where('id', '=', id).executeTakeFirst())?.building_id,
  space: async (db, id) =>
    (
      await db
        .selectFrom('spaces')
        .innerJoin('floors', 'floors.id', 'spaces.floor_id')
        .select('floors.building_id')
        .where('spaces.id', '=', id)
        .executeTakeFirst()
    )?.building_id,
  // A kiosk entry (mutation ids are the devices' own): refused entries are resolved by building.
  mutation: async (db, id) =>
    (
      await db
        .selectFrom('applied_mutations')
        .select('building_id')
        .where('mutation_id', '=', id)
        .orderBy('received_at')
        .executeTakeFirst()
    )?.building_id,
};

/** Whether a building is assigned to a user. */
export async function isAssignedBuilding(db: Db, userId: string, buildingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_buildings')
    .select('building_id')
    .where('user_id', '=', userId)
    .where('building_id', '=', buildingId)
    .executeTakeFirst();
  return row !== undefined;
}
