import { type Kysely, sql } from 'kysely';

// The host of a visit is found in the building's directory or among the company's users who see
// the building (docs/visits.md, "Who is told"), and is told of each arrival unless they chose not
// to be.
// - `visits.host_user_id`: the host when it is a user; at most one of it and `host_person_id`
//   (`host` keeps the name as shown). A deleted user leaves the visit with the name only.
// - `people.host_notice`, `users.host_notice`: how a host hears of an arrival, EMAIL or NONE.
// - The host search compares first and last names lower-cased with LIKE 'term%': the people's
//   indexes exist (migration 202611251300), the users' are added here.
// - The host notice's partial index holds the visits whose host of either kind is not told yet.
// - A kiosk caches its building's hosts with its configuration: a change to who can host there
//   (a user's name, role, block or company, a building assigned or withdrawn) raises the
//   building's configuration version as a change to its people does (migration 202611250600).

const hostNotice = sql`text not null default 'EMAIL' check (host_notice in ('EMAIL', 'NONE'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table visits add column host_user_id uuid references users (id) on delete set null`.execute(db);
  await sql`alter table visits add constraint visits_one_host_link
    check (host_person_id is null or host_user_id is null)`.execute(db);
  await sql`create index visits_host_user_idx on visits (host_user_id) where host_user_id is not null`.execute(db);

  await sql`alter table people add column host_notice ${hostNotice}`.execute(db);
  await sql`alter table users add column host_notice ${hostNotice}`.execute(db);

  await sql`create index users_search_first_name_idx on users (tenant_id, (lower(first_name)) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index users_search_last_name_idx on users (tenant_id, (lower(last_name)) text_pattern_ops)`.execute(
    db,
  );

  await sql`drop index visits_host_unnotified_idx`.execute(db);
  await sql`create index visits_host_unnotified_idx on visits (checked_in_at)
    where (host_person_id is not null or host_user_id is not null)
      and host_notified_at is null and checked_in_at is not null`.execute(db);

  await sql`create function users_hosts_config_version() returns trigger language plpgsql as ${sql.lit(`begin
        update buildings set config_version = config_version + 1
          where tenant_id in (
            case when tg_op <> 'DELETE' then new.tenant_id end,
            case when tg_op <> 'INSERT' then old.tenant_id end
          );
        return null;
      end`)}`.execute(db);
  await sql`create trigger users_hosts_config_version
    after insert or delete or update of first_name, last_name, role, blocked, tenant_id on users
    for each row execute function users_hosts_config_version()`.execute(db);
  await sql`create function user_buildings_hosts_config_version() returns trigger language plpgsql as ${sql.lit(`begin
        update buildings set config_version = config_version + 1
          where id in (
            case when tg_op <> 'DELETE' then new.building_id end,
            case when tg_op <> 'INSERT' then old.building_id end
          );
        return null;
      end`)}`.execute(db);
  await sql`create trigger user_buildings_hosts_config_version after insert or delete on user_buildings
    for each row execute function user_buildings_hosts_config_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger user_buildings_hosts_config_version on user_buildings`.execute(db);
  await sql`drop function user_buildings_hosts_config_version()`.execute(db);
  await sql`drop trigger users_hosts_config_version on users`.execute(db);
  await sql`drop function users_hosts_config_version()`.execute(db);
  await sql`drop index visits_host_unnotified_idx`.execute(db);
  await sql`create index visits_host_unnotified_idx on visits (checked_in_at)
    where host_person_id is not null and host_notified_at is null and checked_in_at is not null`.execute(db);
  await sql`drop index users_search_last_name_idx`.execute(db);
  await sql`drop index users_search_first_name_idx`.execute(db);
  await sql`alter table users drop column host_notice`.execute(db);
  await sql`alter table people drop column host_notice`.execute(db);
  await sql`drop index visits_host_user_idx`.execute(db);
  await sql`alter table visits drop constraint visits_one_host_link`.execute(db);
  await sql`alter table visits drop column host_user_id`.execute(db);
}
