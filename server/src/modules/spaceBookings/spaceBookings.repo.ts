import { type Insertable, sql } from 'kysely';
import type { BookingStatus } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { isoText } from '../../db/isoText.ts';
import type { SpaceBookingAttendees, SpaceBookingSeries, SpaceBookings } from '../../db/tables.generated.ts';

// Space booking (docs/space-booking.md): series, their attendees and their occurrences (rows of
// `space_bookings`). Overlaps are refused by the table's exclusion constraint
// (`space_bookings_no_overlap`), never by a read before the write.

export const NO_OVERLAP = 'space_bookings_no_overlap';

/** Occurrences that hold their slot: pending or approved. */
const holding: BookingStatus[] = ['PENDING', 'APPROVED'];

/** A space as a booking needs it: its floor, building, clock and approvers. */
export function findBookableSpace(db: Db, tenantId: string, spaceId: string) {
  return db
    .selectFrom('spaces')
    .innerJoin('floors', 'floors.id', 'spaces.floor_id')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .select([
      'spaces.id',
      'spaces.name',
      'spaces.public',
      'spaces.available',
      'spaces.approver1_id',
      'spaces.approver2_id',
      'floors.id as floor_id',
      'floors.building_id',
      sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone'),
    ])
    .where('spaces.id', '=', spaceId)
    .where('spaces.tenant_id', '=', tenantId)
    .executeTakeFirst();
}
export type BookableSpace = NonNullable<Awaited<ReturnType<typeof findBookableSpace>>>;

export async function insertSeries(
  db: Db,
  series: Insertable<SpaceBookingSeries>,
  attendees: readonly Omit<Insertable<SpaceBookingAttendees>, 'series_id' | 'position'>[],
  occurrences: readonly Omit<Insertable<SpaceBookings>, 'series_id' | 'tenant_id' | 'space_id'>[],
): Promise<void> {
  await db.insertInto('space_booking_series').values(series).execute();
  await replaceAttendees(db, series.id, attendees);
  await db
    .insertInto('space_bookings')
    .values(
      occurrences.map((occurrence) => ({
        ...occurrence,
        series_id: series.id,
        tenant_id: series.tenant_id,
        space_id: series.space_id ?? null,
      })),
    )
    .execute();
}

export async function replaceAttendees(
  db: Db,
  seriesId: string,
  attendees: readonly Omit<Insertable<SpaceBookingAttendees>, 'series_id' | 'position'>[],
): Promise<void> {
  await db.deleteFrom('space_booking_attendees').where('series_id', '=', seriesId).execute();
  if (attendees.length === 0) return;
  await db
    .insertInto('space_booking_attendees')
    .values(attendees.map((attendee, index) => ({ ...attendee, series_id: seriesId, position: index + 1 })))
    .execute();
}

/** A series with its space, floor, building and host, locked for a change when `lock`. */
export function findSeries(db: Db, tenantId: string, seriesId: string, lock = false) {
  let query = db
    .selectFrom('space_booking_series as s')
    .leftJoin('spaces', 'spaces.id', 's.space_id')
    .leftJoin('floors', 'floors.id', 'spaces.floor_id')
    .leftJoin('buildings', 'buildings.id', 'floors.building_id')
    .leftJoin('users as host', 'host.id', 's.host_id')
    .select([
      's.id',
      's.tenant_id',
      's.space_id',
      's.host_id',
      's.created_by',
      's.title',
      's.description',
      's.comment',
      's.repeat',
      's.repeat_until',
      's.time_zone',
      's.scheduling',
      's.create_invitation',
      's.export_key',
      's.ics_sequence',
      's.created_at',
      's.updated_at',
      'spaces.name as space_name',
      'spaces.approver1_id',
      'spaces.approver2_id',
      'floors.id as floor_id',
      'floors.name as floor_name',
      'buildings.id as building_id',
      'buildings.name as building_name',
      'host.username as host_username',
      'host.first_name as host_first_name',
      'host.last_name as host_last_name',
    ])
    .where('s.id', '=', seriesId)
    .where('s.tenant_id', '=', tenantId);
  if (lock) query = query.forUpdate('s');
  return query.executeTakeFirst();
}
export type SeriesRow = NonNullable<Awaited<ReturnType<typeof findSeries>>>;

export function listOccurrencesOfSeries(db: Db, seriesId: string) {
  return db
    .selectFrom('space_bookings')
    .select(['id', 'occurrence', 'starts_at', 'ends_at', 'status', 'cancelled_at'])
    .where('series_id', '=', seriesId)
    .orderBy('occurrence')
    .execute();
}
export type OccurrenceRow = Awaited<ReturnType<typeof listOccurrencesOfSeries>>[number];

