import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { RollCalls } from '../../db/tables.generated.ts';

// The roll calls of a building and their marks (migration 202611271300): the rows only; the
// rules (one running at a time, the later mark wins, a kiosk's offline actions) are the service's.

/** Who acted: a user or a kiosk, and the name shown for them. */
export interface RollCallMarker {
  userId: string | null;
  deviceId: string | null;
  name: string | null;
}

const columns = [
  'id',
  'tenant_id',
  'building_id',
  'reason',
  'started_at',
  'started_by_user_id',
  'started_by_device_id',
  'started_by_name',
  'ended_at',
  'ended_by_user_id',
  'ended_by_device_id',
  'ended_by_name',
] as const;

export type RollCallRow = Pick<Selectable<RollCalls>, (typeof columns)[number]>;

/** A roll call of the building by its id, or by the id a kiosk gave it offline (an alias). */
export async function findRollCall(db: Db, buildingId: string, id: string, lock = false) {
  let query = db
    .selectFrom('roll_calls')
    .select(columns)
    .where('building_id', '=', buildingId)
    .where((eb) =>
      eb.or([
        eb('id', '=', id),
        eb('id', '=', eb.selectFrom('roll_call_aliases').select('roll_call_id').where('roll_call_aliases.id', '=', id)),
      ]),
    );
  // A mark holds the roll call while it is written, so an end cannot slip in between.
  if (lock) query = query.forShare();
  return query.executeTakeFirst();
}

/** Whether an id is taken by a roll call or an alias, of any building. */
export async function rollCallIdTaken(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('roll_calls')
    .select('id')
    .where('id', '=', id)
    .unionAll(db.selectFrom('roll_call_aliases').select('id').where('id', '=', id))
    .executeTakeFirst();
  return row !== undefined;
}

/** The building's running roll call, else the one it ended last, if after `endedSince`. */
export function currentRollCallRow(db: Db, buildingId: string, endedSince: Date) {
  return db
    .selectFrom('roll_calls')
    .select(columns)
    .where('building_id', '=', buildingId)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', endedSince)]))
    .orderBy(sql`ended_at desc nulls first`)
    .limit(1)
    .executeTakeFirst();
}

/** The building's running roll call. */
export function runningRollCall(db: Db, buildingId: string) {
  return db
    .selectFrom('roll_calls')
    .select(columns)
    .where('building_id', '=', buildingId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

/** The building's roll call that was running at `at` (started by then, not ended before). */
export function rollCallRunningAt(db: Db, buildingId: string, at: Date) {
  return db
    .selectFrom('roll_calls')
    .select(columns)
    .where('building_id', '=', buildingId)
    .where('started_at', '<=', at)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', at)]))
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Starts a roll call unless one already runs in the building; answers whether it did. */
export async function insertRollCall(
  db: Db,
  row: { id: string; tenantId: string; buildingId: string; reason: 'ALARM' | 'DRILL'; startedAt: Date },
  by: RollCallMarker,
): Promise<boolean> {
  const inserted = await db
    .insertInto('roll_calls')
    .values({
      id: row.id,
      tenant_id: row.tenantId,
      building_id: row.buildingId,
      reason: row.reason,
      started_at: row.startedAt,
      started_by_user_id: by.userId,
      started_by_device_id: by.deviceId,
      started_by_name: by.name,
    })
    .onConflict((oc) => oc.column('building_id').where('ended_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Names a roll call by the id a kiosk made for it offline. */
export async function insertRollCallAlias(db: Db, alias: { id: string; rollCallId: string; deviceId: string }) {
  await db
    .insertInto('roll_call_aliases')
    .values({ id: alias.id, roll_call_id: alias.rollCallId, device_id: alias.deviceId })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Ends a running roll call at `at` (never before its start); answers whether it did. */
export async function endRollCallRow(db: Db, id: string, at: Date, by: RollCallMarker): Promise<boolean> {
  const result = await db
    .updateTable('roll_calls')
    .set({
      ended_at: sql<Date>`greatest(${at}::timestamptz, started_at)`,
      ended_by_user_id: by.userId,
      ended_by_device_id: by.deviceId,
      ended_by_name: by.name,
    })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the roll call has a mark made after `at` (by its time). */
export async function hasMarkAfter(db: Db, rollCallId: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('roll_call_marks')
    .select('id')
    .where('roll_call_id', '=', rollCallId)
    .where('marked_at', '>', at)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMark(
  db: Db,
  mark: {
    id: string;
    rollCall: Pick<RollCallRow, 'id' | 'tenant_id' | 'building_id'>;
    visitId: string;
    status: 'PRESENT' | 'ABSENT' | null;
    markedAt: Date;
  },
  by: RollCallMarker,
): Promise<void> {
  await db
    .insertInto('roll_call_marks')
    .values({
      id: mark.id,
      roll_call_id: mark.rollCall.id,
      tenant_id: mark.rollCall.tenant_id,
      building_id: mark.rollCall.building_id,
      visit_id: mark.visitId,
      status: mark.status,
      marked_at: mark.markedAt,
      marked_by_user_id: by.userId,
      marked_by_device_id: by.deviceId,
      marked_by_name: by.name,
    })
    .execute();
}

/** Every mark of a roll call, in the order they were recorded. */
export function rollCallMarks(db: Db, rollCallId: string) {
  return db
    .selectFrom('roll_call_marks')
    .select(['visit_id', 'status', 'marked_at', 'marked_by_device_id', 'marked_by_name'])
    .where('roll_call_id', '=', rollCallId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
}

/** A visit as a mark needs it: its building and whether it was ever checked in. */
export function visitToMark(db: Db, visitId: string) {
  return db.selectFrom('visits').select(['building_id', 'checked_in_at']).where('id', '=', visitId).executeTakeFirst();
}

/** A user's name as wardens see it: first and last name, else the username. */
export async function userDisplayName(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const name = [row.first_name, row.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || row.username;
}

/** The name an administrator gave a kiosk. */
export async function kioskDisplayName(db: Db, deviceId: string): Promise<string | null> {
  const row = await db.selectFrom('kiosk_devices').select('name').where('device_id', '=', deviceId).executeTakeFirst();
  return row?.name?.trim() || null;
}
