import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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
