import { type RetentionKind, type RetentionOverrides, type RetentionPeriods } from '@vestibule/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The retention job's reads and writes (docs/privacy.md, "Retention"): each kind's due rows of a
// group of a company's buildings (those sharing a period), found on that kind's partial index by
// building and age, and erased a bounded batch at a time, each batch one short transaction that
// locks only its rows (FOR UPDATE SKIP LOCKED: another instance's batch is left to it).

/** The moment a visit happened, as the retention indexes order it: checked in, else planned, else made. */
const happenedAt = sql<Date>`coalesce(visits.checked_in_at, visits.scheduled_at, visits.created_at)`;

/** A visit still holds health data: an answer or a temperature (the health index's condition). */
const holdsHealth = sql<SqlBool>`(visits.questionnaires_answers <> '[]'::jsonb
  or visits.exit_questionnaires_answers <> '[]'::jsonb
  or visits.temp_measure1 is not null or visits.temp_measure2 is not null
  or visits.exit_temp_measure1 is not null or visits.exit_temp_measure2 is not null)`;

/** Health data's keys, in a kiosk entry's payload and in what a visit's audit rows say. */
const healthKeys = [
  'questionnairesAnswers',
  'exitQuestionnairesAnswers',
  'tempMeasure1',
  'tempMeasure2',
  'exitTempMeasure1',
  'exitTempMeasure2',
];

/** What an audit row of a visit may say of its visitor, taken out of it with the visit's anonymising. */
const personalAuditKeys = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'emailMe',
  'phone',
  'companyName',
  'host',
  'comments',
  'exitComments',
  'personId',
  'checkInForm',
  ...healthKeys,
];

const uuids = (ids: readonly string[]) => sql`${ids}::uuid[]`;
/** `column` is one of `ids` (one array parameter, however many ids). */
export const anyOf = (column: string, ids: readonly string[]): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = any(${uuids(ids)})`;
/** The same for a text column holding ids (the audit log's and the mailbox's entity). */
export const anyText = (column: string, ids: readonly string[]): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = any(${ids}::text[])`;

export interface RetentionPlanRows {
  companies: ({ id: string } & RetentionPeriods)[];
  buildings: { id: string; tenantId: string; name: string; overrides: RetentionOverrides }[];
}

/** The periods of every company (or of one) and of each of its buildings, ordered by id. */
export async function retentionPlanRows(db: Db, tenantId?: string): Promise<RetentionPlanRows> {
  let companies = db
    .selectFrom('tenants')
    .select([
      'id',
      'visit_retention_days as visits',
      'photo_retention_days as photos',
      'signature_retention_days as signatures',
      'health_retention_days as health',
    ])
    .orderBy('id');
  let buildings = db
    .selectFrom('buildings')
    .select([
      'id',
      'tenant_id',
      'name',
      'visit_retention_days',
      'photo_retention_days',
      'signature_retention_days',
      'health_retention_days',
    ])
    .orderBy('id');
  if (tenantId !== undefined) {
    companies = companies.where('id', '=', tenantId);
    buildings = buildings.where('tenant_id', '=', tenantId);
  }
  const [companyRows, buildingRows] = await Promise.all([companies.execute(), buildings.execute()]);
  return {
    companies: companyRows,
    buildings: buildingRows.map((row) => ({
      id: row.id,
      tenantId: row.tenant_id,
      name: row.name,
      overrides: {
        visits: row.visit_retention_days,
        photos: row.photo_retention_days,
        signatures: row.signature_retention_days,
        health: row.health_retention_days,
      },
    })),
  };
}

