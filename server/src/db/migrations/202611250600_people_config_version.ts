import { type Kysely, sql } from 'kysely';

// People at the door: an enrolled kiosk caches its building's people (their passes) with
// the rest of its configuration, so a change to a person of the building, and to a camera (the
// kiosk's wizard lists them), raises the building's configuration version like every other change
// a kiosk or a check-in reads (migration 202611240100). The kiosk configuration is then kept in
// memory by that version, and a kiosk polling an unchanged building costs one read.
//
// People are written a thousand at a time by the CSV import: one statement-level trigger per
// operation raises each building the statement touched once, from its transition tables, instead
// of one building update per row.

const peopleTriggers = {
  insert: { referencing: 'new table as changed', rows: 'select building_id from changed' },
  update: {
    referencing: 'old table as before_rows new table as changed',
    rows: 'select building_id from changed union select building_id from before_rows',
  },
  delete: { referencing: 'old table as changed', rows: 'select building_id from changed' },
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [operation, { referencing, rows }] of Object.entries(peopleTriggers)) {
    const name = sql.raw(`people_${operation}_config_version`);
    const body = `begin
        update buildings set config_version = config_version + 1 where id in (${rows});
        return null;
      end`;
    await sql`create function ${name}() returns trigger language plpgsql as ${sql.lit(body)}`.execute(db);
    await sql`create trigger ${name} after ${sql.raw(operation)} on people
      referencing ${sql.raw(referencing)} for each statement execute function ${name}()`.execute(db);
  }
  await sql`create function cameras_config_version() returns trigger language plpgsql as ${sql.lit(`begin
        update buildings set config_version = config_version + 1
          where id in (
            case when tg_op <> 'DELETE' then new.building_id end,
            case when tg_op <> 'INSERT' then old.building_id end
          );
        return null;
      end`)}`.execute(db);
  await sql`create trigger cameras_config_version after insert or update or delete on cameras
    for each row execute function cameras_config_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger cameras_config_version on cameras`.execute(db);
  await sql`drop function cameras_config_version()`.execute(db);
  for (const operation of Object.keys(peopleTriggers)) {
    const name = sql.raw(`people_${operation}_config_version`);
    await sql`drop trigger ${name} on people`.execute(db);
    await sql`drop function ${name}()`.execute(db);
  }
}
