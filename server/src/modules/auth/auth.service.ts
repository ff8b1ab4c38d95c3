import { createHash, randomBytes } from 'node:crypto';
import {
  IMPERSONATION_TOKEN_LIFETIME_MINUTES,
  LOGIN_BLOCK_MINUTES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  type LoginResponse,
  SSO_TOKEN_LIFETIME_MINUTES,
  TOKEN_LIFETIME_MINUTES,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toUser } from './user.dto.ts';
import { type UserWithTenantRow, findUserById, findUserByUsername } from './user.repo.ts';
import {
  activeBlockUntil,
  clearLoginFailures,
  consumeSsoToken,
  extendSession,
  findUserForLogin,
  insertSession,
  insertSsoToken,
  isKnownAddress,
  recordLoginFailure,
  rememberAddress,
  requiredSsoProvider,
  revokeSession,
} from './auth.repo.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { audit } from '../audit/audit.service.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password.ts';

/** Failures from one address: the 5th within 15 minutes blocks that username from that address. */
const PER_ADDRESS = {
  maxFailures: LOGIN_MAX_FAILURES,
  windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
  blockMinutes: LOGIN_BLOCK_MINUTES,
};
/**
 * Failures from anywhere: a slower limit that blocks the username for an hour, but only for
 * addresses where that user never signed in (the right password from a known device still works).
 */
const PER_USERNAME = { maxFailures: 50, windowMinutes: 60, blockMinutes: 60 };

/**
 * The key the sign-in counters keep for a username (and address): its SHA-256, never the text,
 * since a password typed into the username field arrives here too.
 */
function counterKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The administrator behind an impersonation, as its answers name them. */
interface Impersonator {
  id: string;
  username: string;
}

function sessionAnswer(
  ctx: ServerContext,
  row: UserWithTenantRow,
  sessionId: string,
  expiresAt: Date,
  impersonator?: Impersonator,
): LoginResponse {
  const claims = impersonator
    ? { sub: row.id, usr: row.username, sid: sessionId, imp: impersonator.id }
    : { sub: row.id, usr: row.username, sid: sessionId };
  const { token, expiresAt: tokenExpiration } = ctx.signToken(claims, expiresAt);
  return {
    user: toUser(row),
    token,
    tokenExpiration,
    idleMinutes: ctx.config.sessionIdleMinutes,
    ...(impersonator ? { impersonatedBy: impersonator.username } : {}),
  };
}

/** A new session (sign-in, one-time link, impersonation) and its first token. */
async function issueSession(
  ctx: ServerContext,
  userId: string,
  minutes: number,
  impersonator?: Impersonator,
): Promise<LoginResponse> {
  const row = await findUserById(ctx.db, userId);
  if (!row || row.blocked) throw new AppError('BAD_TOKEN');
  const sessionId = uuidv7();
  const expiresAt = await insertSession(ctx.db, {
    id: sessionId,
    userId,
    impersonatorId: impersonator?.id ?? null,
    minutes,
  });
  return sessionAnswer(ctx, row, sessionId, expiresAt, impersonator);
}

/** A new signed-in session for a user (after they changed their own password, say). */
export function newSession(ctx: ServerContext, userId: string): Promise<LoginResponse> {
  return issueSession(ctx, userId, TOKEN_LIFETIME_MINUTES);
}

/**
 * Sign-in: the same answer (403 WRONG_PASSWORD) for an unknown user and a wrong password, in
 * the same time. Failures are counted per username and address (the 5th within 15 minutes
 * blocks that pair for 15 minutes, BLOCKED_USER), so nobody can lock a user out from
 * elsewhere; a slower per-username limit stops a spread-out attack except from addresses
 * where the user signed in before. Counted in the database so every instance agrees.
 */
