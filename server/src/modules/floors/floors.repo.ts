import { type ExpressionBuilder, type Insertable, type Updateable, sql } from 'kysely';
import type { SpaceKind } from '@vestibule/shared';
import { assignedTo as isAssigned } from '../../db/assignedBuildings.ts';
import type { Db } from '../../db/database.ts';
import { isoText } from '../../db/isoText.ts';
import { containsPattern } from '../../db/likePattern.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Floors, Spaces } from '../../db/tables.generated.ts';

// Floors, their plan image and their spaces (docs/floors-and-spaces.md). No list reads a plan's
// bytes: they are read only by the image's own address (`findPlanContent`).

export const FLOOR_NAME_UNIQUE = 'floors_building_name';
export const SPACE_NAME_UNIQUE = 'spaces_floor_name';

export const floorSortColumns = {
  name: 'floors.name',
  level: 'floors.level',
  building: 'buildings.name',
  createdAt: 'floors.created_at',
  updatedAt: 'floors.updated_at',
} as const;
export type FloorSort = keyof typeof floorSortColumns;

export const spaceSortColumns = {
  name: 'spaces.name',
  kind: 'spaces.kind',
  floor: 'floors.name',
  building: 'buildings.name',
  capacity: 'spaces.capacity',
  createdAt: 'spaces.created_at',
  updatedAt: 'spaces.updated_at',
} as const;
export type SpaceSort = keyof typeof spaceSortColumns;

/** Bookings that still count: neither cancelled nor refused, and not over. */
function bookingsToCome(eb: ExpressionBuilder<Database, 'space_bookings'>) {
  return eb.and([
    eb('space_bookings.status', 'in', ['PENDING', 'APPROVED']),
    eb('space_bookings.ends_at', '>', sql<Date>`now()`),
  ]);
}

function selectFloors(db: Db) {
  return db
    .selectFrom('floors')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .leftJoin('floor_plans', 'floor_plans.floor_id', 'floors.id')
    .select([
      'floors.id',
      'floors.tenant_id',
      'floors.building_id',
      'buildings.name as building_name',
      'floors.name',
      'floors.level',
      'floors.config',
      'floors.created_at',
      'floors.updated_at',
      'floor_plans.key as plan_key',
      'floor_plans.content_type as plan_content_type',
      'floor_plans.width as plan_width',
      'floor_plans.height as plan_height',
      'floor_plans.bytes as plan_bytes',
      'floor_plans.uploaded_at as plan_uploaded_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('spaces')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('spaces.floor_id', '=', 'floors.id')
        .as('space_count'),
    );
}

export type FloorRow = NonNullable<Awaited<ReturnType<typeof findFloor>>>;

export function findFloor(db: Db, tenantId: string, id: string) {
  return selectFloors(db).where('floors.id', '=', id).where('floors.tenant_id', '=', tenantId).executeTakeFirst();
}

export async function listFloors(
  db: Db,
  tenantId: string,
  options: {
    search?: string | undefined;
    buildingId?: string | undefined;
    assignedTo?: string | undefined;
    sort: FloorSort;
    descending: boolean;
    offset: number;
    limit: number;
  },
): Promise<{ rows: FloorRow[]; total: number }> {
  let query = selectFloors(db).where('floors.tenant_id', '=', tenantId);
  const { assignedTo, buildingId, search } = options;
  if (assignedTo) query = query.where((eb) => isAssigned(eb, assignedTo, 'floors.building_id'));
  if (buildingId) query = query.where('floors.building_id', '=', buildingId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('floors.name', 'ilike', pattern), eb('buildings.name', 'ilike', pattern)]));
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = options.descending ? 'desc' : 'asc';
  const rows = await query
    .orderBy(floorSortColumns[options.sort], (ob) =>
      direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast(),
    )
    .orderBy('floors.name')
    .orderBy('floors.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { rows, total: Number(total) };
}

