import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// A company's privacy notice and its versions (docs/privacy.md, "The privacy notice"): a new
// version is inserted, never an old one changed.

/** Every version of the company's notice, newest first, with who published it. */
export function noticeVersions(db: Db, tenantId: string) {
  return db
    .selectFrom('privacy_notices')
    .leftJoin('users', 'users.id', 'privacy_notices.created_by')
    .select(['privacy_notices.version', 'privacy_notices.created_at', 'users.username'])
    .where('privacy_notices.tenant_id', '=', tenantId)
    .orderBy('privacy_notices.version', 'desc')
    .execute();
}

/** The company's notice in force: its newest version. */
export function noticeInForce(db: Db, tenantId: string) {
  return db
    .selectFrom('privacy_notices')
    .select(['version', 'body', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The notice in force of a building's company, with the company's name (undefined: no building). */
export async function noticeOfBuilding(db: Db, buildingId: string) {
  const building = await db
    .selectFrom('buildings')
    .innerJoin('tenants', 'tenants.id', 'buildings.tenant_id')
    .select(['tenants.id', 'tenants.name'])
    .where('buildings.id', '=', buildingId)
    .executeTakeFirst();
  if (!building) return undefined;
  return { company: building.name, notice: await noticeInForce(db, building.id) };
}

/**
 * Adds the next version of the company's notice. The company's row is locked first, so two
 * publications at once get versions one after the other rather than the same one.
 */
export async function insertNextNotice(trx: Db, tenantId: string, body: string, userId: string | null) {
  await trx.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().execute();
  return trx
    .insertInto('privacy_notices')
    .columns(['tenant_id', 'version', 'body', 'created_by'])
    .expression(
      trx
        .selectFrom('privacy_notices')
        .select([
          sql<string>`${tenantId}::uuid`.as('tenant_id'),
          sql<number>`coalesce(max(version), 0) + 1`.as('version'),
          sql<string>`${body}`.as('body'),
          sql<string | null>`${userId}::uuid`.as('created_by'),
        ])
        .where('tenant_id', '=', tenantId),
    )
    .returning(['version', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
}
