import { type Kysely, sql } from 'kysely';

// Deleting a building no longer erases its visit history: the visits' link to their
// building refuses the delete instead of cascading (the service answers 409 BUILDING_HAS_VISITS
// before it gets that far).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table visits drop constraint visits_building_id_fkey`.execute(db);
  await sql`alter table visits add constraint visits_building_id_fkey
    foreign key (building_id) references buildings(id) on delete restrict`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table visits drop constraint visits_building_id_fkey`.execute(db);
  await sql`alter table visits add constraint visits_building_id_fkey
    foreign key (building_id) references buildings(id) on delete cascade`.execute(db);
}
