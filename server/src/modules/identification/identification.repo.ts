import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { peopleOf } from './identifiedPerson.repo.ts';

// PIN identification: the people a credential names, and the failed attempts counted
// per person, per credential and per address in the shared rate_limits counters.

/** How a person is named in a PIN identification: by last name or e-mail (without case), or external id. */
export type PersonCredential = { kind: 'lastName' | 'email' | 'externalId'; value: string };

/**
 * The people of a building with a personal PIN that a credential names, with their PIN hash:
 * namesakes all (at most `limit`), an e-mail or external id usually one.
 */
export function peopleByCredential(
  db: Db,
  building: { id: string; tenant_id: string },
  credential: PersonCredential,
  limit: number,
) {
  const column = {
    lastName: sql<string>`lower(people.last_name)`,
    email: sql<string>`lower(people.email)`,
    externalId: sql<string>`people.external_id`,
  }[credential.kind];
  const value = credential.kind === 'externalId' ? credential.value : credential.value.toLowerCase();
  return peopleOf(db, building)
    .select('people.pin_hash')
    .where('people.pin_hash', 'is not', null)
    .where(column, '=', value)
    .orderBy('people.id')
    .limit(limit)
    .execute();
}

/** Failures of the keys' windows still running: the highest count (0 for none). */
export async function failuresOf(db: Db, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const row = await db
    .selectFrom('rate_limits')
    .select((eb) => eb.fn.max('count').as('count'))
    .where('key', 'in', [...keys])
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * One failure more on each key, in the shared `rate_limits` counters (every instance agrees): a
 * key's window starts at its first failure and lasts `windowMinutes`.
 */
export async function recordFailures(db: Db, keys: readonly string[], windowMinutes: number): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const window = `${windowMinutes} minutes`;
  const rows = unique.map((key) => sql`(${key}, 1, now() + ${window}::interval)`);
  await sql`
    insert into rate_limits (key, count, reset_at) values ${sql.join(rows)}
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`.execute(
    db,
  );
}
