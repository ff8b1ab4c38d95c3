import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewUserRow } from '../../db/schema.ts';

function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .selectAll('users')
    .select('tenants.name as tenant_name');
}

export type UserWithTenantRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function findUserById(db: Db, id: string) {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

/** A user of one tenant: another tenant's user is simply not found. */
export function findTenantUser(db: Db, tenantId: string, id: string) {
  return selectUsers(db).where('users.id', '=', id).where('users.tenant_id', '=', tenantId).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return selectUsers(db)
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function setSelectedTenant(db: Db, userId: string, tenantId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ selected_tenant_id: tenantId, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}
