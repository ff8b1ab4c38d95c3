// Cities: each company's list of city names, which the address forms suggest.
// Supervisors and above keep the list; users read it. A name is unique in its company whatever
// its case; every change is audited in its own transaction.
import { uuidv7 } from '@vestibule/shared';
import type { City, CityInput, CityList, CityListQuery } from '@vestibule/shared/contract';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import {
  CITY_NAME_UNIQUE,
  type CityRow,
  deleteCity,
  findCity,
  insertCity,
  listCities,
  renameCity,
} from './cities.repo.ts';

/** A company's whole list fits one answer: the address forms suggest from all of it. */
const DEFAULT_LIMIT = 500;

function toCity(row: CityRow): City {
  return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString() };
}

const audited = (row: CityRow) => ({ id: row.id, name: row.name });

/** Runs `work`; the unique index refusing the name means the company already has that city. */
async function refusingTakenName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === CITY_NAME_UNIQUE) throw new AppError('CITY_ALREADY_EXISTS');
    throw error;
  }
}

async function cityOf(ctx: ServerContext, tenantId: string, id: string): Promise<CityRow> {
  const row = await findCity(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

export async function listTenantCities(ctx: ServerContext, tenantId: string, query: CityListQuery): Promise<CityList> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const { rows, total } = await listCities(ctx.db, tenantId, {
    search: query.search || undefined,
    descending: query.order === -1,
    offset: ((query.page ?? 1) - 1) * limit,
    limit,
  });
  return { docs: rows.map(toCity), totalDocs: total };
}

export async function addCity(ctx: ServerContext, actor: AuditActor, tenantId: string, input: CityInput) {
  const id = uuidv7();
  const created = await refusingTakenName(() =>
    ctx.db.transaction().execute(async (trx) => {
      await insertCity(trx, { id, tenant_id: tenantId, name: input.name });
      const row = await findCity(trx, tenantId, id);
      if (!row) throw notFound();
      await audit(trx, actor, { tenantId, action: 'CITY_CREATED', entity: 'city', entityId: id, after: audited(row) });
      return row;
    }),
  );
  return toCity(created);
}

export async function editCity(ctx: ServerContext, actor: AuditActor, tenantId: string, id: string, input: CityInput) {
  const before = await cityOf(ctx, tenantId, id);
  if (before.name === input.name) return toCity(before);
  const after = await refusingTakenName(() =>
    ctx.db.transaction().execute(async (trx) => {
      await renameCity(trx, tenantId, id, input.name);
      const row = await findCity(trx, tenantId, id);
      if (!row) throw notFound();
      await audit(trx, actor, {
        tenantId,
        action: 'CITY_UPDATED',
        entity: 'city',
        entityId: id,
        before: audited(before),
        after: audited(row),
      });
      return row;
    }),
  );
  return toCity(after);
}

export async function removeCity(ctx: ServerContext, actor: AuditActor, tenantId: string, id: string) {
  const before = await cityOf(ctx, tenantId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteCity(trx, tenantId, id);
    await audit(trx, actor, {
      tenantId,
      action: 'CITY_DELETED',
      entity: 'city',
      entityId: id,
      before: audited(before),
    });
  });
}
