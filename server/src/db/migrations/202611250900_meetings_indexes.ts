import { type Kysely, sql } from 'kysely';

// The entry log at a million visits (20 companies): the first page, each filter and a
// building's counters answered from an index, never by reading a company's whole history.
//
// - The list's default order is the newest first (created_at), for the company
//   (`visits_tenant_created_idx`) or one building (below). With a date range, the list
//   is ordered by that date: each date column has an index per company and per building, so a
//   range reads only its rows, already in order.
// - Status filters: the open visits (in, late) and the visits not arrived (soon, today, expected,
//   expired) are few beside a company's history, so each has a partial index of its own; the
//   counters of a building read the same ones (in the building, leaving within the hour,
//   expected today) and the check-out date (checked out today).
// - Search is by the beginning of a name, an e-mail, a company or a host (lower-cased LIKE
//   'term%', which a btree in text_pattern_ops answers whatever the collation), or a visit code.
const plain: Record<string, string> = {
  visits_building_created_idx: '(building_id, created_at)',
  visits_tenant_checked_in_idx: '(tenant_id, checked_in_at)',
  visits_tenant_checked_out_idx: '(tenant_id, checked_out_at)',
  visits_building_checked_out_idx: '(building_id, checked_out_at)',
  visits_tenant_scheduled_idx: '(tenant_id, scheduled_at)',
  visits_building_scheduled_idx: '(building_id, scheduled_at)',
  visits_search_last_name_idx: '(tenant_id, lower(last_name) text_pattern_ops)',
  visits_search_first_name_idx: '(tenant_id, lower(first_name) text_pattern_ops)',
  visits_search_email_idx: '(tenant_id, lower(email) text_pattern_ops)',
  visits_search_company_idx: '(tenant_id, lower(company_name) text_pattern_ops)',
  visits_search_host_idx: '(tenant_id, lower(host) text_pattern_ops)',
};

const open = 'checked_in_at is not null and checked_out_at is null';
const notArrived = 'checked_in_at is null and checked_out_at is null';
const partial: Record<string, [string, string]> = {
  visits_open_tenant_created_idx: ['(tenant_id, created_at)', open],
  visits_open_building_created_idx: ['(building_id, created_at)', open],
  visits_waiting_tenant_created_idx: ['(tenant_id, created_at)', notArrived],
  visits_waiting_building_scheduled_idx: ['(building_id, scheduled_at)', notArrived],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(plain)) {
    await sql`create index ${sql.raw(name)} on visits ${sql.raw(columns)}`.execute(db);
  }
  for (const [name, [columns, where]] of Object.entries(partial)) {
    await sql`create index ${sql.raw(name)} on visits ${sql.raw(columns)} where ${sql.raw(where)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...Object.keys(plain), ...Object.keys(partial)]) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
  }
}
