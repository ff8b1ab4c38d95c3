// The visit lifecycle's statements. Each claims its due visits with one statement that
// selects them under row locks, skipping rows another instance holds (FOR UPDATE SKIP LOCKED),
// and marks them in the same statement (the notice's "sent at", the check-out, the expiry):
// a job that runs twice, or on two instances at once, acts on each visit once. A notice's
// claim runs in the transaction that writes its e-mails, so a failure leaves it unclaimed.
//
// The due rules are the shared ones (shared/src/domain/lifecycle.ts) written in SQL; settings a
// building lacks read as the new-building defaults. Every statement starts from a partial index
// (migration 202611251010) holding only the visits the job may still act on.
import { type RawBuilder, sql } from 'kysely';
import {
  DURATION_MAX_HOURS,
  HOST_NOTICE_MAX_AGE_MINUTES,
  meetingStartReminderOptions,
  newBuildingSettings,
} from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

const defaults = newBuildingSettings();

/** An ISO `PT#H#M` text as an interval; null for anything else (as the shared rule reads it). */
function intervalOf(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(case when ${text} ~ '^PT([0-9]+H)?([0-9]+M)?$' and ${text} <> 'PT' then (${text})::interval end)`;
}

/** A building's setting (`b`), or the new-building default when it has none. */
function setting(key: keyof typeof defaults): RawBuilder<unknown> {
  const fallback = defaults[key];
  return sql`coalesce(nullif(b.settings->>${sql.lit(key)}, ''), ${fallback === null ? null : String(fallback)})`;
}
const settingInterval = (key: keyof typeof defaults) => intervalOf(setting(key));

const duration = intervalOf(sql`v.scheduled_duration`);
/** A visit in the building: expected to end at its check-in plus its duration (null without one). */
const insideEnd = sql`(v.checked_in_at + ${duration})`;
/** A visit not arrived: expected to end at its time plus its duration, its time without one. */
const scheduledEnd = sql`coalesce(v.scheduled_at + ${duration}, v.scheduled_at)`;

/**
 * Since when a visit in the building counts as in: its check-in, or its re-opening (checked in
 * back) when later (shared `insideSince`; greatest() passes over a null).
 */
const insideSince = sql`greatest(v.checked_in_at, v.reopened_at)`;

const inside = sql`v.checked_in_at is not null and v.checked_out_at is null`;
const awaited = sql`v.scheduled_at is not null and v.checked_in_at is null and v.checked_out_at is null
  and v.cancelled_at is null and v.expired_at is null`;

type NoticeColumn =
  | 'invitation_sent_at'
  | 'cancellation_sent_at'
  | 'host_notified_at'
  | 'start_reminder_sent_at'
  | 'end_reminder_sent_at'
  | 'overdue_alert_sent_at';

/**
 * Marks `column` on up to `limit` visits that are `due` and not yet marked, in the order given,
 * and answers their ids. Rows another instance has locked are skipped: it is sending them.
 * Companies that are deactivated send nothing.
 */
async function claimNotice(
  db: Db,
  column: NoticeColumn,
  due: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  now: Date,
  limit: number,
): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with due as (
      select v.id from visits v
      join buildings b on b.id = v.building_id
      join tenants t on t.id = v.tenant_id
      where t.active and ${sql.ref(`v.${column}`)} is null and ${due}
      order by ${order}
      limit ${limit}
      for update of v skip locked
    )
    update visits set ${sql.ref(column)} = ${now}
    from due
    where visits.id = due.id and ${sql.ref(`visits.${column}`)} is null
    returning visits.id`.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * How many days before its occurrence a booking's entry invitation is sent: a weekly meeting's
 * guest gets each week's invitation in the week before, not a year of them at once.
 */
export const BOOKING_INVITATION_LEAD_DAYS = 7;

/**
 * Invitations not yet sent, to visitors with an address, while the visit can still happen: new
 * ones, and those whose time or length changed since they were sent (the change clears
 * `invitation_sent_at` and raises `invitation_sequence`); a booking's from its lead before.
 */
export function claimInvitations(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = sql`v.is_invitation and v.cancelled_at is null and v.checked_in_at is null
    and v.checked_out_at is null and v.expired_at is null and v.email like '%@%'
    and (v.scheduled_at is null or ${scheduledEnd} > ${now})
    and (v.space_booking_id is null
      or v.scheduled_at < ${now}::timestamptz + make_interval(days => ${BOOKING_INVITATION_LEAD_DAYS}))`;
  return claimNotice(db, 'invitation_sent_at', due, sql`v.created_at`, now, limit);
}

/**
 * Records that the visitor now holds the version of the invitation just sent (in the claim's
 * transaction, after its e-mails were written from the version they held before).
 */
export async function recordInvitationsSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('visits')
    .set((eb) => ({ invitation_sent_sequence: eb.ref('invitation_sequence') }))
    .where('id', 'in', ids)
    .execute();
}

