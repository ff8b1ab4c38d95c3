import { type Insertable, type Selectable, type Updateable, sql } from 'kysely';
import type { WizardQuestionnaire } from '@vestibule/shared';
import { type Db, keepPlan } from '../../db/database.ts';
import type { VisitsTable } from '../../db/schema.ts';

export function findBuildingByKey(db: Db, qrCodeKey: string) {
  return db
    .selectFrom('buildings')
    .select([
      'id',
      'tenant_id',
      'name',
      'qr_code_key',
      'mobile_token',
      'devices_ids',
      'devices_success_text',
      'devices_attention_text',
      'check_in_logo_version',
      'settings',
      'check_in_forms',
      'pin_code',
      sql<string>`config_version::text`.as('config_version'),
    ])
    .where('qr_code_key', '=', qrCodeKey)
    .executeTakeFirst();
}
/** A building's configuration version (undefined once it is deleted). */
export async function configVersionOf(db: Db, buildingId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('buildings')
    .select(sql<string>`config_version::text`.as('version'))
    .where('id', '=', buildingId)
    .executeTakeFirst();
  return row?.version;
}

export type KeyedBuilding = NonNullable<Awaited<ReturnType<typeof findBuildingByKey>>>;

/**
 * A building's entry or exit questionnaires for a person type, in order, with their questions in
 * order: one query (the links joined with their questions), as it runs on every check-in.
 */
export async function linkedQuestionnaires(
  db: Db,
  buildingId: string,
  kind: 'ENTRY' | 'EXIT',
  visitorType: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT',
): Promise<WizardQuestionnaire[]> {
  const rows = await db
    .selectFrom('building_questionnaires')
    .innerJoin('questionnaires', 'questionnaires.id', 'building_questionnaires.questionnaire_id')
    .leftJoin('questions', 'questions.questionnaire_id', 'questionnaires.id')
    .select([
      'questionnaires.id as questionnaire_id',
      'questionnaires.name as questionnaire_name',
      'questions.id as question_id',
      'questions.text',
      'questions.question_type',
      'questions.alert_answer',
      'questions.warning_answer',
      'questions.previous_question_id',
      'questions.previous_question_answer',
    ])
    .where('building_questionnaires.building_id', '=', buildingId)
    .where('building_questionnaires.kind', '=', kind)
    .where('building_questionnaires.visitor_type', '=', visitorType === 'RESIDENT' ? 'VISITOR' : visitorType)
    .orderBy('building_questionnaires.sort_order')
    .orderBy('questions.sort_order')
    .orderBy('questions.created_at')
    .execute();
  type Item = WizardQuestionnaire['items'][number];
  const questionnaires = new Map<string, WizardQuestionnaire>();
  for (const row of rows) {
    let questionnaire = questionnaires.get(row.questionnaire_id);
    if (!questionnaire) {
      questionnaire = { id: row.questionnaire_id, name: row.questionnaire_name, items: [] };
      questionnaires.set(row.questionnaire_id, questionnaire);
    }
    if (row.question_id === null || row.text === null || row.question_type === null) continue;
    questionnaire.items.push({
      id: row.question_id,
      text: row.text,
      questionType: row.question_type,
      alertAnswer: row.alert_answer as Item['alertAnswer'],
      warningAnswer: row.warning_answer as Item['warningAnswer'],
      previousQuestionId: row.previous_question_id,
      previousQuestionAnswer: row.previous_question_answer as Item['previousQuestionAnswer'],
    });
  }
  return [...questionnaires.values()];
}

export function activeCameras(db: Db, buildingId: string) {
  return db
    .selectFrom('cameras')
    .select(['id', 'name', 'camera_place'])
    .where('building_id', '=', buildingId)
    .where('active', '=', true)
    .orderBy('created_at')
    .execute();
}

/** Visits with their building's name and time zone: the one read every visit answer is made from. */
export function selectVisits(db: Db) {
  return db
    .selectFrom('visits')
    .innerJoin('buildings', 'buildings.id', 'visits.building_id')
    .selectAll('visits')
    .select(['buildings.name as building_name', sql<unknown>`buildings.settings->>'timeZoneId'`.as('time_zone')]);
}
export type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisitById>>>;

export function findVisitById(db: Db, id: string) {
  return selectVisits(db).where('visits.id', '=', id).executeTakeFirst();
}