export async function logIn(
  ctx: ServerContext,
  username: string,
  password: string,
  address: string,
): Promise<LoginResponse> {
  const usernameKey = counterKey(username.trim().toLowerCase());
  const pairKey = counterKey(`${username.trim().toLowerCase()}|${address}`);
  const blockedMinutes = { minutes: LOGIN_BLOCK_MINUTES };
  if (await activeBlockUntil(ctx.db, pairKey)) throw new AppError('BLOCKED_USER', blockedMinutes);
  if ((await activeBlockUntil(ctx.db, usernameKey)) && !(await isKnownAddress(ctx.db, usernameKey, address))) {
    throw new AppError('BLOCKED_USER', { minutes: PER_USERNAME.blockMinutes });
  }
  const user = await findUserForLogin(ctx.db, username.trim());
  const passwordMatches = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  // Sign-in events go to the audit log with the account's username. What was typed is kept only
  // when it names an account: an unknown one may be a password typed in the wrong field.
  const event = (action: string) =>
    audit(
      ctx.db,
      { userId: user?.id ?? null, username: user?.username ?? null, actingAsId: null, clientIp: address },
      {
        tenantId: user?.tenant_id ?? null,
        action,
        entity: 'session',
        entityId: user?.id ?? null,
        ...(user ? {} : { after: { unknownUsername: true } }),
      },
    );
  if (!user || !passwordMatches) {
    const pairBlocked = await recordLoginFailure(ctx.db, pairKey, PER_ADDRESS);
    await recordLoginFailure(ctx.db, usernameKey, PER_USERNAME);
    await event(pairBlocked ? 'LOGIN_BLOCKED' : 'LOGIN_FAILED');
    throw pairBlocked ? new AppError('BLOCKED_USER', blockedMinutes) : new AppError('WRONG_PASSWORD');
  }
  if (user.blocked) {
    await event('LOGIN_REFUSED_BLOCKED');
    throw new AppError('BLOCKED_USER', blockedMinutes);
  }
  if (user.tenant_inactive) {
    await event('LOGIN_REFUSED_TENANT_INACTIVE');
    throw new AppError('TENANT_INACTIVE');
  }
  // Told only to whoever knows the password: the company signs this user in through its provider.
  const provider = await requiredSsoProvider(ctx.db, user.id);
  if (provider !== null) {
    await event('LOGIN_REFUSED_SSO_REQUIRED');
    throw new AppError('SSO_REQUIRED', { provider });
  }
  await clearLoginFailures(ctx.db, pairKey);
  await rememberAddress(ctx.db, usernameKey, address);
  await event('LOGIN');
  return issueSession(ctx, user.id, TOKEN_LIFETIME_MINUTES);
}

/**
 * A fresh token for the same session. A normal session's end moves on; an impersonation's
 * never does (its token never outlives its 60 minutes).
 */
export async function renewToken(ctx: ServerContext, auth: AuthContext): Promise<LoginResponse> {
  const row = await findUserById(ctx.db, auth.userId);
  if (!row || row.blocked) throw new AppError('BAD_TOKEN');
  const expiresAt = await extendSession(ctx.db, auth.sessionId, TOKEN_LIFETIME_MINUTES);
  const impersonator = auth.impersonatorId ? await findUserById(ctx.db, auth.impersonatorId) : undefined;
  return sessionAnswer(ctx, row, auth.sessionId, expiresAt, impersonator);
}

/** Sign-out: the session ends, so its token stops working everywhere at once. */
export async function logOut(ctx: ServerContext, auth: AuthContext): Promise<void> {
  await revokeSession(ctx.db, auth.sessionId);
}

/** The administrator at the keyboard: their own session, never one they borrowed. */
export interface AdministratorCaller {
  id: string;
  username: string;
  clientIp: string;
  /** Set when the caller's session is itself an impersonation. */
  impersonatorId: string | undefined;
}

/**
 * An impersonated session may neither sign in as someone else nor make sign-in links: the
 * administrator goes back to their own session first (docs/roles.md). Chained, the new session
 * would name the borrowed account as its impersonator.
 */
function ownSessionOnly(admin: AdministratorCaller): void {
  if (admin.impersonatorId) throw new AppError('IMPERSONATION_NOT_ALLOWED');
}