/** A building of the tenant (assigned to `assignedTo` when given), locked until the transaction ends. */
export async function lockBuilding(db: Db, tenantId: string, buildingId: string, assignedTo: string | undefined) {
  let query = db.selectFrom('buildings').select('id').where('id', '=', buildingId).where('tenant_id', '=', tenantId);
  if (assignedTo) query = query.where((eb) => isAssigned(eb, assignedTo, 'buildings.id'));
  return (await query.forUpdate().executeTakeFirst()) !== undefined;
}

export async function countFloorsOfBuilding(db: Db, buildingId: string): Promise<number> {
  const { count } = await db
    .selectFrom('floors')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('building_id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertFloor(db: Db, floor: Insertable<Floors>): Promise<void> {
  await db.insertInto('floors').values(floor).execute();
}

export async function updateFloor(db: Db, tenantId: string, id: string, values: Updateable<Floors>): Promise<boolean> {
  const result = await db
    .updateTable('floors')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Locks a floor of the tenant (its spaces' count, its deletion) until the transaction ends. */
export async function lockFloor(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('floors')
    .select(['id', 'building_id'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
}

/** Replaces the floor's plan (one per floor). */
export async function savePlan(
  db: Db,
  floorId: string,
  plan: {
    key: string;
    content: Buffer;
    contentType: 'image/gif' | 'image/png' | 'image/jpeg' | 'image/bmp';
    width: number;
    height: number;
  },
): Promise<void> {
  const values = {
    key: plan.key,
    content: plan.content,
    content_type: plan.contentType,
    width: plan.width,
    height: plan.height,
    bytes: plan.content.length,
    uploaded_at: sql<Date>`now()`,
  };
  await db
    .insertInto('floor_plans')
    .values({ floor_id: floorId, ...values })
    .onConflict((oc) => oc.column('floor_id').doUpdateSet(values))
    .execute();
}

export async function deletePlan(db: Db, floorId: string): Promise<void> {
  await db.deleteFrom('floor_plans').where('floor_id', '=', floorId).execute();
}

/** A plan's bytes by its floor and current key: any other key is no image. */
export function findPlanContent(db: Db, floorId: string, key: string) {
  return db
    .selectFrom('floor_plans')
    .select(['content', 'content_type'])
    .where('floor_id', '=', floorId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function deleteFloor(db: Db, id: string): Promise<void> {
  await db.deleteFrom('floors').where('id', '=', id).execute();
}

/** The floors of a company a user may book on: in the buildings they see, with a public, available space. */
export function listBookableFloors(db: Db, tenantId: string, assignedTo: string | undefined) {
  let query = db
    .selectFrom('floors')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .innerJoin('spaces', 'spaces.floor_id', 'floors.id')
    .leftJoin('floor_plans', 'floor_plans.floor_id', 'floors.id')
    .where('floors.tenant_id', '=', tenantId)
    .where('spaces.public', '=', true)
    .where('spaces.available', '=', true)
    .select([
      'floors.id',
      'floors.name',
      'floors.level',
      'floors.building_id',
      'buildings.name as building_name',
      'floor_plans.floor_id as plan_floor_id',
    ])
    .select((eb) => eb.fn.countAll<number>().as('bookable_spaces'))
    .groupBy(['floors.id', 'buildings.id', 'floor_plans.floor_id']);
  if (assignedTo) query = query.where((eb) => isAssigned(eb, assignedTo, 'floors.building_id'));
  return query.orderBy('buildings.name').orderBy('floors.level').orderBy('floors.name').execute();
}

// Spaces.

/** A space's bookings to come, counted (what deleting it would cancel). */
function futureBookings(eb: ExpressionBuilder<Database, 'spaces'>) {
  return eb
    .selectFrom('space_bookings')
    .select((inner) => inner.fn.countAll<number>().as('count'))
    .whereRef('space_bookings.space_id', '=', 'spaces.id')
    .where(bookingsToCome)
    .as('future_bookings');
}

function selectSpaces(db: Db) {
  return db
    .selectFrom('spaces')
    .innerJoin('floors', 'floors.id', 'spaces.floor_id')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .leftJoin('users as approver1', 'approver1.id', 'spaces.approver1_id')
    .leftJoin('users as approver2', 'approver2.id', 'spaces.approver2_id')
    .selectAll('spaces')
    .select([
      'floors.name as floor_name',
      'floors.building_id',
      'buildings.name as building_name',
      'approver1.username as approver1_username',
      'approver1.first_name as approver1_first_name',
      'approver1.last_name as approver1_last_name',
      'approver1.email as approver1_email',
      'approver2.username as approver2_username',
      'approver2.first_name as approver2_first_name',
      'approver2.last_name as approver2_last_name',
      'approver2.email as approver2_email',
    ])
    .select(futureBookings);
}

export type SpaceRow = NonNullable<Awaited<ReturnType<typeof findSpace>>>;

export function findSpace(db: Db, tenantId: string, id: string) {
  return selectSpaces(db).where('spaces.id', '=', id).where('spaces.tenant_id', '=', tenantId).executeTakeFirst();
}

export type MapSpaceRow = Awaited<ReturnType<typeof listSpacesOfFloor>>[number];

/**
 * A floor's spaces with their shapes, by name (the map): the columns the map shows and no more,
 * their approvers apart (`listApproversOfFloor`, a few users for hundreds of spaces), and their
 * moments as text, as parsing 500 rows of dates and approvers' names took most of the call.
 */
export function listSpacesOfFloor(db: Db, tenantId: string, floorId: string) {
  return (
    db
      .selectFrom('spaces')
      .innerJoin('floors', 'floors.id', 'spaces.floor_id')
      .innerJoin('buildings', 'buildings.id', 'floors.building_id')
      .select([
        'spaces.id',
        'spaces.floor_id',
        'floors.name as floor_name',
        'floors.building_id',
        'buildings.name as building_name',
        'spaces.name',
        'spaces.kind',
        'spaces.capacity',
        'spaces.color',
        'spaces.public',
        'spaces.available',
        'spaces.description',
        'spaces.approver1_id',
        'spaces.approver2_id',
        'spaces.shape',
      ])
      .select([isoText('spaces.created_at').as('created_at'), isoText('spaces.updated_at').as('updated_at')])
      // The floor's bookings to come in one range of their index, counted per space.
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('space_bookings')
            .select(['space_bookings.space_id', (inner) => inner.fn.countAll<number>().as('count')])
            .where('space_bookings.floor_id', '=', floorId)
            .where(bookingsToCome)
            .groupBy('space_bookings.space_id')
            .as('to_come'),
        (join) => join.onRef('to_come.space_id', '=', 'spaces.id'),
      )
      .select((eb) => eb.fn.coalesce('to_come.count', eb.lit(0)).as('future_bookings'))
      .where('spaces.floor_id', '=', floorId)
      // The company by the floor's one row: the spaces' own tenant index would add a scan of all of the company's.
      .where('floors.tenant_id', '=', tenantId)
      .orderBy('spaces.name')
      .orderBy('spaces.id')
      .execute()
  );
}

/** The users named approvers of a floor's spaces (deleted ones are not found). */
export function listApproversOfFloor(db: Db, tenantId: string, floorId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'email'])
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('spaces').select('approver1_id as id').where('floor_id', '=', floorId)),
        eb('id', 'in', eb.selectFrom('spaces').select('approver2_id as id').where('floor_id', '=', floorId)),
      ]),
    )
    .execute();
}

