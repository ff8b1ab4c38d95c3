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
  question: async (db, tenantId, id) =>
    (await db
      .selectFrom('questions')
      .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
      .select('questions.id')
      .where('questions.id', '=', id)
      .where('questionnaires.tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined,
};
