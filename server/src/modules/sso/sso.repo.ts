import { sql } from 'kysely';
import type { SsoRole } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

// A company's OpenID Connect provider and the sign-ins under way at it (docs/sso.md).

export interface ProviderValues {
  enabled: boolean;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  allowed_domains: string[];
  role_claim: string | null;
  create_users: boolean;
  default_role: SsoRole;
  require_sso: boolean;
}

function providers(db: Db) {
  return db
    .selectFrom('sso_providers')
    .innerJoin('tenants', 'tenants.id', 'sso_providers.tenant_id')
    .selectAll('sso_providers')
    .select(['tenants.name as tenant_name', 'tenants.active as tenant_active']);
}
export type ProviderRow = NonNullable<Awaited<ReturnType<typeof findProvider>>>;

export function findProvider(db: Db, tenantId: string) {
  return providers(db).where('sso_providers.tenant_id', '=', tenantId).executeTakeFirst();
}

/** The enabled provider an e-mail domain leads to. */
export function findProviderByDomain(db: Db, domain: string) {
  return providers(db)
    .where('sso_providers.enabled', '=', true)
    .where(sql<boolean>`${domain} = any(sso_providers.allowed_domains)`)
    .executeTakeFirst();
}

/** The enabled provider of the company with that name (any case), when only one company has it. */
export async function findProviderByCompanyName(db: Db, name: string) {
  const rows = await providers(db)
    .where('sso_providers.enabled', '=', true)
    .where(sql<string>`lower(tenants.name)`, '=', name.toLowerCase())
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** The domains of `domains` another company's provider already lists. */
export async function domainsTakenElsewhere(db: Db, tenantId: string, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('sso_providers')
    .select(sql<string>`unnest(allowed_domains)`.as('domain'))
    .where('tenant_id', '<>', tenantId)
    .execute();
  const taken = new Set(rows.map((row) => row.domain));
  return domains.filter((domain) => taken.has(domain));
}

export async function upsertProvider(db: Db, tenantId: string, values: ProviderValues, by: string | null) {
  await db
    .insertInto('sso_providers')
    .values({ tenant_id: tenantId, ...values, updated_by: by })
    .onConflict((conflict) =>
      conflict.column('tenant_id').doUpdateSet({ ...values, updated_by: by, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function deleteProvider(db: Db, tenantId: string): Promise<boolean> {
  const result = await db.deleteFrom('sso_providers').where('tenant_id', '=', tenantId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertLogin(
  db: Db,
  login: { stateHash: string; tenantId: string; nonce: string; codeVerifier: string },
  minutes: number,
): Promise<void> {
  await db
    .insertInto('sso_logins')
    .values({
      state_hash: login.stateHash,
      tenant_id: login.tenantId,
      nonce: login.nonce,
      code_verifier: login.codeVerifier,
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .execute();
}

/** Marks a sign-in's state used and answers it; undefined when unknown, used or expired. */
export function consumeLogin(db: Db, stateHash: string) {
  return db
    .updateTable('sso_logins')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['tenant_id', 'nonce', 'code_verifier'])
    .executeTakeFirst();
}

/** Sign-ins started more than a day ago, used or not: nothing reads them any more. */
export async function pruneLogins(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('sso_logins')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The company's user with that e-mail (any case), and whether another company has one. */
export async function usersWithEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'role', 'blocked'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
}

/** Whether a username is taken (any case). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function setUserRole(db: Db, userId: string, role: SsoRole): Promise<void> {
  await db
    .updateTable('users')
    .set({ role, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}
