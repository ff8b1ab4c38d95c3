import { type Kysely, sql } from 'kysely';

// The entry log at a million visits (scripts/bench/entryLog.bench.ts), what its plans
// showed on top of 202611250900:
//
// - The expected, today and soon statuses read every visit of the company that never arrived,
//   by the not-arrived index: the invitations that never came stay in it for ever (17,000 of a
//   200,000-visit company after 90 days, 14,000 heap reads for 2,400 upcoming: 90-120 ms on a
//   server). Upcoming means "not over yet": its expected end (or its time) from now on. The end is
//   `visit_expected_end`, the entry log's SQL of it made a function so it can be indexed: the
//   upcoming visits' index, by company and by building, keyed by that end, reads only the
//   visits still to come, however long the history (4 ms).
//   The function is IMMUTABLE although `timestamptz + interval` is only STABLE: the interval is a
//   `PT#H#M` duration (hours and minutes, no days or months), whose sum does not depend on the
//   session's time zone. Its cost is a few operators' (a function's default, 100, made the
//   counters' "leaving within the hour" look dear enough for two parallel workers: 15-25 ms).
//   PL/pgSQL, not SQL: an SQL function that cannot be inlined is set up again by every statement
//   that calls it, 9 ms a statement on the embedded database; PL/pgSQL keeps it for the session.
// - The visitor type filter had no index: a rare type (residents, 4%) read a company's history
//   in order to find a page and count a thousand (40-80 ms, 300 ms for a supervisor).
// - The planner took "checked_in_at is null and checked_out_at is null" (the not-arrived visits)
//   for two independent conditions: 2,500 rows where there were 22,000, so a supervisor's expired
//   list read them all by bitmap and sorted them (270 ms) instead of walking the index in order
//   (2 ms). Multivariate statistics on the two columns give the planner the real share.
const upcoming =
  'checked_in_at is null and checked_out_at is null and cancelled_at is null and scheduled_at is not null';
const upcomingEnd = 'coalesce(visit_expected_end(checked_in_at, scheduled_at, scheduled_duration), scheduled_at)';

const indexes: Record<string, string> = {
  visits_upcoming_tenant_end_idx: `(tenant_id, ${upcomingEnd}) where ${upcoming}`,
  visits_upcoming_building_end_idx: `(building_id, ${upcomingEnd}) where ${upcoming}`,
  visits_tenant_type_created_idx: '(tenant_id, visitor_type, created_at)',
  visits_building_type_created_idx: '(building_id, visitor_type, created_at)',
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function visit_expected_end(checked_in_at timestamptz, scheduled_at timestamptz, duration text)
    returns timestamptz language plpgsql immutable parallel safe cost 5 as $$
    begin
      return coalesce(checked_in_at, scheduled_at)
        + (case when duration ~ '^PT([0-9]+H)?([0-9]+M)?$' and duration <> 'PT' then duration::interval end);
    end
    $$`.execute(db);
  for (const [name, definition] of Object.entries(indexes)) {
    await sql`create index ${sql.raw(name)} on visits ${sql.raw(definition)}`.execute(db);
  }
  await sql`create statistics visits_arrival_stats (mcv) on checked_in_at, checked_out_at from visits`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop statistics visits_arrival_stats`.execute(db);
  for (const name of Object.keys(indexes)) await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`drop function visit_expected_end(timestamptz, timestamptz, text)`.execute(db);
}