/** Signing in as another user: a 60-minute session that names its administrator, audited. */
async function startImpersonation(
  ctx: ServerContext,
  admin: Impersonator & { clientIp: string },
  target: { id: string; tenant_id: string | null },
  via: 'signInAs' | 'signInLink',
): Promise<LoginResponse> {
  const answer = await issueSession(ctx, target.id, IMPERSONATION_TOKEN_LIFETIME_MINUTES, admin);
  await audit(
    ctx.db,
    { userId: admin.id, username: admin.username, actingAsId: target.id, clientIp: admin.clientIp },
    {
      tenantId: target.tenant_id,
      action: 'IMPERSONATION_STARTED',
      entity: 'session',
      entityId: target.id,
      after: { via },
    },
  );
  return answer;
}

export async function impersonate(
  ctx: ServerContext,
  admin: AdministratorCaller,
  username: string,
): Promise<LoginResponse> {
  ownSessionOnly(admin);
  const target = await findUserByUsername(ctx.db, username);
  if (!target) throw new AppError('USER_DOES_NOT_EXIST');
  return startImpersonation(ctx, admin, target, 'signInAs');
}

function hashSsoToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A one-time sign-in link token for a user (kept hashed; usable once, for a few minutes), made by
 * an administrator in their own session; the link remembers who made it, and its making is audited.
 */
export async function createSsoToken(
  ctx: ServerContext,
  admin: AdministratorCaller,
  username: string,
): Promise<{ token: string; expiresAt: string }> {
  ownSessionOnly(admin);
  const target = await findUserByUsername(ctx.db, username);
  if (!target) throw new AppError('USER_DOES_NOT_EXIST');
  const token = randomBytes(32).toString('base64url');
  const hash = hashSsoToken(token);
  const expiresAt = await insertSsoToken(
    ctx.db,
    { hash, userId: target.id, createdBy: admin.id },
    SSO_TOKEN_LIFETIME_MINUTES,
  );
  await audit(
    ctx.db,
    { userId: admin.id, username: admin.username, actingAsId: null, clientIp: admin.clientIp },
    { tenantId: target.tenant_id, action: 'SIGN_IN_LINK_CREATED', entity: 'user', entityId: target.id },
  );
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * A one-time sign-in link for a user who proved who they are elsewhere (their company's identity
 * provider, docs/sso.md): made for themselves, so it opens a session of their own.
 */
export async function signInLinkForSelf(ctx: ServerContext, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSsoToken(ctx.db, { hash: hashSsoToken(token), userId, createdBy: userId }, SSO_TOKEN_LIFETIME_MINUTES);
  return token;
}

/**
 * Signing in with a one-time link. A link an administrator made for someone else opens an
 * impersonation by that administrator (60 minutes, never renewed past them, audited as one), and
 * only while they are still an unblocked administrator; a link made for oneself is a sign-in; a
 * link whose maker is not known opens nothing.
 */
export async function logInWithSsoToken(ctx: ServerContext, token: string, clientIp: string): Promise<LoginResponse> {
  const link = await consumeSsoToken(ctx.db, hashSsoToken(token));
  if (!link) throw new AppError('NOT_FOUND');
  // A link that names no maker (made before makers were kept) could not name its impersonator:
  // it does not open (links last minutes, so only those outstanding at the upgrade are concerned).
  if (link.created_by === null) throw new AppError('NOT_FOUND');
  if (link.created_by === link.user_id) return issueSession(ctx, link.user_id, TOKEN_LIFETIME_MINUTES);
  const [admin, target] = await Promise.all([
    findUserById(ctx.db, link.created_by),
    findUserById(ctx.db, link.user_id),
  ]);
  if (!admin || admin.blocked || admin.role !== 'ROLE_ADMIN' || !target) throw new AppError('NOT_FOUND');
  return startImpersonation(ctx, { id: admin.id, username: admin.username, clientIp }, target, 'signInLink');
}
