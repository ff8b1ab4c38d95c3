import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// What the booking e-mails are written from (docs/space-booking.md, "E-mails and calendars"): the
// series with its space, building and host, the occurrences a change touched, and the users told.

/**
 * A series with what its e-mails and entry invitations say: the space, floor and building (as its
 * notices need it), the host and their name, whether it invites its guests at the front desk.
 */
export function seriesForMail(db: Db, seriesId: string) {
  return db
    .selectFrom('space_booking_series as s')
    .innerJoin('spaces', 'spaces.id', 's.space_id')
    .innerJoin('floors', 'floors.id', 'spaces.floor_id')
    .innerJoin('buildings as b', 'b.id', 'floors.building_id')
    .leftJoin('building_logos as logo', 'logo.building_id', 'b.id')
    .leftJoin('users as host', 'host.id', 's.host_id')
    .select([
      's.id',
      's.tenant_id',
      's.title',
      's.description',
      's.scheduling',
      's.ics_sequence',
      's.export_key',
      's.host_id',
      's.create_invitation',
      's.created_by',
      'host.first_name as host_first_name',
      'host.last_name as host_last_name',
      'host.username as host_username',
      'spaces.name as space_name',
      'spaces.approver1_id',
      'spaces.approver2_id',
      'floors.name as floor_name',
      'b.id as building_id',
      'b.name as building_name',
      'b.qr_code_key',
      'b.address1',
      'b.address2',
      'b.city',
      'b.state',
      'b.zip',
      'b.settings',
      'logo.content_type as logo_type',
    ])
    .where('s.id', '=', seriesId)
    .executeTakeFirst();
}
export type SeriesMailRow = NonNullable<Awaited<ReturnType<typeof seriesForMail>>>;

/** Users by id, with what an e-mail to them needs (those without an address are left out). */
export function usersForMail(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'username', 'user_locale'])
    .where('id', 'in', [...ids])
    .where('email', 'is not', null)
    .execute();
}
export type UserMailRow = Awaited<ReturnType<typeof usersForMail>>[number];

/** Occurrences of a series by number, in order. */
export function occurrencesForMail(db: Db, seriesId: string, numbers: readonly number[]) {
  if (numbers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('space_bookings')
    .select(['occurrence', 'starts_at', 'ends_at', 'status'])
    .where('series_id', '=', seriesId)
    .where('occurrence', 'in', [...numbers])
    .orderBy('occurrence')
    .execute();
}

/** Raises a series' calendar sequence (calendars replace an event only by a higher one); the new value. */
export async function raiseIcsSequence(db: Db, seriesId: string): Promise<number> {
  const row = await db
    .updateTable('space_booking_series')
    .set({ ics_sequence: sql<number>`ics_sequence + 1` })
    .where('id', '=', seriesId)
    .returning('ics_sequence')
    .executeTakeFirstOrThrow();
  return row.ics_sequence;
}

/** The series an export key names, or undefined. */
export async function seriesIdByExportKey(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('space_booking_series').select('id').where('export_key', '=', key).executeTakeFirst();
  return row?.id;
}

/** A floor and its building's clock (any company's: the public list names it by its id). */
export function floorForPublic(db: Db, floorId: string) {
  return db
    .selectFrom('floors')
    .innerJoin('buildings', 'buildings.id', 'floors.building_id')
    .select(['floors.id', sql<string | null>`buildings.settings->>'timeZoneId'`.as('time_zone')])
    .where('floors.id', '=', floorId)
    .executeTakeFirst();
}

/** The slots a floor's bookings hold (pending or approved) over a period, by start. */
export function takenSlotsOfFloor(db: Db, floorId: string, from: Date, to: Date) {
  return db
    .selectFrom('space_bookings as b')
    .select(['b.space_id', 'b.starts_at', 'b.ends_at', 'b.status'])
    .where('b.floor_id', '=', floorId)
    .where('b.status', 'in', ['PENDING', 'APPROVED'])
    .where(sql<boolean>`tstzrange(b.starts_at, b.ends_at) && tstzrange(${from}::timestamptz, ${to}::timestamptz)`)
    .orderBy('b.starts_at')
    .execute();
}
