import { type Kysely, sql } from 'kysely';

// The indexes of the open-visit check, and a version number per building that every
// change to what a check-in reads raises: the building's row itself, its questionnaire links,
// and the questionnaires and questions it links. Check-ins keep a building's configuration in memory and write a visit only while
// the version they read is still the building's, in the same statement: an instance whose
// memory is stale sees its write refused and reads again. Triggers raise it, so no writer
// (a route, a job, a script, a test writing SQL) can forget to.

/** A trigger body raising the version of every building that links the questionnaire in `column`. */
function linkingBuildings(column: string): string {
  return `
    update buildings set config_version = config_version + 1
      where id in (
        select building_id from building_questionnaires
        where questionnaire_id in (
          case when tg_op <> 'DELETE' then new.${column} end,
          case when tg_op <> 'INSERT' then old.${column} end
        )
      );
    return null;`;
}

/** Each trigger: its table, the function's body (raises the versions it concerns). */
const triggers = {
  // Any update of a building's row, unless the statement sets the version itself.
  buildings: `
    if new.config_version = old.config_version then
      new.config_version := old.config_version + 1;
    end if;
    return new;`,
  // A link added, changed or removed: its building.
  building_questionnaires: `
    update buildings set config_version = config_version + 1
      where id in (
        case when tg_op <> 'DELETE' then new.building_id end,
        case when tg_op <> 'INSERT' then old.building_id end
      );
    return null;`,
  // A questionnaire renamed or removed, a question added, changed or removed: every building linking it.
  questionnaires: linkingBuildings('id'),
  questions: linkingBuildings('questionnaire_id'),
};

/**
 * "Already checked in" (part of every new visit's insert): an open visit of the same person at
 * the building, by person, e-mail or name, each compared without case. One index per way, so
 * the check reads a few index entries however many people are in.
 */
const openVisitIndexes = {
  visits_open_person_idx: '(building_id, person_id)',
  visits_open_email_idx: '(building_id, lower(email))',
  visits_open_name_idx: '(building_id, lower(last_name), lower(first_name))',
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index visits_open_idx`.execute(db);
  for (const [name, columns] of Object.entries(openVisitIndexes)) {
    await sql`create index ${sql.raw(name)} on visits ${sql.raw(columns)}
      where checked_in_at is not null and checked_out_at is null`.execute(db);
  }
  await sql`alter table buildings add column config_version bigint not null default 1`.execute(db);
  for (const [table, body] of Object.entries(triggers)) {
    const name = sql.raw(`${table}_config_version`);
    await sql`create function ${name}() returns trigger language plpgsql as ${sql.lit(`begin ${body} end`)}`.execute(
      db,
    );
    const when = table === 'buildings' ? sql`before update` : sql`after insert or update or delete`;
    await sql`create trigger ${name} ${when} on ${sql.table(table)}
      for each row execute function ${name}()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(triggers)) {
    const name = sql.raw(`${table}_config_version`);
    await sql`drop trigger ${name} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${name}()`.execute(db);
  }
  await sql`alter table buildings drop column config_version`.execute(db);
  for (const name of Object.keys(openVisitIndexes)) await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`create index visits_open_idx on visits (building_id, email) where checked_out_at is null`.execute(db);
}
