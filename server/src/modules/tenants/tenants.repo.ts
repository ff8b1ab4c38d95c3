import { type Insertable, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TenantsTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/likePattern.ts';

/** The companies to choose from; the self-test's throwaway company is never one of them. */
export function listTenantRefs(db: Db) {
  return db.selectFrom('tenants').select(['id', 'name']).where('self_test', '=', false).orderBy('name').execute();
}

export function findTenantRef(db: Db, id: string) {
  return db.selectFrom('tenants').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

function selectTenants(db: Db) {
  return db.selectFrom('tenants').selectAll();
}

export type TenantRow = NonNullable<Awaited<ReturnType<typeof findTenant>>>;

export function findTenant(db: Db, id: string) {
  return selectTenants(db).where('id', '=', id).executeTakeFirst();
}

export async function listTenants(db: Db, filter: { search?: string; order?: number; offset: number; limit: number }) {
  // The self-test's throwaway company is no company of the list.
  const filtered = (query: ReturnType<typeof selectTenants>) => {
    const real = query.where('self_test', '=', false);
    return filter.search
      ? real.where(sql<string>`lower(name)`, 'like', containsPattern(filter.search.toLowerCase()))
      : real;
  };
  const [docs, total] = await Promise.all([
    filtered(selectTenants(db))
      .orderBy(sql`lower(name)`, filter.order === -1 ? 'desc' : 'asc')
      .orderBy('id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    filtered(selectTenants(db))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { docs, total: total.n };
}

export async function insertTenant(db: Db, row: Insertable<TenantsTable>): Promise<void> {
  await db.insertInto('tenants').values(row).execute();
}

export async function updateTenant(db: Db, id: string, values: Updateable<TenantsTable>): Promise<void> {
  await db
    .updateTable('tenants')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Whether a company still has buildings or users (it is then not deleted). */
export async function tenantHasContent(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('buildings').select('id').where('tenant_id', '=', id)).as('buildings'),
      eb.exists(eb.selectFrom('users').select('id').where('tenant_id', '=', id)).as('users'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.buildings) || Boolean(row.users);
}

export async function deleteTenant(db: Db, id: string): Promise<void> {
  await db.deleteFrom('tenants').where('id', '=', id).execute();
}