/**
 * Cancelled visits whose invitation the visitor received, not yet told of the cancellation
 * (the visitor and the host hear of it once).
 */
export function claimCancellations(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = sql`v.cancelled_at is not null and v.invitation_sent_sequence is not null`;
  return claimNotice(db, 'cancellation_sent_at', due, sql`v.cancelled_at`, now, limit);
}

/**
 * Check-ins whose host (a person or a user) has not heard of them, while the check-in is recent
 * (shared `arrivalIsNews`): a kiosk's offline check-in is noticed when it syncs (within
 * HOST_NOTICE_MAX_AGE_MINUTES of its time). Whether the host is then written to is the shared
 * `hostToTell` (their choice, their address).
 */
export function claimHostNotices(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = sql`(v.host_person_id is not null or v.host_user_id is not null) and v.checked_in_at is not null
    and v.checked_in_at >= ${now}::timestamptz - make_interval(mins => ${HOST_NOTICE_MAX_AGE_MINUTES})
    and v.checked_in_at <= ${now}`;
  return claimNotice(db, 'host_notified_at', due, sql`v.checked_in_at`, now, limit);
}

/** The longest start-reminder lead a building may choose: the index scan's bound. */
const longestStartLead = Math.max(
  ...meetingStartReminderOptions.map((option) => Number(/^PT(\d+)H$/.exec(option)?.[1] ?? 24)),
);

/** Scheduled visits whose start reminder is due (shared `startReminderDue`). */
export function claimStartReminders(db: Db, now: Date, limit: number): Promise<string[]> {
  const reminderAt = sql`(v.scheduled_at - ${settingInterval('meetingStartReminderTime')})`;
  const due = sql`${awaited}
    and v.scheduled_at > ${now} and v.scheduled_at <= ${now}::timestamptz + make_interval(hours => ${longestStartLead})
    and ${reminderAt} <= ${now} and v.created_at < ${reminderAt}`;
  return claimNotice(db, 'start_reminder_sent_at', due, sql`v.scheduled_at`, now, limit);
}

/**
 * Visits in the building whose end reminder is due (shared `endReminderDue`). A visit lasts at
 * most DURATION_MAX_HOURS and 55 minutes (the wizard's and the staff's duration rule), so only
 * the check-ins of the last day and a bit can be near their end: the index scan's bound.
 */
export function claimEndReminders(db: Db, now: Date, limit: number): Promise<string[]> {
  const reminderAt = sql`(${insideEnd} - ${settingInterval('meetingEndReminderTime')})`;
  const due = sql`${inside} and v.checked_in_at > ${now}::timestamptz - make_interval(hours => ${DURATION_MAX_HOURS + 1})
    and ${reminderAt} <= ${now} and ${now} < ${insideEnd} and ${reminderAt} > ${insideSince}`;
  return claimNotice(db, 'end_reminder_sent_at', due, sql`v.checked_in_at`, now, limit);
}

