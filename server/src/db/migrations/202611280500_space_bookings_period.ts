import { type Kysely, sql } from 'kysely';

// The booking list over a period (docs/space-booking.md, "Speed"): the occurrences of a floor, or
// of a company, that overlap a period are found by a gist index on the occurrence's time range,
// whatever their status. A btree on the start can only bound the start, so a week read the
// floor's whole history before it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index space_bookings_floor_period on space_bookings
      using gist (floor_id, tstzrange(starts_at, ends_at))`.execute(db);
  await sql`create index space_bookings_tenant_period on space_bookings
      using gist (tenant_id, tstzrange(starts_at, ends_at))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index space_bookings_tenant_period`.execute(db);
  await sql`drop index space_bookings_floor_period`.execute(db);
}
