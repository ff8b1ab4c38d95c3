import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The retention job's reads and writes (docs/privacy.md, "Retention"): which visits of a company
// are past its period, and anonymising a bounded batch of them in one short transaction.

/** The moment a visit happened, as the retention index orders it: checked in, else planned, else made. */
const happenedAt = sql<Date>`coalesce(visits.checked_in_at, visits.scheduled_at, visits.created_at)`;

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
  'questionnairesAnswers',
  'exitQuestionnairesAnswers',
  'tempMeasure1',
  'tempMeasure2',
  'exitTempMeasure1',
  'exitTempMeasure2',
];

/** Every company, with how many days it keeps its visits. */
export function companiesRetention(db: Db) {
  return db.selectFrom('tenants').select(['id', 'visit_retention_days']).orderBy('id').execute();
}

/**
 * Anonymises at most `limit` of a company's visits that happened before `before`, oldest first,
 * in one transaction that locks only them (one another run holds is left to it): what identifies
 * the visitor goes (names, contact, company, answers, measures, free texts, the person it was),
 * with the visit's photo, signatures, sent e-mails, the payload of the kiosk entry that made it
 * and what its audit rows said of the visitor (the rows stay: who did what, when); what reports
 * count stays (building, type, times, host, how it was checked out). Answers how
 * many were anonymised.
 */
export function anonymiseDueVisits(db: Db, tenantId: string, before: Date, limit: number, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('visits')
      .select('visits.id')
      .where('visits.tenant_id', '=', tenantId)
      .where('visits.anonymised_at', 'is', null)
      .where(happenedAt, '<', before)
      .orderBy(happenedAt)
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom('visit_photos').where('visit_id', 'in', ids).execute();
    await trx.deleteFrom('visit_document_signatures').where('visit_id', 'in', ids).execute();
    await trx
      .deleteFrom('mail_outbox')
      .where('entity', '=', 'visit')
      .where('entity_id', 'in', ids)
      .where('status', '<>', 'PENDING')
      .execute();
    await trx.updateTable('applied_mutations').set({ payload: '{}' }).where('visit_id', 'in', ids).execute();
    const personal = sql`${personalAuditKeys}::text[]`;
    // The one change the audit log takes: an erasure's (migration 202611290100).
    await sql`select set_config('vestibule.erasure', 'on', true)`.execute(trx);
    await trx
      .updateTable('audit_log')
      .set({ before: sql`before - ${personal}`, after: sql`after - ${personal}` })
      .where('entity', '=', 'visit')
      .where('entity_id', 'in', ids)
      .execute();
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
      .where('id', 'in', ids)
      .execute();
    return ids.length;
  });
}
