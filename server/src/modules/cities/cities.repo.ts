import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/likePattern.ts';

export type CityRow = NonNullable<Awaited<ReturnType<typeof findCity>>>;

/** The unique index that keeps a company's city names apart whatever their case. */
export const CITY_NAME_UNIQUE = 'cities_tenant_name_unique';

export function findCity(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('cities')
    .select(['id', 'tenant_id', 'name', 'created_at'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function listCities(
  db: Db,
  tenantId: string,
  options: { search?: string | undefined; descending: boolean; offset: number; limit: number },
): Promise<{ rows: CityRow[]; total: number }> {
  let query = db
    .selectFrom('cities')
    .select(['id', 'tenant_id', 'name', 'created_at'])
    .where('tenant_id', '=', tenantId);
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where('name', 'ilike', pattern);
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = options.descending ? 'desc' : 'asc';
  const rows = await query
    .orderBy((eb) => eb.fn('lower', ['name']), direction)
    .orderBy('name', direction)
    .orderBy('id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { rows, total: Number(total) };
}

export async function insertCity(db: Db, row: { id: string; tenant_id: string; name: string }): Promise<void> {
  await db.insertInto('cities').values(row).execute();
}

export async function renameCity(db: Db, tenantId: string, id: string, name: string): Promise<void> {
  await db.updateTable('cities').set({ name }).where('id', '=', id).where('tenant_id', '=', tenantId).execute();
}

export async function deleteCity(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('cities').where('id', '=', id).where('tenant_id', '=', tenantId).execute();
}
