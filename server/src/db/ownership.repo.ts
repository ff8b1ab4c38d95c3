import type { Db } from './database.ts';

/**
 * Whether a row named in a path belongs to a tenant, per kind of entity. Routes name their
 * tenant-owned path parameters (`config.tenantParams`); the auth plugin asks here before
 * anything else runs, so another tenant's id answers 404 whatever the request body holds.
 */
export const tenantOwnership: Record<string, (db: Db, tenantId: string, id: string) => Promise<boolean>> = {
  user: async (db, tenantId, id) =>
    (await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  building: async (db, tenantId, id) =>
    (await db
      .selectFrom('buildings')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  camera: async (db, tenantId, id) =>
    (await db
      .selectFrom('cameras')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  questionnaire: async (db, tenantId, id) =>
    (await db
      .selectFrom('questionnaires')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  visit: async (db, tenantId, id) =>
    (await db
      .selectFrom('visits')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
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
  city: async (db, tenantId, id) =>
    (await db
      .selectFrom('cities')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
  person: async (db, tenantId, id) =>
    (await db
      .selectFrom('people')
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