/** Saves a company's periods and its buildings' own (every other building of it: the company's). */
export async function saveRetention(
  trx: Db,
  tenantId: string,
  company: RetentionPeriods,
  buildings: readonly { id: string; overrides: RetentionOverrides }[],
): Promise<void> {
  await trx
    .updateTable('tenants')
    .set({
      visit_retention_days: company.visits,
      photo_retention_days: company.photos,
      signature_retention_days: company.signatures,
      health_retention_days: company.health,
      updated_at: new Date(),
    })
    .where('id', '=', tenantId)
    .execute();
  const own = buildings.map((building) => building.id);
  let cleared = trx
    .updateTable('buildings')
    .set({
      visit_retention_days: null,
      photo_retention_days: null,
      signature_retention_days: null,
      health_retention_days: null,
    })
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb('visit_retention_days', 'is not', null),
        eb('photo_retention_days', 'is not', null),
        eb('signature_retention_days', 'is not', null),
        eb('health_retention_days', 'is not', null),
      ]),
    );
  if (own.length > 0) cleared = cleared.where(sql<SqlBool>`not (id = any(${uuids(own)}))`);
  await cleared.execute();
  for (const building of buildings) {
    await trx
      .updateTable('buildings')
      .set({
        visit_retention_days: building.overrides.visits,
        photo_retention_days: building.overrides.photos,
        signature_retention_days: building.overrides.signatures,
        health_retention_days: building.overrides.health,
      })
      .where('id', '=', building.id)
      .where('tenant_id', '=', tenantId)
      .execute();
  }
}

/** Which of `ids` are buildings of the company. */
export async function companyBuildingIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('buildings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(anyOf('id', ids))
    .execute();
  return rows.map((row) => row.id);
}

/** A company's buildings sharing a period for a kind, and the moment before which their rows are due. */
export interface RetentionGroup {
  tenantId: string;
  buildingIds: readonly string[];
  before: Date;
}

/** The ids of at most `limit` due rows of a kind, locked for the erasing transaction. */
function dueRows(trx: Db, kind: RetentionKind, group: RetentionGroup, limit: number) {
  const visitsDue = () =>
    trx
      .selectFrom('visits')
      .select('visits.id')
      .where(anyOf('visits.building_id', group.buildingIds))
      .where('visits.anonymised_at', 'is', null)
      .where(happenedAt, '<', group.before)
      .limit(limit);
  switch (kind) {
    case 'visits':
      return visitsDue();
    case 'health':
      return visitsDue().where(holdsHealth);
    case 'signatures':
      return trx
        .selectFrom('visit_document_signatures as visits')
        .select('visits.id')
        .where(anyOf('visits.building_id', group.buildingIds))
        .where('visits.signer_key', '<>', '')
        .where('visits.signed_at', '<', group.before)
        .limit(limit);
    case 'photos':
      return trx
        .selectFrom('visit_photos')
        .innerJoin('visits', 'visits.id', 'visit_photos.visit_id')
        .select('visit_photos.visit_id as id')
        .where('visit_photos.tenant_id', '=', group.tenantId)
        .where(anyOf('visits.building_id', group.buildingIds))
        .where('visit_photos.created_at', '<', group.before)
        .limit(limit);
  }
}

