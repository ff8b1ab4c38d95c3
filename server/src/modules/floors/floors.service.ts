// Floors and their plan image (docs/floors-and-spaces.md): the list, adding, changing and
// deleting a floor, its map settings, its plan. Every change is audited in its transaction.
import { randomBytes } from 'node:crypto';
import {
  FLOORS_PER_BUILDING_MAX,
  type Floor,
  type FloorLayout,
  type FloorLayoutConfig,
  type floorListQuerySchema,
  type Space,
  type UserFloor,
  uuidv7,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { toFloor, toMapSpaces, toUserFloor } from './floors.dto.ts';
import {
  FLOOR_NAME_UNIQUE,
  type FloorRow,
  type FloorSort,
  cancelBookingsToCome,
  countBookingsToCome,
  countFloorsOfBuilding,
  countSpacesOfFloor,
  deleteFloor,
  deletePlan,
  findFloor,
  findPlanContent,
  floorSortColumns,
  insertFloor,
  listBookableFloors,
  listFloors,
  listApproversOfFloor,
  listSpacesOfFloor,
  lockBuilding,
  lockFloor,
  savePlan,
  updateFloor,
} from './floors.repo.ts';
import type { PlanImageInfo } from './planImage.ts';

/** A plan's key: unguessable, URL-safe, new with each upload (so its address can be cached for good). */
export function newPlanKey(): string {
  return randomBytes(18).toString('base64url');
}

/** Runs `work`; the unique index refusing the name means the building already has a floor of that name. */
export async function refusingTakenName<T>(
  work: () => Promise<T>,
  constraintName: string,
  code: 'FLOOR_NAME_EXISTS' | 'SPACE_NAME_EXISTS',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code: sqlState, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (sqlState === '23505' && (constraint === constraintName || constraint === undefined)) throw new AppError(code);
    throw error;
  }
}

const audited = (floor: { name: string; level: number | null; buildingId: string }) => ({
  name: floor.name,
  level: floor.level,
  buildingId: floor.buildingId,
});

async function floorOf(db: Db, tenantId: string, id: string): Promise<FloorRow> {
  const row = await findFloor(db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

export async function getFloor(ctx: ServerContext, tenantId: string, id: string): Promise<Floor> {
  return toFloor(await floorOf(ctx.db, tenantId, id));
}

export async function listTenantFloors(
  ctx: ServerContext,
  tenantId: string,
  query: z.infer<typeof floorListQuerySchema>,
  assignedTo: string | undefined,
): Promise<{ docs: Floor[]; totalDocs: number }> {
  // Own keys only: `__proto__` or `constructor` are in every object, never sortable columns.
  const sortable = query.sort !== undefined && Object.hasOwn(floorSortColumns, query.sort);
  if (query.sort && !sortable) throw new AppError('ERROR_WITH_FILTER', { field: 'sort' });
  const sort: FloorSort = sortable ? (query.sort as FloorSort) : 'name';
  const limit = query.limit ?? 25;
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await listFloors(ctx.db, tenantId, {
    assignedTo,
    buildingId: query.buildingId,
    search: query.search?.trim() || undefined,
    sort,
    descending: query.order === -1,
    offset: (page - 1) * limit,
    limit,
  });
  return { docs: rows.map(toFloor), totalDocs: total };
}

export async function createFloor(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; assignedTo: string | undefined },
  input: { buildingId: string; name: string; level?: number | null | undefined },
): Promise<Floor> {
  const id = uuidv7();
  const level = input.level ?? null;
  await refusingTakenName(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        // The building is locked so that two floors added at once cannot both pass the limit.
        if (!(await lockBuilding(trx, target.tenantId, input.buildingId, target.assignedTo))) throw notFound();
        if ((await countFloorsOfBuilding(trx, input.buildingId)) >= FLOORS_PER_BUILDING_MAX)
          throw new AppError('FLOOR_LIMIT_REACHED', { max: FLOORS_PER_BUILDING_MAX });
        await insertFloor(trx, {
          id,
          tenant_id: target.tenantId,
          building_id: input.buildingId,
          name: input.name,
          level,
        });
        await audit(trx, actor, {
          tenantId: target.tenantId,
          action: 'FLOOR_CREATED',
          entity: 'floor',
          entityId: id,
          after: audited({ name: input.name, level, buildingId: input.buildingId }),
        });
      }),
    FLOOR_NAME_UNIQUE,
    'FLOOR_NAME_EXISTS',
  );
  return getFloor(ctx, target.tenantId, id);
}

export async function changeFloor(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  input: { name?: string | undefined; level?: number | null | undefined },
): Promise<Floor> {
  await refusingTakenName(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await floorOf(trx, target.tenantId, target.id);
        const name = input.name ?? before.name;
        const level = input.level === undefined ? before.level : input.level;
        await updateFloor(trx, target.tenantId, target.id, { name, level });
        const change = changedFields({ name: before.name, level: before.level }, { name, level });
        if (change.after)
          await audit(trx, actor, {
            tenantId: target.tenantId,
            action: 'FLOOR_UPDATED',
            entity: 'floor',
            entityId: target.id,
            ...change,
          });
      }),
    FLOOR_NAME_UNIQUE,
    'FLOOR_NAME_EXISTS',
  );
  return getFloor(ctx, target.tenantId, target.id);
}

