import { type Kysely, sql } from 'kysely';

// The building report's reads (docs/reports.md, "Building report"), each on an index of the
// building, read alone (index-only scans), so a 90-day report stays fast at a million visits:
// - `visit_person_key`: who a visit's person is for "returning or first time" (their directory
//   person, else their e-mail, else their name and phone digits, else the visit alone), made a
//   function so that it can be indexed: "has this person a visit of the building before the
//   period" is one index probe per person. IMMUTABLE: text operations only. One SQL expression,
//   so that the planner inlines it (in the index and in the report's query alike): a PL/pgSQL
//   call per visit cost 3 to 6 µs, a fifth of a 90-day report of 60,000 visits.
// - The visits never arrived (no-shows and refusals), by the day they were due or recorded.

/** The person's columns: included so that a probe by person key reads the index alone. */
const personColumns = 'person_id, email, first_name, last_name, phone, id';

const indexes: Record<string, string> = {
  visits_building_person_key_idx: `(building_id, visit_person_key(${personColumns}), checked_in_at)
    include (${personColumns}) where checked_in_at is not null`,
  // Everything the report reads of a period's visits, in the order of their check-in: a 90-day
  // report reads 60,000 neighbouring index entries instead of as many heap pages across the table.
  visits_building_report_idx: `(building_id, checked_in_at) include (checked_out_at, visitor_type, checkout_method,
    scheduled_duration, company_name, host, host_person_id, host_user_id, ${personColumns})
    where checked_in_at is not null`,
  // The stays begun before the period and ended in it, by their check-out, the index alone.
  visits_building_stays_idx: '(building_id, checked_out_at) include (checked_in_at) where checked_in_at is not null',
  visits_building_not_arrived_idx: '(building_id, (coalesce(scheduled_at, created_at))) where checked_in_at is null',
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function visit_person_key(person_id uuid, email text, first_name text, last_name text, phone text, id uuid)
    returns text language sql immutable parallel safe as $$
      select case
        when person_id is not null then 'p:' || person_id::text
        when nullif(btrim(email), '') is not null then 'e:' || lower(btrim(email))
        when btrim(lower(coalesce(first_name, '')) || ' ' || lower(coalesce(last_name, ''))) <> ''
          and regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') <> ''
          then 'n:' || btrim(lower(coalesce(first_name, '')) || ' ' || lower(coalesce(last_name, '')))
            || '|' || regexp_replace(phone, '[^0-9]', '', 'g')
        else 'v:' || id::text
      end
    $$`.execute(db);
  for (const [name, definition] of Object.entries(indexes)) {
    await sql`create index ${sql.raw(name)} on visits ${sql.raw(definition)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(indexes)) await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`drop function visit_person_key(uuid, text, text, text, text, uuid)`.execute(db);
}
