import { type Insertable, type Selectable, type SqlBool, type UpdateObject, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, VisitsTable } from '../../db/schema.ts';

// The visits table: one visit's rows, read and changed. Every query on `visits` is in this
// module's repositories (this one, openVisits.repo.ts for the open-visit check and the
// check-in's guarded insert, visitList.repo.ts for the entry log's list, CSV and counters);
// other modules call them.

/**
 * When the visit is expected to end: from its check-in (or schedule) plus its duration (ISO 8601
 * `PT#H#M`, which PostgreSQL reads; else none). A database function (migration 202611251600), so
 * the upcoming visits' index is keyed by it.
 */
export const expectedEnd = sql`visit_expected_end(visits.checked_in_at, visits.scheduled_at, visits.scheduled_duration)`;
/** The SQL of an open visit (checked in, not out) and of one not arrived, as the partial indexes say it. */
export const openVisit = sql`visits.checked_in_at is not null and visits.checked_out_at is null`;
export const notArrived = sql`visits.checked_in_at is null and visits.checked_out_at is null`;

/** Whether the visit has the person's photo (visit_photos: the bytes are never read with the visit). */
export const visitHasPhoto = sql<boolean>`exists (select 1 from visit_photos where visit_photos.visit_id = visits.id)`;

/** Visits with their building's name and time zone: the one read every visit answer is made from. */
export function selectVisits(db: Db) {
  return db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .selectAll('visits')
    .select([
      'buildings.name as building_name',
      sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone'),
      visitHasPhoto.as('has_photo'),
    ]);
}
export type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisitById>>>;

export function findVisitById(db: Db, id: string) {
  return selectVisits(db).where('visits.id', '=', id).executeTakeFirst();
}

/** Several visits by id at once (a pushed batch's), as findVisitById reads each. */
export function findVisitsByIds(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? Promise.resolve([]) : selectVisits(db).where('visits.id', 'in', ids).execute();
}

export function findVisitByPublicIdentifier(db: Db, publicIdentifier: string) {
  return selectVisits(db).where('visits.public_identifier', '=', publicIdentifier).executeTakeFirst();
}

/** A visit by its short visit code (unique across visits). */
export function findVisitByIdentifier(db: Db, identifier: string) {
  return selectVisits(db).where('visits.identifier', '=', identifier).executeTakeFirst();
}

export function findVisitByIdentifierAndPin(db: Db, identifier: string, pin: string) {
  return selectVisits(db).where('visits.identifier', '=', identifier).where('visits.pin', '=', pin).executeTakeFirst();
}

