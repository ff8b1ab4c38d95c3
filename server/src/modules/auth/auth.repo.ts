import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('users')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.id', 'users.username', 'users.password_hash', 'users.blocked', 'users.tenant_id'])
    .select(sql<boolean>`coalesce(tenants.active, true) = false`.as('tenant_inactive'))
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
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

export async function insertSsoToken(
  db: Db,
  token: { hash: string; userId: string; createdBy: string },
  minutes: number,
): Promise<Date> {
  const row = await db
    .insertInto('sso_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      created_by: token.createdBy,
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/**
 * Marks a one-time token used and answers its user and who made it (null for links made before
 * their maker was kept, which open nothing); undefined when unknown, used or expired.
 */
export function consumeSsoToken(db: Db, tokenHash: string) {
  return db
    .updateTable('sso_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'created_by'])
    .executeTakeFirst();
}

export interface NewSession {
  id: string;
  userId: string;
  impersonatorId: string | null;
  minutes: number;
}

export async function insertSession(db: Db, session: NewSession): Promise<Date> {
  const row = await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      impersonator_id: session.impersonatorId,
      expires_at: sql<Date>`now() + make_interval(mins => ${session.minutes})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/**
 * A session and its user, as the auth hook needs them; undefined when the session is unknown.
 * `idle` says whether it has had no call for `idleMinutes`.
 */
export function findSession(db: Db, sessionId: string, idleMinutes: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      // A user of a deactivated company is refused at once, whatever their session.
      sql<boolean>`coalesce(tenants.active, true) = false`.as('tenant_inactive'),
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.impersonator_id',
      'sessions.selected_tenant_id',
      'sessions.expires_at',
      sql<string | null>`sessions.wrote_lsn::text`.as('wrote_lsn'),
      sql<boolean>`sessions.revoked_at is not null`.as('revoked'),
      sql<boolean>`sessions.expires_at <= now()`.as('expired'),
      sql<boolean>`sessions.last_seen_at <= now() - make_interval(mins => ${idleMinutes})`.as('idle'),
      sql<boolean>`sessions.last_seen_at <= now() - interval '1 minute'`.as('stale'),
      'users.username',
      'users.role',
      'users.tenant_id',
      'users.blocked',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Records where the primary's log stands after a change of the session (read your own writes):
 * its insert position, past the change's commit record even before that is written out (with
 * asynchronous commit the write position can still be short of it).
 */
export async function recordSessionWrite(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ wrote_lsn: sql`pg_current_wal_insert_lsn()` })
    .where('id', '=', sessionId)
    .execute();
}

/** Records activity at most about once a minute per session (not a write per request). */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<=', sql<Date>`now() - interval '1 minute'`)
    .execute();
}

/** A normal session's end moves on at each renewal; an impersonation's never does. */
export async function extendSession(db: Db, sessionId: string, minutes: number): Promise<Date> {
  const row = await db
    .updateTable('sessions')
    .set({
      expires_at: sql<Date>`case when impersonator_id is null then now() + make_interval(mins => ${minutes}) else expires_at end`,
      last_seen_at: sql<Date>`now()`,
    })
    .where('id', '=', sessionId)
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setSessionTenant(db: Db, sessionId: string, tenantId: string): Promise<void> {
  await db.updateTable('sessions').set({ selected_tenant_id: tenantId }).where('id', '=', sessionId).execute();
}

/** Whether a user signed in successfully from this address before (kept 90 days). */
export async function isKnownAddress(db: Db, usernameKey: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_addresses')
    .select('address')
    .where('username_key', '=', usernameKey)
    .where('address', '=', address)
    .where('last_success_at', '>', sql<Date>`now() - interval '90 days'`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberAddress(db: Db, usernameKey: string, address: string): Promise<void> {
  await db
    .insertInto('login_known_addresses')
    .values({ username_key: usernameKey, address })
    .onConflict((oc) => oc.columns(['username_key', 'address']).doUpdateSet({ last_success_at: sql<Date>`now()` }))
    .execute();
}

export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst()) !== undefined;
}

/**
 * An API token by its hash (docs/api-tokens.md), with what decides whether it may act now: its
 * expiry and revocation, its company's state, and its maker's (a blocked or removed maker's
 * tokens stop with them).
 */
export function findApiToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens as token')
    .innerJoin('tenants', 'tenants.id', 'token.tenant_id')
    .leftJoin('users', 'users.id', 'token.created_by')
    .select([
      'token.id',
      'token.name',
      'token.scopes',
      'token.tenant_id',
      'users.id as user_id',
      sql<boolean>`coalesce(users.blocked, true) or tenants.active = false or token.revoked_at is not null
        or token.expires_at <= now()`.as('refused'),
      sql<boolean>`token.last_used_at is null or token.last_used_at <= now() - interval '1 minute'`.as('stale'),
    ])
    .where('token.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records a token's use at most about once a minute (not a write per call). */
export async function touchApiToken(db: Db, id: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * The name of the provider a user must sign in with (docs/sso.md, "Requiring it"): their
 * company's enabled provider requires single sign-on and lists their e-mail's domain; null when
 * a password may do.
 */
export async function requiredSsoProvider(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('sso_providers', 'sso_providers.tenant_id', 'users.tenant_id')
    .select('sso_providers.display_name')
    .where('users.id', '=', userId)
    .where('sso_providers.enabled', '=', true)
    .where('sso_providers.require_sso', '=', true)
    .where(sql<boolean>`lower(split_part(users.email, '@', 2)) = any(sso_providers.allowed_domains)`)
    .executeTakeFirst();
  return row?.display_name ?? null;
}
