import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function findSessionUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'tenant_id', 'selected_tenant_id', 'blocked'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'blocked'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function activeBlockUntil(db: Db, usernameKey: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_blocks')
    .select('blocked_until')
    .where('username_key', '=', usernameKey)
    .where('blocked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.blocked_until;
}

/**
 * Records a failed sign-in and, when it is the `maxFailures`-th within the window,
 * blocks the username; answers whether it is now blocked. One transaction, so two
 * instances counting at once agree.
 */
export function recordLoginFailure(
  db: Db,
  usernameKey: string,
  limits: { maxFailures: number; windowMinutes: number; blockMinutes: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('login_failures').values({ username_key: usernameKey }).execute();
    // Serialise the count per username so concurrent failures cannot both miss the limit.
    await sql`select pg_advisory_xact_lock(hashtext(${usernameKey}))`.execute(trx);
    const { count } = await trx
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('username_key', '=', usernameKey)
      .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${limits.windowMinutes})`)
      .executeTakeFirstOrThrow();
    if (Number(count) < limits.maxFailures) return false;
    await trx
      .insertInto('login_blocks')
      .values({
        username_key: usernameKey,
        blocked_until: sql<Date>`now() + make_interval(mins => ${limits.blockMinutes})`,
      })
      .onConflict((oc) =>
        oc.column('username_key').doUpdateSet({
          blocked_until: sql<Date>`now() + make_interval(mins => ${limits.blockMinutes})`,
        }),
      )
      .execute();
    await trx.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
    return true;
  });
}

export async function clearLoginFailures(db: Db, usernameKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
  await db.deleteFrom('login_blocks').where('username_key', '=', usernameKey).execute();
}

export async function insertSsoToken(db: Db, tokenHash: string, userId: string, minutes: number): Promise<Date> {
  const row = await db
    .insertInto('sso_tokens')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** Marks a one-time token used and answers its user; undefined when unknown, used or expired. */
export async function consumeSsoToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('sso_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