/** How many rows of a kind are due in a group, counting at most `cap` + 1. */
export async function countDue(db: Db, kind: RetentionKind, group: RetentionGroup, cap: number): Promise<number> {
  const row = await db
    .selectFrom(dueRows(db, kind, group, cap + 1).as('due'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Audit rows of these visits lose what they said of the visitor under `keys` (an erasure). */
/** Takes `keys` out of what the audit rows of these records say (a visit's, a person's). */
export async function eraseFromAudit(
  trx: Db,
  entity: 'visit' | 'person',
  ids: readonly string[],
  keys: readonly string[],
): Promise<void> {
  const taken = sql`${keys}::text[]`;
  // The one change the audit log takes: an erasure's (migration 202611290100).
  await sql`select set_config('vestibule.erasure', 'on', true)`.execute(trx);
  await trx
    .updateTable('audit_log')
    .set({ before: sql`before - ${taken}`, after: sql`after - ${taken}` })
    .where('entity', '=', entity)
    .where(anyText('entity_id', ids))
    .execute();
}

/**
 * Erases at most `limit` due rows of a kind in a group, in one transaction that locks only them,
 * and answers how many:
 * - visits are anonymised: what identifies the visitor goes (names, contact, company, answers,
 *   measures, free texts, the person it was), with the visit's photo, signatures, sent e-mails,
 *   the payload of the kiosk entry that made it and what its audit rows said of the visitor (the
 *   rows stay: who did what, when); what reports count stays (building, type, times, host, how
 *   it was checked out);
 * - health data: the visit's answers (entry and exit) and temperatures, from the visit, its
 *   kiosk entry and its audit rows;
 * - signatures: the image, the typed name and the signer's key; the row keeps which document
 *   and version was signed, and when (the visitor is asked to sign again next time);
 * - photos: the photo, and the copy in its kiosk entry.
 */
export function eraseDue(db: Db, kind: RetentionKind, group: RetentionGroup, limit: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const due = await dueRows(trx, kind, group, limit).forUpdate().skipLocked().execute();
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return 0;
    const byId = anyOf('id', ids);
    switch (kind) {
      case 'visits':
        await anonymise(trx, ids, now);
        break;
      case 'health':
        await trx
          .updateTable('applied_mutations')
          .set({ payload: sql`payload::jsonb - ${sql`${healthKeys}::text[]`}` })
          .where(anyOf('visit_id', ids))
          .execute();
        await eraseFromAudit(trx, 'visit', ids, healthKeys);
        await trx
          .updateTable('visits')
          .set({
            questionnaires_answers: '[]',
            exit_questionnaires_answers: '[]',
            temp_measure1: null,
            temp_measure2: null,
            exit_temp_measure1: null,
            exit_temp_measure2: null,
          })
          .where(byId)
          .execute();
        break;
      case 'signatures': {
        const erased = await trx
          .updateTable('visit_document_signatures')
          .set({ image: null, typed_name: null, signer_key: '' })
          .where(byId)
          .returning('visit_id')
          .execute();
        await trx
          .updateTable('applied_mutations')
          .set({ payload: sql`payload::jsonb - 'signatures'` })
          .where(anyOf('visit_id', [...new Set(erased.map((row) => row.visit_id))]))
          .execute();
        break;
      }
      case 'photos':
        await trx.deleteFrom('visit_photos').where(anyOf('visit_id', ids)).execute();
        await trx
          .updateTable('applied_mutations')
          .set({ payload: sql`payload::jsonb - 'photo'` })
          .where(anyOf('visit_id', ids))
          .execute();
        break;
    }
    return ids.length;
  });
}

/**
 * Anonymises visits at once, as the retention job does (the caller's transaction): what the
 * visitor erases from their visit's link, and what the job does past the period.
 */
export async function anonymise(trx: Db, ids: readonly string[], now: Date): Promise<void> {
  const byVisit = anyOf('visit_id', ids);
  await trx.deleteFrom('visit_photos').where(byVisit).execute();
  await trx.deleteFrom('visit_document_signatures').where(byVisit).execute();
  await trx
    .deleteFrom('mail_outbox')
    .where('entity', '=', 'visit')
    .where(anyText('entity_id', ids))
    .where('status', '<>', 'PENDING')
    .execute();
  await trx.updateTable('applied_mutations').set({ payload: '{}' }).where(byVisit).execute();
  // A webhook delivery carries the visit as it was: the log keeps none of it (docs/webhooks.md).
  await trx
    .deleteFrom('webhook_deliveries')
    .where('object_type', '=', 'visit')
    .where(anyOf('object_id', ids))
    .execute();
  await eraseFromAudit(trx, 'visit', ids, personalAuditKeys);
  await trx
    .updateTable('visits')
    .set({
      anonymised_at: now,
      first_name: null,
      last_name: null,
      email: null,
      email_me: null,
      phone: null,
      company_name: null,
      comments: null,
      exit_comments: null,
      host: null,
      person_id: null,
      check_in_form: '{}',
      questionnaires_answers: '[]',
      exit_questionnaires_answers: '[]',
      temp_measure1: null,
      temp_measure2: null,
      exit_temp_measure1: null,
      exit_temp_measure2: null,
    })
    .where(anyOf('id', ids))
    .execute();
}