export async function changeLayoutConfig(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  config: FloorLayoutConfig,
): Promise<Floor> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await floorOf(trx, target.tenantId, target.id);
    await updateFloor(trx, target.tenantId, target.id, { config: JSON.stringify(config) });
    const change = changedFields(toFloor(before).config, config);
    if (change.after)
      await audit(trx, actor, {
        tenantId: target.tenantId,
        action: 'FLOOR_LAYOUT_CONFIG_UPDATED',
        entity: 'floor',
        entityId: target.id,
        ...change,
      });
  });
  return getFloor(ctx, target.tenantId, target.id);
}

/**
 * Deletes a floor, its plan and its spaces. While its spaces have bookings to come, refused
 * (FLOOR_HAS_FUTURE_BOOKINGS with their count) unless `cancelBookings`: then they are cancelled
 * with it (docs/floors-and-spaces.md, "Deleting").
 */
export async function removeFloor(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  cancelBookings: boolean,
): Promise<{ id: string; deletedSpaces: number; cancelledBookings: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockFloor(trx, target.tenantId, target.id))) throw notFound();
    const before = await floorOf(trx, target.tenantId, target.id);
    const toCome = await countBookingsToCome(trx, { floorId: target.id });
    if (toCome > 0 && !cancelBookings) throw new AppError('FLOOR_HAS_FUTURE_BOOKINGS', { count: toCome });
    const cancelledBookings = toCome > 0 ? await cancelBookingsToCome(trx, { floorId: target.id }) : 0;
    const deletedSpaces = await countSpacesOfFloor(trx, target.id);
    await deleteFloor(trx, target.id);
    await audit(trx, actor, {
      tenantId: target.tenantId,
      action: 'FLOOR_DELETED',
      entity: 'floor',
      entityId: target.id,
      before: { ...audited({ name: before.name, level: before.level, buildingId: before.building_id }), deletedSpaces },
      after: { cancelledBookings },
    });
    return { id: target.id, deletedSpaces, cancelledBookings };
  });
}

/** A floor's spaces as its map shows them: the spaces and their approvers, read side by side. */
export async function readMapSpaces(db: Db, tenantId: string, floorId: string): Promise<Space[]> {
  const [rows, approvers] = await Promise.all([
    listSpacesOfFloor(db, tenantId, floorId),
    listApproversOfFloor(db, tenantId, floorId),
  ]);
  return toMapSpaces(rows, approvers);
}

/** The floor's map: the floor with its plan, and its spaces. */
export async function getLayout(ctx: ServerContext, tenantId: string, id: string): Promise<FloorLayout> {
  const [row, spaces] = await Promise.all([findFloor(ctx.db, tenantId, id), readMapSpaces(ctx.db, tenantId, id)]);
  if (!row) throw notFound();
  return { floor: toFloor(row), spaces };
}

/** Stores a new plan under a new key; the spaces keep their places (their shapes are relative to the plan). */
export async function storePlan(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  plan: PlanImageInfo & { content: Buffer; fileName: string },
): Promise<Floor> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await floorOf(trx, target.tenantId, target.id);
    await savePlan(trx, target.id, { ...plan, key: newPlanKey() });
    await updateFloor(trx, target.tenantId, target.id, {});
    const image = (row: {
      contentType: string | null;
      width: number | null;
      height: number | null;
      bytes: number | null;
    }) => (row.contentType === null ? null : row);
    await audit(trx, actor, {
      tenantId: target.tenantId,
      action: 'FLOOR_PLAN_UPLOADED',
      entity: 'floor',
      entityId: target.id,
      before: {
        plan: image({
          contentType: before.plan_content_type,
          width: before.plan_width,
          height: before.plan_height,
          bytes: before.plan_bytes,
        }),
      },
      after: {
        plan: {
          fileName: plan.fileName,
          contentType: plan.contentType,
          width: plan.width,
          height: plan.height,
          bytes: plan.content.length,
        },
      },
    });
  });
  return getFloor(ctx, target.tenantId, target.id);
}

export async function removePlan(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
): Promise<Floor> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await floorOf(trx, target.tenantId, target.id);
    if (before.plan_key === null) return;
    await deletePlan(trx, target.id);
    await updateFloor(trx, target.tenantId, target.id, {});
    await audit(trx, actor, {
      tenantId: target.tenantId,
      action: 'FLOOR_PLAN_REMOVED',
      entity: 'floor',
      entityId: target.id,
      before: {
        plan: {
          contentType: before.plan_content_type,
          width: before.plan_width,
          height: before.plan_height,
          bytes: before.plan_bytes,
        },
      },
    });
  });
  return getFloor(ctx, target.tenantId, target.id);
}

/** The plan's bytes by its current key, or 404. */
export async function planContent(ctx: ServerContext, floorId: string, key: string) {
  const plan = await findPlanContent(ctx.db, floorId, key);
  if (!plan) throw notFound();
  return plan;
}

/** The floors a signed-in user may book on (none without a company). */
export async function userFloors(
  ctx: ServerContext,
  tenantId: string | null,
  assignedTo: string | undefined,
): Promise<UserFloor[]> {
  if (!tenantId) return [];
  return (await listBookableFloors(ctx.db, tenantId, assignedTo)).map(toUserFloor);
}
