import { type Insertable, type Updateable, sql } from 'kysely';
import type { Role } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/likePattern.ts';
import { selectUsers } from '../auth/user.repo.ts';

/** A user of one tenant: another tenant's user is simply not found. */
export function findTenantUser(db: Db, tenantId: string, id: string) {
  return selectUsers(db).where('users.id', '=', id).where('users.tenant_id', '=', tenantId).executeTakeFirst();
}

const sortColumns = {
  username: 'users.username',
  lastName: 'users.last_name',
  email: 'users.email',
  role: 'users.role',
  createdAt: 'users.created_at',
} as const;

export interface UserListFilter {
  tenantId: string;
  search?: string;
  role?: Role;
  buildingId?: string;
  sort?: keyof typeof sortColumns;
  order?: number;
  offset: number;
  limit: number;
}

function filteredUsers(db: Db, filter: UserListFilter) {
  let query = selectUsers(db).where('users.tenant_id', '=', filter.tenantId);
  if (filter.role) query = query.where('users.role', '=', filter.role);
  // The users a building is assigned to (the list's building filter).
  if (filter.buildingId) {
    const buildingId = filter.buildingId;
    query = query.where((eb) =>
      eb.exists(
        sql`(select 1 from user_buildings where user_buildings.user_id = users.id
          and user_buildings.building_id = ${buildingId})`,
      ),
    );
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search.toLowerCase());
    query = query.where((eb) =>
      eb.or(
        ['users.username', 'users.email', 'users.first_name', 'users.last_name'].map((column) =>
          eb(sql<string>`lower(coalesce(${sql.ref(column)}, ''))`, 'like', pattern),
        ),
      ),
    );
  }
  return query;
}

/** One page of a tenant's users, and how many match in all. */
export async function listTenantUsers(db: Db, filter: UserListFilter) {
  const column = sortColumns[filter.sort ?? 'username'];
  const direction = filter.order === -1 ? 'desc' : 'asc';
  const [docs, total] = await Promise.all([
    filteredUsers(db, filter)
      .orderBy(sql.ref(column), direction)
      .orderBy('users.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    filteredUsers(db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { docs, total: total.n };
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export type NewUserRow = Insertable<UsersTable>;

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Administrators who can still sign in. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'ROLE_ADMIN')
    .where('blocked', '=', false)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The buildings a user is assigned (supervisors, users, space users), within one tenant. */
export function listAssignedBuildings(db: Db, userId: string, tenantId: string) {
  return db
    .selectFrom('user_buildings')
    .innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
    .select(['buildings.id', 'buildings.name', sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone')])
    .where('user_buildings.user_id', '=', userId)
    .where('buildings.tenant_id', '=', tenantId)
    .orderBy('buildings.name')
    .execute();
}

/** Every building of a tenant (what admins and corporate users see). */
export function listCompanyBuildings(db: Db, tenantId: string) {
  return db
    .selectFrom('buildings')
    .select(['id', 'name', sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone')])
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .execute();
}

export async function assignBuilding(db: Db, userId: string, buildingId: string): Promise<boolean> {
  const row = await db
    .insertInto('user_buildings')
    .values({ user_id: userId, building_id: buildingId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unassignBuilding(db: Db, userId: string, buildingId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_buildings')
    .where('user_id', '=', userId)
    .where('building_id', '=', buildingId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of these ids are buildings of the tenant. */
export async function tenantBuildingIds(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('buildings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
