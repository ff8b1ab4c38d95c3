// The spaces drawn on a floor (docs/floors-and-spaces.md): the list, a floor's map and picker,
// adding, changing and deleting a space, and who may approve its bookings. Every change is
// audited in its transaction.
import {
  SPACES_PER_FLOOR_MAX,
  type Space,
  type SpaceApprover,
  type SpaceKind,
  type spaceListQuerySchema,
  type SpaceOption,
  type SpaceShape,
  spaceKindColors,
  uuidv7,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { isAssignedBuilding } from '../../db/ownership.repo.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { toApprover, toSpace } from './floors.dto.ts';
import {
  SPACE_NAME_UNIQUE,
  type SpaceRow,
  type SpaceSort,
  cancelBookingsToCome,
  countBookingsToCome,
  countSpacesOfFloor,
  deleteSpace,
  findFloor,
  findSpace,
  insertSpace,
  listApprovers,
  listSpaceOptions,
  listSpaces,
  lockFloor,
  lockSpace,
  spaceSortColumns,
  updateSpace,
} from './floors.repo.ts';
import { readMapSpaces, refusingTakenName } from './floors.service.ts';

export interface SpaceFields {
  name: string;
  kind: SpaceKind;
  capacity: number | null;
  color: string;
  public: boolean;
  available: boolean;
  description: string | null;
  approver1Id: string | null;
  approver2Id: string | null;
  shape: SpaceShape | null;
}

/** What the audit log keeps of a space. */
function fieldsOf(row: SpaceRow): SpaceFields {
  return {
    name: row.name,
    kind: row.kind,
    capacity: row.capacity,
    color: row.color,
    public: row.public,
    available: row.available,
    description: row.description,
    approver1Id: row.approver1_id,
    approver2Id: row.approver2_id,
    shape: row.shape,
  };
}

function columnsOf(fields: SpaceFields) {
  return {
    name: fields.name,
    kind: fields.kind,
    capacity: fields.capacity,
    color: fields.color,
    public: fields.public,
    available: fields.available,
    description: fields.description,
    approver1_id: fields.approver1Id,
    approver2_id: fields.approver2Id,
    shape: fields.shape === null ? null : JSON.stringify(fields.shape),
  };
}

async function spaceOf(db: Db, tenantId: string, id: string): Promise<SpaceRow> {
  const row = await findSpace(db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The approvers named must be users of the floor's company who see its building (its
 * administrators and masters, or users assigned to it): else SPACE_APPROVER_INVALID. Only the
 * approvers that change are checked, so a space keeps an approver it already had.
 */
async function checkApprovers(
  db: Db,
  target: { tenantId: string; buildingId: string },
  named: readonly (string | null)[],
): Promise<void> {
  const ids = [...new Set(named.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  const found = await listApprovers(db, target.tenantId, target.buildingId, ids);
  if (found.length !== ids.length) throw new AppError('SPACE_APPROVER_INVALID');
}

export async function getSpace(ctx: ServerContext, tenantId: string, id: string): Promise<Space> {
  return toSpace(await spaceOf(ctx.db, tenantId, id));
}

export async function listTenantSpaces(
  ctx: ServerContext,
  tenantId: string,
  query: z.infer<typeof spaceListQuerySchema>,
  assignedTo: string | undefined,
): Promise<{ docs: Space[]; totalDocs: number }> {
  const sortable = query.sort !== undefined && Object.hasOwn(spaceSortColumns, query.sort);
  if (query.sort && !sortable) throw new AppError('ERROR_WITH_FILTER', { field: 'sort' });
  const sort: SpaceSort = sortable ? (query.sort as SpaceSort) : 'name';
  const limit = query.limit ?? 25;
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await listSpaces(ctx.db, tenantId, {
    assignedTo,
    buildingId: query.buildingId,
    floorId: query.floorId,
    kind: query.kind,
    search: query.search?.trim() || undefined,
    sort,
    descending: query.order === -1,
    offset: (page - 1) * limit,
    limit,
  });
  return { docs: rows.map(toSpace), totalDocs: total };
}

/**
 * A floor's spaces with their shapes (the map); 404 for no such floor. The route's auth hook has
 * found the floor in the caller's company already: the floor is read again only when it shows no
 * space, to tell an empty floor from a floor deleted in between.
 */
export async function spacesOfFloor(ctx: ServerContext, tenantId: string, floorId: string): Promise<Space[]> {
  const spaces = await readMapSpaces(ctx.db, tenantId, floorId);
  if (spaces.length === 0 && !(await findFloor(ctx.db, tenantId, floorId))) throw notFound();
  return spaces;
}

export async function spaceOptions(ctx: ServerContext, tenantId: string, floorId: string): Promise<SpaceOption[]> {
  if (!(await findFloor(ctx.db, tenantId, floorId))) throw notFound();
  return listSpaceOptions(ctx.db, tenantId, floorId);
}

/** Who may approve bookings of a floor's spaces. */
export async function approversOfFloor(
  ctx: ServerContext,
  tenantId: string,
  floorId: string,
): Promise<SpaceApprover[]> {
  const floor = await findFloor(ctx.db, tenantId, floorId);
  if (!floor) throw notFound();
  return (await listApprovers(ctx.db, tenantId, floor.building_id)).map(toApprover);
}

export async function createSpace(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; assignedTo: string | undefined },
  input: Omit<SpaceFields, 'color' | 'capacity' | 'description' | 'approver1Id' | 'approver2Id' | 'shape'> & {
    floorId: string;
    color?: string | undefined;
    capacity?: number | null | undefined;
    description?: string | null | undefined;
    approver1Id?: string | null | undefined;
    approver2Id?: string | null | undefined;
    shape?: SpaceShape | null | undefined;
  },
): Promise<Space> {
  const id = uuidv7();
  const fields: SpaceFields = {
    name: input.name,
    kind: input.kind,
    capacity: input.capacity ?? null,
    color: input.color ?? spaceKindColors[input.kind],
    public: input.public,
    available: input.available,
    description: input.description ?? null,
    approver1Id: input.approver1Id ?? null,
    approver2Id: input.approver2Id ?? null,
    shape: input.shape ?? null,
  };
  await refusingTakenName(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        // The floor is locked so that two spaces added at once cannot both pass the limit.
        const floor = await lockFloor(trx, target.tenantId, input.floorId);
        if (!floor) throw notFound();
        if (target.assignedTo && !(await isAssignedBuilding(trx, target.assignedTo, floor.building_id)))
          throw notFound();
        if ((await countSpacesOfFloor(trx, input.floorId)) >= SPACES_PER_FLOOR_MAX)
          throw new AppError('SPACE_LIMIT_REACHED', { max: SPACES_PER_FLOOR_MAX });
        await checkApprovers(trx, { tenantId: target.tenantId, buildingId: floor.building_id }, [
          fields.approver1Id,
          fields.approver2Id,
        ]);
        await insertSpace(trx, { id, tenant_id: target.tenantId, floor_id: input.floorId, ...columnsOf(fields) });
        await audit(trx, actor, {
          tenantId: target.tenantId,
          action: 'SPACE_CREATED',
          entity: 'space',
          entityId: id,
          after: { floorId: input.floorId, ...fields },
        });
      }),
    SPACE_NAME_UNIQUE,
    'SPACE_NAME_EXISTS',
  );
  return getSpace(ctx, target.tenantId, id);
}

export async function changeSpace(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  input: Partial<SpaceFields>,
): Promise<Space> {
  await refusingTakenName(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        if (!(await lockSpace(trx, target.tenantId, target.id))) throw notFound();
        const before = await spaceOf(trx, target.tenantId, target.id);
        const was = fieldsOf(before);
        const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        const next: SpaceFields = { ...was, ...defined };
        if (next.approver1Id !== null && next.approver1Id === next.approver2Id)
          throw new AppError('SPACE_APPROVERS_SAME');
        await checkApprovers(trx, { tenantId: target.tenantId, buildingId: before.building_id }, [
          next.approver1Id === was.approver1Id ? null : next.approver1Id,
          next.approver2Id === was.approver2Id ? null : next.approver2Id,
        ]);
        const change = changedFields({ ...was }, { ...next });
        if (!change.after) return;
        await updateSpace(trx, target.tenantId, target.id, columnsOf(next));
        await audit(trx, actor, {
          tenantId: target.tenantId,
          action: 'SPACE_UPDATED',
          entity: 'space',
          entityId: target.id,
          ...change,
        });
      }),
    SPACE_NAME_UNIQUE,
    'SPACE_NAME_EXISTS',
  );
  return getSpace(ctx, target.tenantId, target.id);
}

/**
 * Deletes a space. While it has bookings to come, refused (SPACE_HAS_FUTURE_BOOKINGS with their
 * count) unless `cancelBookings`: then they are cancelled with it.
 */
export async function removeSpace(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string },
  cancelBookings: boolean,
): Promise<{ id: string; cancelledBookings: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockSpace(trx, target.tenantId, target.id))) throw notFound();
    const before = await spaceOf(trx, target.tenantId, target.id);
    const toCome = await countBookingsToCome(trx, { spaceId: target.id });
    if (toCome > 0 && !cancelBookings) throw new AppError('SPACE_HAS_FUTURE_BOOKINGS', { count: toCome });
    const cancelledBookings = toCome > 0 ? await cancelBookingsToCome(trx, { spaceId: target.id }) : 0;
    await deleteSpace(trx, target.id);
    await audit(trx, actor, {
      tenantId: target.tenantId,
      action: 'SPACE_DELETED',
      entity: 'space',
      entityId: target.id,
      before: { floorId: before.floor_id, ...fieldsOf(before) },
      after: { cancelledBookings },
    });
    return { id: target.id, cancelledBookings };
  });
}
