import { type Kysely, sql } from 'kysely';

// Checking in to a booking, and releasing one nobody checked into (docs/space-booking.md,
// "Check-in and release"): when its host checked in, and when it was released (a released
// occurrence is also cancelled, so it holds its slot no more). The release job reads the approved
// occurrences not checked into by their start.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table space_bookings add column checked_in_at timestamptz, add column released_at timestamptz`.execute(
    db,
  );
  await sql`create index space_bookings_release_due on space_bookings (starts_at)
      where status = 'APPROVED' and checked_in_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index space_bookings_release_due`.execute(db);
  await sql`alter table space_bookings drop column released_at, drop column checked_in_at`.execute(db);
}