/**
 * Visits still in past the building's alert time after their end (after their re-opening when
 * that is later), alerts on (shared `overdueAlertDue`).
 */
export function claimOverdueAlerts(db: Db, now: Date, limit: number): Promise<string[]> {
  const alerts = sql`coalesce((b.settings->>'meetingAlertEnabled')::boolean, ${defaults.meetingAlertEnabled})`;
  const delay = settingInterval('overdueAlertTime');
  const due = sql`${inside} and ${alerts} and ${insideEnd} + ${delay} <= ${now}
    and (v.reopened_at is null or v.reopened_at + ${delay} <= ${now})`;
  return claimNotice(db, 'overdue_alert_sent_at', due, sql`v.checked_in_at`, now, limit);
}

/** What the e-mails of claimed visits say: the visit, its building (and whether it has a logo), its host (a person or a user). */
export function noticeRows(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('visits as v')
    .innerJoin('buildings as b', 'b.id', 'v.building_id')
    .leftJoin('building_logos as logo', 'logo.building_id', 'b.id')
    .leftJoin('people as host', 'host.id', 'v.host_person_id')
    .leftJoin('users as host_user', 'host_user.id', 'v.host_user_id')
    .select([
      'v.id',
      'v.tenant_id',
      'v.public_identifier',
      'v.identifier',
      'v.pin',
      'v.first_name',
      'v.last_name',
      'v.email',
      'v.company_name',
      'v.visitor_type',
      'v.locale',
      'v.host',
      'v.scheduled_at',
      'v.scheduled_duration',
      'v.checked_in_at',
      'v.invitation_sequence',
      'v.invitation_sent_sequence',
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
      'host.first_name as host_first_name',
      'host.last_name as host_last_name',
      'host.email as host_email',
      'host.locale as host_locale',
      'host.deactivated as host_deactivated',
      'host.host_notice as host_notice',
      'host.phone as host_phone',
      'host_user.first_name as host_user_first_name',
      'host_user.last_name as host_user_last_name',
      'host_user.email as host_user_email',
      'host_user.user_locale as host_user_locale',
      'host_user.blocked as host_user_blocked',
      'host_user.host_notice as host_user_notice',
      'host_user.phone as host_user_phone',
      sql<boolean>`exists (select 1 from visit_photos where visit_photos.visit_id = v.id)`.as('has_photo'),
    ])
    .where('v.id', 'in', ids)
    .orderBy('v.id')
    .execute();
}
export type NoticeRow = Awaited<ReturnType<typeof noticeRows>>[number];

// ---------------------------------------------------------------------------------------------
// Changes of state: no e-mail, one statement each.

const knownZones = new WeakMap<Db, Promise<string[]>>();

/**
 * The time zones the database knows, read once per database handle: a building's zone that it
 * does not know reads as the default zone instead of failing the statement for every building.
 */
function timeZoneNames(db: Db): Promise<string[]> {
  let names = knownZones.get(db);
  if (!names) {
    names = sql<{ name: string }>`select name from pg_timezone_names`
      .execute(db)
      .then((result) => result.rows.map((row) => row.name));
    names.catch(() => knownZones.delete(db));
    knownZones.set(db, names);
  }
  return names;
}

export interface AutoCheckedOut {
  id: string;
  tenant_id: string;
  building_id: string;
  checked_out_at: Date;
  checkout_method: 'AUTO_TIMEOUT' | 'AUTO_SPECIFIC_TIME';
}

/**
 * Checks out the visits in the building whose automatic check-out is due (shared
 * `autoCheckoutAt`): at the moment the rule names, with the rule as the check-out method.
 * SPECIFIC_TIME reads the building's wall clock with `timestamp at time zone`, which the
 * shared rule follows across summer-time changes. A visit checked in back counts from its
 * re-opening when later: SPECIFIC_TIME from max(check-in, reopened_at), TIMEOUT from
 * max(expected end, reopened_at).
 */
