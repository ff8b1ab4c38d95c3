import { type Kysely, sql } from 'kysely';

// The directory's search at 100,000 people (target p95 under 50 ms). A search is a
// prefix of a word the front desk knows: a last or first name, "first last", an e-mail, a phone
// number, an external id or a contractor's company. Each is compared lower-cased with LIKE
// 'term%', which a btree index in text_pattern_ops answers whatever the database's collation;
// the seven probes of one search are OR-ed, so the planner combines their index scans instead of
// reading every person of the company (the substring search it replaces read them all: p95 of
// about a second on the embedded database).
const searchIndexes: Record<string, string> = {
  people_search_last_name_idx: 'lower(last_name)',
  people_search_first_name_idx: 'lower(first_name)',
  people_search_full_name_idx: `lower(first_name || ' ' || last_name)`,
  people_search_email_idx: 'lower(email)',
  people_search_phone_idx: 'phone',
  people_search_external_id_idx: 'lower(external_id)',
  people_search_company_idx: 'lower(company_name)',
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, expression] of Object.entries(searchIndexes)) {
    await sql`create index ${sql.raw(name)} on people (tenant_id, (${sql.raw(expression)}) text_pattern_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(searchIndexes)) await sql`drop index ${sql.raw(name)}`.execute(db);
}
