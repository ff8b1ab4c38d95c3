import { type Kysely, sql } from 'kysely';

// A booking names its space's floor too, kept by the database from the space (a space never
// changes floor), so that a floor's bookings are one range of an index: the map counts each
// space's bookings to come in one scan of its floor's, instead of one probe per space.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table space_bookings add column floor_id uuid references floors (id) on delete set null`.execute(db);
  await sql`update space_bookings set floor_id = spaces.floor_id from spaces where spaces.id = space_bookings.space_id`.execute(
    db,
  );
  await sql`
    create function vestibule_space_booking_floor() returns trigger language plpgsql as $$
    begin
      new.floor_id := (select floor_id from spaces where id = new.space_id);
      return new;
    end;
    $$`.execute(db);
  await sql`
    create trigger space_bookings_floor before insert or update of space_id on space_bookings
    for each row execute function vestibule_space_booking_floor()`.execute(db);
  await sql`create index space_bookings_floor_active on space_bookings (floor_id, ends_at) include (space_id)
      where status in ('PENDING', 'CONFIRMED')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger space_bookings_floor on space_bookings`.execute(db);
  await sql`drop function vestibule_space_booking_floor()`.execute(db);
  await sql`alter table space_bookings drop column floor_id`.execute(db);
}
