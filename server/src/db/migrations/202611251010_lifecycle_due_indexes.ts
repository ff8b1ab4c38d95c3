import { type Kysely, sql } from 'kysely';

// The lifecycle jobs run every few seconds on every instance; each finds its due
// visits through a partial index that holds only the visits it may still act on, so a run costs
// the size of that small set, never a scan of the visits table.
// - Invitations not yet sent.
// - Check-ins whose host has not heard of them (left as soon as the notice is claimed).
// - Visits in the building (end reminder, overdue alert, auto check-out), by check-in time.
// - Scheduled visits not arrived (start reminder, expiry), by scheduled time.
// - Answers given ahead of an unscheduled arrival (questionnaire validity).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('visits_invitation_unsent_idx')
    .on('visits')
    .column('created_at')
    .where(sql<boolean>`is_invitation and invitation_sent_at is null`)
    .execute();
  await db.schema
    .createIndex('visits_host_unnotified_idx')
    .on('visits')
    .column('checked_in_at')
    .where(sql<boolean>`host_person_id is not null and host_notified_at is null and checked_in_at is not null`)
    .execute();
  await db.schema
    .createIndex('visits_inside_idx')
    .on('visits')
    .column('checked_in_at')
    .where(sql<boolean>`checked_in_at is not null and checked_out_at is null`)
    .execute();
  await db.schema
    .createIndex('visits_awaited_idx')
    .on('visits')
    .column('scheduled_at')
    .where(
      sql<boolean>`scheduled_at is not null and checked_in_at is null and checked_out_at is null
        and cancelled_at is null and expired_at is null`,
    )
    .execute();
  await db.schema
    .createIndex('visits_answered_ahead_idx')
    .on('visits')
    .column('questionnaires_answered_at')
    .where(
      sql<boolean>`questionnaires_answered_at is not null and scheduled_at is null and checked_in_at is null
        and checked_out_at is null and cancelled_at is null and expired_at is null and allowed`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'visits_invitation_unsent_idx',
    'visits_host_unnotified_idx',
    'visits_inside_idx',
    'visits_awaited_idx',
    'visits_answered_ahead_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