/** A floor's spaces by name, for a picker. */
export function listSpaceOptions(db: Db, tenantId: string, floorId: string) {
  return db
    .selectFrom('spaces')
    .select(['id', 'name', 'kind', 'public', 'available'])
    .where('floor_id', '=', floorId)
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function listSpaces(
  db: Db,
  tenantId: string,
  options: {
    search?: string | undefined;
    buildingId?: string | undefined;
    floorId?: string | undefined;
    kind?: SpaceKind | undefined;
    assignedTo?: string | undefined;
    sort: SpaceSort;
    descending: boolean;
    offset: number;
    limit: number;
  },
): Promise<{ rows: SpaceRow[]; total: number }> {
  let query = selectSpaces(db).where('spaces.tenant_id', '=', tenantId);
  const { assignedTo, buildingId, floorId, kind, search } = options;
  if (assignedTo) query = query.where((eb) => isAssigned(eb, assignedTo, 'floors.building_id'));
  if (buildingId) query = query.where('floors.building_id', '=', buildingId);
  if (floorId) query = query.where('spaces.floor_id', '=', floorId);
  if (kind) query = query.where('spaces.kind', '=', kind);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([eb('spaces.name', 'ilike', pattern), eb('spaces.description', 'ilike', pattern)]),
    );
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = options.descending ? 'desc' : 'asc';
  const rows = await query
    .orderBy(spaceSortColumns[options.sort], (ob) =>
      direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast(),
    )
    .orderBy('spaces.name')
    .orderBy('spaces.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { rows, total: Number(total) };
}

export async function countSpacesOfFloor(db: Db, floorId: string): Promise<number> {
  const { count } = await db
    .selectFrom('spaces')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('floor_id', '=', floorId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertSpace(db: Db, space: Insertable<Spaces>): Promise<void> {
  await db.insertInto('spaces').values(space).execute();
}

export async function updateSpace(db: Db, tenantId: string, id: string, values: Updateable<Spaces>): Promise<void> {
  await db
    .updateTable('spaces')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Locks a space of the tenant until the transaction ends. */
export function lockSpace(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('spaces')
    .select(['id', 'floor_id'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteSpace(db: Db, id: string): Promise<void> {
  await db.deleteFrom('spaces').where('id', '=', id).execute();
}

/** How many bookings to come the spaces hold (by space, or all spaces of a floor). */
export async function countBookingsToCome(db: Db, scope: { spaceId: string } | { floorId: string }): Promise<number> {
  let query = db
    .selectFrom('space_bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(bookingsToCome);
  query =
    'spaceId' in scope
      ? query.where('space_bookings.space_id', '=', scope.spaceId)
      : query.where('space_bookings.space_id', 'in', (eb) =>
          eb.selectFrom('spaces').select('spaces.id').where('spaces.floor_id', '=', scope.floorId),
        );
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}

/** Cancels the bookings to come of the spaces (by space, or all spaces of a floor): how many. */
export async function cancelBookingsToCome(db: Db, scope: { spaceId: string } | { floorId: string }): Promise<number> {
  return inTransaction(db, async (trx) => {
    let query = trx
      .updateTable('space_bookings')
      .set({ status: 'CANCELLED', cancelled_at: sql<Date>`now()` })
      .where(bookingsToCome);
    query =
      'spaceId' in scope
        ? query.where('space_bookings.space_id', '=', scope.spaceId)
        : query.where('space_bookings.space_id', 'in', (eb) =>
            eb.selectFrom('spaces').select('spaces.id').where('spaces.floor_id', '=', scope.floorId),
          );
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * The users who may approve bookings on a floor of a building: the company's administrators and
 * masters, and its supervisors, users and space users assigned to the building. Never a
 * technician, never a blocked user, never another company's.
 */
export function listApprovers(db: Db, tenantId: string, buildingId: string, ids?: readonly string[]) {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('blocked', '=', false)
    .where((eb) =>
      eb.or([
        eb('role', 'in', ['ROLE_ADMIN', 'ROLE_MASTER']),
        eb.and([
          eb('role', 'in', ['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE']),
          eb.exists(
            eb
              .selectFrom('user_buildings')
              .select('user_buildings.user_id')
              .whereRef('user_buildings.user_id', '=', 'users.id')
              .where('user_buildings.building_id', '=', buildingId),
          ),
        ]),
      ]),
    );
  if (ids) query = query.where('id', 'in', [...ids]);
  return query.orderBy('last_name').orderBy('first_name').orderBy('username').execute();
}
