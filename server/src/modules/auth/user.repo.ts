// A user's row with their company's name: what a sign-in and a session answer (auth), and what
// the users module finds and lists. The users module manages users; this is only how they are read.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function selectUsers(db: Db) {
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

export function findUserByUsername(db: Db, username: string) {
  return selectUsers(db)
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}
