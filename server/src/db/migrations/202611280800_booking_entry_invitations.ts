import { type Kysely, sql } from 'kysely';

// A booking's entry invitations (docs/space-booking.md, "Entry invitations"): the visit an
// external attendee checks in with names the occurrence it admits to; checking in confirms it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table visits add column space_booking_id uuid references space_bookings (id) on delete set null`.execute(
    db,
  );
  await sql`create index visits_space_booking on visits (space_booking_id) where space_booking_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table visits drop column space_booking_id`.execute(db);
}
