import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The visitor's own visit pages (modules/publicVisit): a visit by its public identifier with its
// building, and the three changes a visitor may make, each one guarded statement: a change that
// raced with a check-in, a staff action or another tab writes nothing.

const visitColumns = [
  'visits.id',
  'visits.tenant_id',
  'visits.visitor_type',
  'visits.first_name',
  'visits.last_name',
  'visits.host',
  'visits.scheduled_at',
  'visits.scheduled_duration',
  'visits.checked_in_at',
  'visits.checked_out_at',
  'visits.cancelled_at',
  'visits.expired_at',
  'visits.questionnaires_answered_at',
  'visits.allowed',
] as const;

/** A visit by the secret of its links, with what its pages show of its building. */
export function findVisitWithBuilding(db: Db, publicIdentifier: string) {
  return db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .select(visitColumns)
    .select([
      'buildings.id as building_id',
      'buildings.name as building_name',
      'buildings.check_in_logo_version',
      'buildings.settings',
    ])
    .where('visits.public_identifier', '=', publicIdentifier)
    .executeTakeFirst();
}
export type VisitWithBuilding = NonNullable<Awaited<ReturnType<typeof findVisitWithBuilding>>>;

/** Not begun, not cancelled, not a refusal at the door: what cancel and reschedule apply to. */
function notBegun(db: Db, id: string) {
  return db
    .updateTable('visits')
    .where('id', '=', id)
    .where('checked_in_at', 'is', null)
    .where('checked_out_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('allowed', '=', true);
}

/**
 * Cancels a visit that has not begun; false when it no longer could be (nothing written). The
 * calendar event's version is raised: the cancellation job withdraws it from the visitor's
 * calendar with a higher SEQUENCE than the invitation they hold.
 */
export async function cancelIfNotBegun(db: Db, id: string): Promise<boolean> {
  const row = await notBegun(db, id)
    .set({
      cancelled_at: sql<Date>`now()`,
      invitation_sequence: sql<number>`invitation_sequence + 1`,
      updated_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a visit that has not begun to `at`. Its reminders and its expiry are judged again from
 * the new time: the lifecycle jobs send each notice once per "sent at" column, so they are
 * cleared here for the new time to have its own. The invitation is among them: sent again as a
 * new version of the calendar event (its sequence raised), so the visitor's calendar moves.
 */
export async function rescheduleIfNotBegun(db: Db, id: string, at: Date): Promise<boolean> {
  const row = await notBegun(db, id)
    .set({
      scheduled_at: at,
      invitation_sent_at: null,
      invitation_sequence: sql<number>`invitation_sequence + 1`,
      start_reminder_sent_at: null,
      end_reminder_sent_at: null,
      overdue_alert_sent_at: null,
      expired_at: null,
      updated_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives a visit that has not ended a longer duration, when its duration is still `current` (two
 * tabs extending at once: the second is judged again). The end reminder and the overdue alert
 * belong to the new end; a visit not begun gets its invitation again (a new version of its
 * calendar event, which now ends later).
 */
export async function prolongIfUnchanged(
  db: Db,
  id: string,
  current: string | null,
  duration: string,
): Promise<boolean> {
  const row = await db
    .updateTable('visits')
    .set({
      scheduled_duration: duration,
      end_reminder_sent_at: null,
      overdue_alert_sent_at: null,
      invitation_sent_at: sql<Date | null>`case when checked_in_at is null then null else invitation_sent_at end`,
      invitation_sequence: sql<number>`invitation_sequence + case when checked_in_at is null then 1 else 0 end`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('checked_out_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('allowed', '=', true)
    .where(sql<boolean>`scheduled_duration is not distinct from ${current}`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