export async function autoCheckOut(db: Db, now: Date, limit: number): Promise<AutoCheckedOut[]> {
  const zones = await timeZoneNames(db);
  const named = setting('timeZoneId');
  const zone = sql`(case when ${named} = any(${zones}::text[]) then ${named} else ${defaults.timeZoneId} end)`;
  const time = sql`(case when b.settings->>'autoCheckoutSpecificTime' ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    then (b.settings->>'autoCheckoutSpecificTime')::time end)`;
  const day = sql`(${insideSince} at time zone ${zone})::date`;
  const sameDay = sql`((${day} + ${time}) at time zone ${zone})`;
  const specificAt = sql`(case when ${sameDay} > ${insideSince} then ${sameDay}
    else ((${day} + 1 + ${time}) at time zone ${zone}) end)`;
  const timeoutAt = sql`(greatest(coalesce(${insideEnd}, v.checked_in_at), v.reopened_at)
    + ${intervalOf(sql`b.settings->>'autoCheckOutTimeout'`)})`;
  const specific = sql`(${setting('autoCheckoutMode')} = 'SPECIFIC_TIME')`;
  const result = await sql<AutoCheckedOut>`
    with rule as (
      select v.id,
        case when ${specific} then ${specificAt} else ${timeoutAt} end as due_at,
        case when ${specific} then 'AUTO_SPECIFIC_TIME' else 'AUTO_TIMEOUT' end as method
      from visits v join buildings b on b.id = v.building_id
      where ${inside}
    ), due as (
      select v.id, rule.due_at, rule.method from visits v join rule on rule.id = v.id
      where rule.due_at <= ${now}
      order by rule.due_at
      limit ${limit}
      for update of v skip locked
    )
    update visits set checked_out_at = due.due_at, checkout_method = due.method, updated_at = ${now}
    from due
    where visits.id = due.id and visits.checked_in_at is not null and visits.checked_out_at is null
    returning visits.id, visits.tenant_id, visits.building_id, visits.checked_out_at, visits.checkout_method`.execute(
    db,
  );
  return result.rows;
}

/**
 * Marks expired the scheduled visits never checked in whose expected end has passed (shared
 * `scheduledExpiryAt`), at that moment. Answers how many.
 */
export async function expireScheduled(db: Db, now: Date, limit: number): Promise<number> {
  const result = await sql<{ id: string }>`
    with due as (
      select v.id, ${scheduledEnd} as expired_at from visits v
      where ${awaited} and v.scheduled_at <= ${now} and ${scheduledEnd} <= ${now}
      order by v.scheduled_at
      limit ${limit}
      for update of v skip locked
    )
    update visits set expired_at = due.expired_at, updated_at = ${now}
    from due
    where visits.id = due.id and visits.expired_at is null and visits.checked_in_at is null
    returning visits.id`.execute(db);
  return result.rows.length;
}

/**
 * Marks expired the visits whose entry answers were given ahead of an unscheduled arrival and
 * have outlived the building's questionnaires validity (shared `answersExpiryAt`), at that
 * moment. Answers how many.
 */
export async function expireLapsedAnswers(db: Db, now: Date, limit: number): Promise<number> {
  const lapsesAt = sql`(v.questionnaires_answered_at + ${settingInterval('questionnairesValidityTimeout')})`;
  const result = await sql<{ id: string }>`
    with due as (
      select v.id, ${lapsesAt} as expired_at from visits v join buildings b on b.id = v.building_id
      where v.questionnaires_answered_at is not null and v.scheduled_at is null and v.checked_in_at is null
        and v.checked_out_at is null and v.cancelled_at is null and v.expired_at is null and v.allowed
        and ${lapsesAt} <= ${now}
      order by v.questionnaires_answered_at
      limit ${limit}
      for update of v skip locked
    )
    update visits set expired_at = due.expired_at, updated_at = ${now}
    from due
    where visits.id = due.id and visits.expired_at is null and visits.checked_in_at is null
    returning visits.id`.execute(db);
  return result.rows.length;
}