/** Whether a visit already has this code or public identifier (codes made by a kiosk offline). */
export async function visitCodesTaken(db: Db, identifier: string, publicIdentifier: string): Promise<boolean> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where((eb) => eb.or([eb('identifier', '=', identifier), eb('public_identifier', '=', publicIdentifier)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these codes (visit identifiers and public identifiers) a visit already has, in one query. */
export async function takenVisitCodes(
  db: Db,
  identifiers: readonly string[],
  publicIdentifiers: readonly string[],
): Promise<Set<string>> {
  if (identifiers.length === 0 && publicIdentifiers.length === 0) return new Set();
  const rows = await db
    .selectFrom('visits')
    .select(['identifier', 'public_identifier'])
    .where((eb) =>
      eb.or([
        ...(identifiers.length > 0 ? [eb('identifier', 'in', identifiers)] : []),
        ...(publicIdentifiers.length > 0 ? [eb('public_identifier', 'in', publicIdentifiers)] : []),
      ]),
    )
    .execute();
  return new Set(rows.flatMap((row) => [row.identifier, row.public_identifier]));
}

/** A visit of the company, with the name of who invited. */
export function findTenantVisit(db: Db, tenantId: string, id: string) {
  return selectVisits(db)
    .leftJoin('users as inviter', 'inviter.id', 'visits.invited_by')
    .select(
      sql<
        string | null
      >`nullif(trim(coalesce(inviter.first_name, '') || ' ' || coalesce(inviter.last_name, '')), '')`.as(
        'invited_by_name',
      ),
    )
    .where('visits.id', '=', id)
    .where('visits.tenant_id', '=', tenantId)
    .executeTakeFirst();
}
export type TenantVisitRow = NonNullable<Awaited<ReturnType<typeof findTenantVisit>>>;

/** What a visit's summary (`toVisitSummary`) reads of its row. */
export const visitSummaryColumns = [
  'id',
  'identifier',
  'public_identifier',
  'building_id',
  'visitor_type',
  'first_name',
  'last_name',
  'host',
  'scheduled_at',
  'scheduled_duration',
  'checked_in_at',
  'checked_out_at',
  'cancelled_at',
  'expired_at',
  'questionnaires_answered_at',
  'allowed',
  'flagged',
] as const satisfies readonly (keyof VisitsTable)[];
export type VisitSummaryRow = Pick<Selectable<VisitsTable>, (typeof visitSummaryColumns)[number]>;

/** The answers of the person's latest entry at the building that has some, and when they were given. */
export function latestAnswersOfPerson(db: Db, buildingId: string, personId: string) {
  return db
    .selectFrom('visits')
    .select(['questionnaires_answers', 'questionnaires_answered_at'])
    .where('person_id', '=', personId)
    .where('building_id', '=', buildingId)
    .where('questionnaires_answered_at', 'is not', null)
    .orderBy('questionnaires_answered_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Columns staff set on a visit beyond what the check-in's wizard decides (who invited, its language, type). */
export type StaffColumns = Partial<Pick<Insertable<VisitsTable>, 'invited_by' | 'locale' | 'visitor_type'>>;

/** Rewrites a visit's columns (a check-in into a visit that exists), answering the stored row. */
export function updateVisitRow(db: Db, id: string, values: Updateable<VisitsTable>): Promise<Selectable<VisitsTable>> {
  return db
    .updateTable('visits')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks an open visit checked out; false when it was not open (already out, or never in). */
export async function checkOutVisit(
  db: Db,
  id: string,
  at: Date | null,
  values: Updateable<VisitsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('visits')
    .set({ ...values, checked_out_at: at ?? sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('checked_in_at', 'is not', null)
    .where('checked_out_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertVisit(db: Db, row: Insertable<VisitsTable>): Promise<void> {
  await db.insertInto('visits').values(row).execute();
}

/** Changes of a visit not arrived, in `updateVisitIf`, that its calendar event must follow. */
export const invitationChange = {
  /**
   * A new time or length: the invitation job sends the invitation again (its "sent at" cleared)
   * as a new version of the calendar event, which replaces the one the visitor holds.
   */
  moved: (): UpdateObject<Database, 'visits'> => ({
    invitation_sent_at: null,
    invitation_sequence: sql<number>`invitation_sequence + 1`,
  }),
  /** Cancelled: the cancellation job withdraws the event with a version above the one sent. */
  cancelled: (): UpdateObject<Database, 'visits'> => ({
    invitation_sequence: sql<number>`invitation_sequence + 1`,
  }),
};

/**
 * Changes a visit when `guard` (its state, read again in the statement) still holds; false when
 * it no longer does (another desk acted first).
 */
export async function updateVisitIf(
  db: Db,
  id: string,
  values: UpdateObject<Database, 'visits'>,
  guard: 'invited' | 'open' | 'out' | 'held' | 'any',
): Promise<boolean> {
  let q = db
    .updateTable('visits')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id);
  if (guard === 'invited') q = q.where(sql<SqlBool>`${notArrived} and visits.cancelled_at is null and visits.allowed`);
  if (guard === 'open') q = q.where(sql<SqlBool>`${openVisit}`);
  if (guard === 'out') q = q.where('checked_out_at', 'is not', null);
  if (guard === 'held')
    q = q.where(
      sql<SqlBool>`visits.watch_hold = 'HELD' and ${notArrived} and visits.allowed and visits.cancelled_at is null`,
    );
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Opens a checked-out visit again (check in back), unless the same person is in on another visit
 * of the building: false when either does not hold. `reopened_at` says since when: the lifecycle
 * jobs count its automatic check-out and overdue alert from it (an auto-checked-out visit would
 * otherwise be past its moment and checked out again within the minute).
 */
export async function reopenVisit(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('visits')
    .set({
      checked_out_at: null,
      exit_temp_measure1: null,
      exit_temp_measure2: null,
      exit_comments: null,
      exit_questionnaires_answers: '[]',
      checkout_method: null,
      reopened_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('checked_out_at', 'is not', null)
    .where(
      sql<SqlBool>`not has_open_visit(visits.building_id, visits.person_id, lower(visits.email),
        lower(visits.first_name), lower(visits.last_name))`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteVisit(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('visits')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
