import { createHash } from 'node:crypto';
import {
  type ErrorCode,
  SSO_ERROR_PARAM,
  SSO_LOGIN_MINUTES,
  type SsoDiscovered,
  type SsoProvider,
  type SsoProviderInput,
  type SsoRole,
  type SsoSettings,
  emailDomain,
  roleFromClaim,
  ssoProviderInputSchema,
  ssoRoles,
  uuidv7,
  webhookUrlAllowed,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { openSecret, sealSecret } from '../../security/secretBox.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { signInLinkForSelf } from '../auth/auth.service.ts';
import { findUserById } from '../auth/user.repo.ts';
import { publicBase } from '../notifications/links.ts';
import { insertUser } from '../users/users.repo.ts';
import { auditedUser, newUserRow } from '../users/users.service.ts';
import { authorisationRequest, discover, exchangeCode } from './oidcClient.ts';
import {
  type ProviderRow,
  consumeLogin,
  deleteProvider,
  domainsTakenElsewhere,
  findProvider,
  findProviderByCompanyName,
  findProviderByDomain,
  insertLogin,
  setUserRole,
  upsertProvider,
  usernameTaken,
  usersWithEmail,
} from './sso.repo.ts';

// Single sign-on with a company's OpenID Connect provider (docs/sso.md). Administrators and
// corporate users set the provider up (its client secret sealed, never answered nor audited);
// a person signs in there and comes back through the callback, which checks the state (once,
// within ten minutes), exchanges the code with its PKCE verifier, lets the library check the ID
// token, then finds or creates the company's user by e-mail and opens a session as a one-time
// sign-in link does. Every sign-in, refusal and creation is audited.

const CALLBACK_PATH = '/service/sso/oidc/callback';

function redirectUri(ctx: ServerContext): string {
  return `${publicBase(ctx.config)}${CALLBACK_PATH}`;
}

function toProvider(row: ProviderRow): SsoProvider {
  return {
    enabled: row.enabled,
    displayName: row.display_name,
    issuer: row.issuer,
    clientId: row.client_id,
    allowedDomains: row.allowed_domains,
    roleClaim: row.role_claim,
    createUsers: row.create_users,
    defaultRole: row.default_role,
    requireSso: row.require_sso,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function ssoSettings(ctx: ServerContext, tenantId: string): Promise<SsoSettings> {
  const row = await findProvider(ctx.db, tenantId);
  return { provider: row ? toProvider(row) : null, redirectUri: redirectUri(ctx) };
}

/** What the audit log keeps of a provider: never its secret. */
function audited(row: ProviderRow | undefined) {
  return row ? { ...toProvider(row), updatedAt: undefined } : null;
}

export async function setSsoProvider(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  input: SsoProviderInput,
): Promise<SsoSettings> {
  const parsed = ssoProviderInputSchema.parse(input);
  if (!webhookUrlAllowed(parsed.issuer, ctx.config.webhookAllowLoopback))
    throw new AppError('SSO_ISSUER_NOT_ALLOWED', { field: 'issuer' });
  const before = await findProvider(ctx.db, tenantId);
  const clientSecret = parsed.clientSecret ?? (before ? await openSecret(ctx, before.client_secret_sealed) : undefined);
  if (clientSecret === undefined) throw new AppError('MISSING', { field: 'clientSecret' });
  const taken = await domainsTakenElsewhere(ctx.db, tenantId, parsed.allowedDomains);
  if (taken.length > 0) throw new AppError('SSO_DOMAIN_TAKEN', { field: 'allowedDomains', domains: taken.join(', ') });
  // The provider must answer before it is offered on the sign-in page.
  try {
    await discover(ctx.config, { issuer: parsed.issuer, clientId: parsed.clientId, clientSecret });
  } catch {
    throw new AppError('SSO_ISSUER_UNREACHABLE', { field: 'issuer' });
  }
  const sealed = await sealSecret(ctx, clientSecret);
  await ctx.db.transaction().execute(async (trx) => {
    await upsertProvider(
      trx,
      tenantId,
      {
        enabled: parsed.enabled,
        display_name: parsed.displayName,
        issuer: parsed.issuer,
        client_id: parsed.clientId,
        client_secret_sealed: sealed,
        allowed_domains: parsed.allowedDomains,
        role_claim: parsed.roleClaim,
        create_users: parsed.createUsers,
        default_role: parsed.defaultRole,
        require_sso: parsed.requireSso,
      },
      actor.userId,
    );
    await audit(trx, actor, {
      tenantId,
      action: 'SSO_PROVIDER_SET',
      entity: 'ssoProvider',
      entityId: tenantId,
      before: audited(before),
      after: { ...audited(await findProvider(trx, tenantId)), clientSecretReplaced: parsed.clientSecret !== undefined },
    });
  });
  return ssoSettings(ctx, tenantId);
}

export async function removeSsoProvider(ctx: ServerContext, actor: AuditActor, tenantId: string): Promise<void> {
  const before = await findProvider(ctx.db, tenantId);
  if (!before) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await deleteProvider(trx, tenantId);
    await audit(trx, actor, {
      tenantId,
      action: 'SSO_PROVIDER_REMOVED',
      entity: 'ssoProvider',
      entityId: tenantId,
      before: audited(before),
    });
  });
}

/** The provider a work e-mail (by its domain) or a company's name leads to. */
export async function discoverSso(ctx: ServerContext, login: string): Promise<SsoDiscovered> {
  const text = login.trim();
  const domain = text.includes('@') ? emailDomain(text) : null;
  const row = text.includes('@')
    ? domain === null
      ? undefined
      : await findProviderByDomain(ctx.db, domain)
    : await findProviderByCompanyName(ctx.db, text);
  if (!row || !row.tenant_active) return { provider: null };
  return { provider: { id: row.tenant_id, displayName: row.display_name } };
}

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

async function clientOf(ctx: ServerContext, row: ProviderRow) {
  return discover(ctx.config, {
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: await openSecret(ctx, row.client_secret_sealed),
  });
}

/** The provider's authorisation address for a new sign-in, its checks kept for the callback. */
export async function startSso(ctx: ServerContext, tenantId: string): Promise<string> {
  const row = await findProvider(ctx.db, tenantId);
  if (!row || !row.enabled || !row.tenant_active) throw notFound();
  let request;
  try {
    request = await authorisationRequest(await clientOf(ctx, row), redirectUri(ctx));
  } catch {
    throw new AppError('SSO_ISSUER_UNREACHABLE');
  }
  await insertLogin(
    ctx.db,
    { stateHash: hashState(request.state), tenantId, nonce: request.nonce, codeVerifier: request.codeVerifier },
    SSO_LOGIN_MINUTES,
  );
  return request.url.href;
}

/** A refusal of the callback: its code for the sign-in page, and what the audit log keeps. */
class SsoRefusal extends Error {
  readonly code: ErrorCode;
  readonly reason: string;
  readonly tenantId: string | null;
  readonly userId: string | null;

  constructor(code: ErrorCode, reason: string, tenantId: string | null = null, userId: string | null = null) {
    super(reason);
    this.code = code;
    this.reason = reason;
    this.tenantId = tenantId;
    this.userId = userId;
  }
}

/** A username for a new user: the e-mail when free (usernames are unique), else with a number. */
async function freeUsername(ctx: ServerContext, email: string): Promise<string> {
  const base = email.toLowerCase().slice(0, 60);
  if (!(await usernameTaken(ctx.db, base))) return base;
  for (let number = 2; ; number += 1) {
    const candidate = `${base}-${number}`;
    if (!(await usernameTaken(ctx.db, candidate))) return candidate;
  }
}

const claimText = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/** The company's user for the provider's e-mail: found, or created when the company allows it. */
async function userFor(
  ctx: ServerContext,
  provider: ProviderRow,
  email: string,
  claims: Record<string, unknown>,
  clientIp: string,
): Promise<string> {
  const tenantId = provider.tenant_id;
  const claimed = provider.role_claim === null ? null : roleFromClaim(claims[provider.role_claim]);
  const matches = await usersWithEmail(ctx.db, email);
  const own = matches.find((user) => user.tenant_id === tenantId);
  if (own) {
    if (own.blocked) throw new SsoRefusal('BLOCKED_USER', 'blocked', tenantId, own.id);
    // The provider's role applies at each sign-in, to the roles a provider may give.
    if (claimed !== null && claimed !== own.role && (ssoRoles as readonly string[]).includes(own.role)) {
      await ctx.db.transaction().execute(async (trx) => {
        await setUserRole(trx, own.id, claimed);
        await audit(
          trx,
          { userId: own.id, username: null, actingAsId: null, clientIp },
          {
            tenantId,
            action: 'USER_ROLE_SET_BY_SSO',
            entity: 'user',
            entityId: own.id,
            before: { role: own.role },
            after: { role: claimed },
          },
        );
      });
    }
    return own.id;
  }
  // An address is one user's: another company's user keeps it.
  if (matches.length > 0 || !provider.create_users) throw new SsoRefusal('SSO_NO_ACCOUNT', 'no account', tenantId);
  const role: SsoRole = claimed ?? provider.default_role;
  const locale = claimText(claims.locale, 5)?.slice(0, 2);
  const id = uuidv7();
  const row = await newUserRow(id, tenantId, {
    username: await freeUsername(ctx, email),
    email,
    role,
    firstName: claimText(claims.given_name, 100),
    lastName: claimText(claims.family_name, 100),
    ...(locale === 'fr' || locale === 'es' || locale === 'en' ? { userLocale: locale } : {}),
  });
  await ctx.db.transaction().execute(async (trx) => {
    // The provider vouched for the address: nothing to verify, and no password to choose.
    await insertUser(trx, { ...row, verified: true, verification_needed: false });
    const created = await findUserById(trx, id);
    if (!created) throw notFound();
    await audit(
      trx,
      { userId: id, username: created.username, actingAsId: null, clientIp },
      {
        tenantId,
        action: 'USER_CREATED',
        entity: 'user',
        entityId: id,
        after: { ...auditedUser(created), via: 'sso', issuer: provider.issuer },
      },
    );
  });
  return id;
}

/**
 * The provider's answer. Answers where to send the browser: the admin app's one-time sign-in on
 * success, else the sign-in page with the refusal's code (`?ssoError=`).
 */
export async function finishSso(
  ctx: ServerContext,
  query: Record<string, string | undefined>,
  clientIp: string,
): Promise<string> {
  try {
    const token = await signInFromCallback(ctx, query, clientIp);
    return `/sso/${encodeURIComponent(token)}`;
  } catch (error) {
    const refusal = error instanceof SsoRefusal ? error : null;
    await audit(
      ctx.db,
      { userId: refusal?.userId ?? null, username: null, actingAsId: null, clientIp },
      {
        tenantId: refusal?.tenantId ?? null,
        action: 'LOGIN_SSO_FAILED',
        entity: 'session',
        entityId: refusal?.userId ?? null,
        after: {
          code: refusal?.code ?? 'SSO_FAILED',
          reason: refusal?.reason ?? (error instanceof Error ? error.message.slice(0, 200) : 'unexpected'),
        },
      },
    );
    return `/login?${SSO_ERROR_PARAM}=${refusal?.code ?? 'SSO_FAILED'}`;
  }
}

async function signInFromCallback(
  ctx: ServerContext,
  query: Record<string, string | undefined>,
  clientIp: string,
): Promise<string> {
  const { state } = query;
  if (!state) throw new SsoRefusal('SSO_FAILED', 'no state');
  // Once: a state comes back a second time (a replay, a reload) finds nothing.
  const login = await consumeLogin(ctx.db, hashState(state));
  if (!login) throw new SsoRefusal('SSO_FAILED', 'unknown, used or expired state');
  const tenantId = login.tenant_id;
  const provider = await findProvider(ctx.db, tenantId);
  if (!provider || !provider.enabled) throw new SsoRefusal('SSO_FAILED', 'provider removed', tenantId);
  if (query.error) throw new SsoRefusal('SSO_FAILED', `provider: ${query.error.slice(0, 100)}`, tenantId);
  const callbackUrl = new URL(redirectUri(ctx));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(name, value);
  let claims: Record<string, unknown>;
  try {
    claims = await exchangeCode(await clientOf(ctx, provider), callbackUrl, {
      state,
      nonce: login.nonce,
      codeVerifier: login.code_verifier,
    });
  } catch (error) {
    // The library says which check failed (the claim: aud, exp, nonce…) in the error's causes.
    const messages: string[] = [];
    for (let cause: unknown = error; cause instanceof Error && messages.length < 3; cause = cause.cause)
      messages.push(cause.message);
    const reason = messages.length > 0 ? messages.join(': ').slice(0, 300) : 'token refused';
    throw new SsoRefusal('SSO_FAILED', reason, tenantId);
  }
  const email = claimText(claims.email, 254);
  if (!email || claims.email_verified === false) throw new SsoRefusal('SSO_FAILED', 'no verified e-mail', tenantId);
  const domain = emailDomain(email);
  if (domain === null || !provider.allowed_domains.includes(domain))
    throw new SsoRefusal('SSO_DOMAIN_NOT_ALLOWED', `domain ${domain ?? ''}`, tenantId);
  if (!provider.tenant_active) throw new SsoRefusal('TENANT_INACTIVE', 'company inactive', tenantId);
  const userId = await userFor(ctx, provider, email, claims, clientIp);
  const user = await findUserById(ctx.db, userId);
  await audit(
    ctx.db,
    { userId, username: user?.username ?? null, actingAsId: null, clientIp },
    { tenantId, action: 'LOGIN_SSO', entity: 'session', entityId: userId, after: { issuer: provider.issuer } },
  );
  return signInLinkForSelf(ctx, userId);
}