export function listAttendees(db: Db, seriesId: string) {
  return db
    .selectFrom('space_booking_attendees')
    .select(['first_name', 'last_name', 'email', 'role', 'verified'])
    .where('series_id', '=', seriesId)
    .orderBy('position')
    .execute();
}

export async function updateSeries(
  db: Db,
  seriesId: string,
  values: { title?: string; description?: string | null; comment?: string | null; space_id?: string },
): Promise<void> {
  await db
    .updateTable('space_booking_series')
    .set({ ...values, updated_at: sql<Date>`now()`, ics_sequence: sql<number>`ics_sequence + 1` })
    .where('id', '=', seriesId)
    .execute();
}

/** Moves occurrences (their times, their space); the exclusion constraint judges the result. */
export async function moveOccurrences(
  db: Db,
  moves: readonly { id: string; startsAt: Date; endsAt: Date; spaceId: string }[],
): Promise<void> {
  for (const move of moves)
    await db
      .updateTable('space_bookings')
      .set({ starts_at: move.startsAt, ends_at: move.endsAt, space_id: move.spaceId })
      .where('id', '=', move.id)
      .execute();
}

/** Sets the status of the given occurrences; the number changed. */
export async function setStatus(
  db: Db,
  ids: readonly string[],
  status: BookingStatus,
  from: readonly BookingStatus[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('space_bookings')
    .set({
      status,
      cancelled_at: status === 'CANCELLED' ? sql<Date>`now()` : null,
    })
    .where('id', 'in', [...ids])
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The first of `slots` that overlaps a booking of the space holding its slot (another series'
 * when `otherThan`): read only after the exclusion constraint refused a write, to name it.
 */
export async function firstOverlap(
  db: Db,
  spaceId: string,
  slots: readonly { startsAt: Date; endsAt: Date }[],
  otherThan: string | null,
): Promise<Date | undefined> {
  if (slots.length === 0) return undefined;
  const row = await db
    .selectFrom(
      sql<{
        starts_at: Date;
        ends_at: Date;
      }>`(select * from unnest(${sql.val(slots.map((slot) => slot.startsAt.toISOString()))}::timestamptz[],
        ${sql.val(slots.map((slot) => slot.endsAt.toISOString()))}::timestamptz[]) as t(starts_at, ends_at))`.as(
        'slot',
      ),
    )
    .select('slot.starts_at')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('space_bookings')
          .select('space_bookings.id')
          .where('space_bookings.space_id', '=', spaceId)
          .where('space_bookings.status', 'in', holding)
          .where(
            sql<boolean>`tstzrange(space_bookings.starts_at, space_bookings.ends_at) && tstzrange(slot.starts_at, slot.ends_at)`,
          )
          .$if(otherThan !== null, (query) => query.where('space_bookings.series_id', '!=', otherThan ?? '')),
      ),
    )
    .orderBy('slot.starts_at')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.starts_at) : undefined;
}

export const occurrenceSortColumns = {
  startsAt: 'b.starts_at',
  endsAt: 'b.ends_at',
  title: 's.title',
  space: 'spaces.name',
  floor: 'floors.name',
  building: 'buildings.name',
  status: 'b.status',
  createdAt: 'b.created_at',
} as const;
export type OccurrenceSort = keyof typeof occurrenceSortColumns;

export interface OccurrenceFilter {
  assignedTo: string | undefined;
  floorId: string | undefined;
  spaceId: string | undefined;
  hostId: string | undefined;
  statuses: readonly BookingStatus[] | undefined;
  from: Date | undefined;
  to: Date | undefined;
  sort: OccurrenceSort;
  descending: boolean;
  offset: number;
  limit: number;
}

/**
 * A page of a company's occurrences with their series' fields, and how many match. The page is
 * chosen first, then only its series and places are read: joined before the page, a floor's busy
 * week (thousands of occurrences) read every series of the company. While choosing, the series'
 * join is a left one, so PostgreSQL drops it when neither a filter nor the sort needs it (a
 * series is never missing).
 */