export function findVisitByPublicIdentifier(db: Db, publicIdentifier: string) {
  return selectVisits(db).where('visits.public_identifier', '=', publicIdentifier).executeTakeFirst();
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

interface SamePerson {
  personId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Whether the same person has an open visit at a building: by person, e-mail, or first and last
 * name, each without case. The database function `has_open_visit` (migration 202611250100) tries
 * one way after the other, each on its own partial index, with its plans kept for the session.
 * Blank values match nobody, as missing ones.
 */
function hasOpenVisit(buildingId: string, person: SamePerson) {
  const lower = (value: string | null) => (value ? value.toLowerCase() : null);
  const { personId, email, firstName, lastName } = person;
  return sql<boolean>`has_open_visit(${buildingId}, ${personId || null}, ${lower(email)}, ${lower(firstName)}, ${lower(lastName)})`;
}

/** Whether the same person has an open visit at a building. */
export async function personIsIn(db: Db, buildingId: string, person: SamePerson): Promise<boolean> {
  const row = await db.selectNoFrom(hasOpenVisit(buildingId, person).as('in')).executeTakeFirstOrThrow();
  return row.in;
}

type NewVisit = Insertable<VisitsTable> & { building_id: string };

/** Columns a staff check-in sets on the visit beyond what the wizard decides (issue 13). */
export type StaffColumns = Partial<
  Pick<Insertable<VisitsTable>, 'host_person_id' | 'host' | 'invited_by' | 'locale' | 'visitor_type'>
>;

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
  'allowed',
  'flagged',
] as const satisfies readonly (keyof VisitsTable)[];
export type VisitSummaryRow = Pick<Selectable<VisitsTable>, (typeof visitSummaryColumns)[number]>;

/**
 * Inserts a new visit in one statement that also checks what a check-in must hold: the
 * building's configuration is still the version the check-in was judged by (`configVersion`,
 * null: not checked), and the person has no open visit there. Answers the stored visit, or
 * undefined when either did not hold (nothing is written). Answers the columns of the summary
 * only: on the embedded database, reading back the whole row cost half as much as the insert.
 */
export function insertVisitIfCurrent(
  db: Db,
  row: NewVisit,
  guard: { configVersion: string | null; person: SamePerson },
): Promise<VisitSummaryRow | undefined> {
  const columns = Object.keys(row) as (keyof NewVisit)[];
  let values = db
    .selectNoFrom((eb) => columns.map((column) => eb.val(row[column]).as(column)))
    .where(sql<boolean>`not ${hasOpenVisit(row.building_id, guard.person)}`);
  const { configVersion } = guard;
  if (configVersion !== null) {
    values = values.where((eb) =>
      eb.exists(
        db
          .selectFrom('buildings')
          .select('id')
          .where('id', '=', row.building_id)
          .where(sql<string>`config_version::text`, '=', configVersion),
      ),
    );
  }
  return db
    .insertInto('visits')
    .columns(columns)
    .expression(values)
    .returningAll()
    .modifyEnd(keepPlan)
    .executeTakeFirst();
}

export function updateVisit(db: Db, id: string, values: Updateable<VisitsTable>): Promise<Selectable<VisitsTable>> {
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

/** Open visits at a building, by last name or the last 4 digits of the phone (self check-out). */
export function findOpenVisitsAtBuilding(
  db: Db,
  buildingId: string,
  search: { lastName?: string; phoneLast4?: string },
) {
  let query = selectVisits(db)
    .where('visits.building_id', '=', buildingId)
    .where('visits.checked_in_at', 'is not', null)
    .where('visits.checked_out_at', 'is', null);
  if (search.lastName) query = query.where(sql<string>`lower(visits.last_name)`, '=', search.lastName.toLowerCase());
  if (search.phoneLast4) {
    query = query.where(
      sql<string>`right(regexp_replace(coalesce(visits.phone, ''), '[^0-9]', '', 'g'), 4)`,
      '=',
      search.phoneLast4,
    );
  }
  return query.orderBy('visits.checked_in_at', 'desc').limit(10).execute();
}

export function cameraConnection(db: Db, cameraId: string) {
  return db
    .selectFrom('cameras')
    .select(['ip_address', 'auth_user', 'auth_password', 'simulated'])
    .where('id', '=', cameraId)
    .executeTakeFirstOrThrow();
}

/**
 * Wrong PINs typed for one visit code, counted in the database (every instance agrees) in a
 * window that starts at the first failure: answers the count after this failure.
 */
export async function recordPinFailure(db: Db, identifier: string, windowMinutes: number): Promise<number> {
  const key = `pin|${identifier}`;
  const window = `${windowMinutes} minutes`;
  const result = await sql<{ count: number }>`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + ${window}::interval else rate_limits.reset_at end
    returning count`.execute(db);
  return Number(result.rows[0]?.count ?? 1);
}

/** Wrong PINs typed for one visit code in the current window. */
export async function pinFailures(db: Db, identifier: string): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `pin|${identifier}`)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