export async function listOccurrences(db: Db, tenantId: string, filter: OccurrenceFilter) {
  const base = db
    .selectFrom('space_bookings as b')
    .leftJoin('space_booking_series as s', 's.id', 'b.series_id')
    .leftJoin('spaces', 'spaces.id', 'b.space_id')
    .leftJoin('floors', 'floors.id', 'b.floor_id')
    .leftJoin('buildings', 'buildings.id', 'floors.building_id')
    .where('b.tenant_id', '=', tenantId)
    .$if(filter.assignedTo !== undefined, (query) =>
      query.where(
        sql<boolean>`exists (select 1 from user_buildings where user_buildings.user_id = ${filter.assignedTo ?? ''}
          and user_buildings.building_id = floors.building_id)`,
      ),
    )
    .$if(filter.floorId !== undefined, (query) => query.where('b.floor_id', '=', filter.floorId ?? ''))
    .$if(filter.spaceId !== undefined, (query) => query.where('b.space_id', '=', filter.spaceId ?? ''))
    .$if(filter.hostId !== undefined, (query) => query.where('s.host_id', '=', filter.hostId ?? ''))
    .$if(filter.statuses !== undefined, (query) => query.where('b.status', 'in', [...(filter.statuses ?? [])]))
    // A period reads the gist index of the occurrences' time ranges; a bound alone, the btrees.
    .$if(filter.from !== undefined && filter.to !== undefined, (query) =>
      query.where(
        sql<boolean>`tstzrange(b.starts_at, b.ends_at) && tstzrange(${filter.from ?? null}::timestamptz, ${filter.to ?? null}::timestamptz)`,
      ),
    )
    .$if(filter.from !== undefined && filter.to === undefined, (query) =>
      query.where('b.ends_at', '>', filter.from ?? new Date(0)),
    )
    .$if(filter.to !== undefined && filter.from === undefined, (query) =>
      query.where('b.starts_at', '<', filter.to ?? new Date(0)),
    );
  const sortBy = sql.ref(occurrenceSortColumns[filter.sort]);
  const direction = filter.descending ? 'desc' : 'asc';
  // The page, its occurrences' own columns and the count of every match in one scan (a window over
  // the matches); a page past the end has no row to carry the count, so it is counted apart.
  const page = await base
    .select([
      'b.id',
      'b.series_id',
      'b.occurrence',
      isoText('b.starts_at').as('starts_at'),
      isoText('b.ends_at').as('ends_at'),
      'b.status',
      'b.cancelled_at',
      'b.checked_in_at',
      'b.space_id',
      'b.floor_id',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy(sortBy, direction)
    .orderBy('b.starts_at')
    .orderBy('b.id')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  const count =
    page[0]?.total ??
    (filter.offset === 0
      ? 0
      : (await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  if (page.length === 0) return { rows: [], total: Number(count) };
  // Then the page's series and places, each read once by its key (a page of a thousand holds a
  // few hundred series and spaces), rather than joined to every row.
  const [series, places] = await Promise.all([
    db
      .selectFrom('space_booking_series as s')
      .leftJoin('users as host', 'host.id', 's.host_id')
      .where(sql<boolean>`s.id = any(${[...new Set(page.map((row) => row.series_id))]}::uuid[])`)
      .select([
        's.id',
        's.title',
        's.repeat',
        's.host_id',
        'host.username as host_username',
        'host.first_name as host_first_name',
        'host.last_name as host_last_name',
      ])
      .select((eb) =>
        eb
          .selectFrom('space_booking_attendees')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('space_booking_attendees.series_id', '=', 's.id')
          .as('attendees_count'),
      )
      .execute(),
    db
      .selectFrom('floors')
      .leftJoin('buildings', 'buildings.id', 'floors.building_id')
      .leftJoin('spaces', (join) =>
        join
          .onRef('spaces.floor_id', '=', 'floors.id')
          .on(sql<boolean>`spaces.id = any(${[...new Set(page.flatMap((row) => row.space_id ?? []))]}::uuid[])`),
      )
      .where(sql<boolean>`floors.id = any(${[...new Set(page.flatMap((row) => row.floor_id ?? []))]}::uuid[])`)
      .select([
        'floors.id as floor_id',
        'floors.name as floor_name',
        'buildings.id as building_id',
        'buildings.name as building_name',
        'spaces.id as space_id',
        'spaces.name as space_name',
      ])
      .execute(),
  ]);
  const seriesById = new Map(series.map((row) => [row.id, row]));
  const floorById = new Map(places.map((row) => [row.floor_id, row]));
  const spaceById = new Map(places.map((row) => [row.space_id, row]));
  const rows = page.map(({ total: _total, ...occurrence }) => {
    const of = seriesById.get(occurrence.series_id);
    const floor = occurrence.floor_id === null ? undefined : floorById.get(occurrence.floor_id);
    const space = occurrence.space_id === null ? undefined : spaceById.get(occurrence.space_id);
    return {
      ...occurrence,
      title: of?.title ?? '',
      repeat: of?.repeat ?? 'NONE',
      host_id: of?.host_id ?? null,
      host_username: of?.host_username ?? null,
      host_first_name: of?.host_first_name ?? null,
      host_last_name: of?.host_last_name ?? null,
      attendees_count: of?.attendees_count ?? 0,
      space_name: space?.space_name ?? null,
      floor_name: floor?.floor_name ?? null,
      building_id: floor?.building_id ?? null,
      building_name: floor?.building_name ?? null,
    };
  });
  return { rows, total: Number(count) };
}
export type OccurrenceListRow = Awaited<ReturnType<typeof listOccurrences>>['rows'][number];

/** A company's occurrences to come (pending or approved, not over). */
export async function countToCome(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('space_bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', holding)
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
