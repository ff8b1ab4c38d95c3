import { createHash, randomBytes } from 'node:crypto';
import {
  IMPERSONATION_TOKEN_LIFETIME_MINUTES,
  LOGIN_BLOCK_MINUTES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  type LoginResponse,
  SSO_TOKEN_LIFETIME_MINUTES,
  TOKEN_LIFETIME_MINUTES,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findUserById, findUserByUsername } from '../users/users.repo.ts';
import { toUser } from '../users/users.dto.ts';
import {
  activeBlockUntil,
  clearLoginFailures,
  consumeSsoToken,
  findUserForLogin,
  insertSsoToken,
  recordLoginFailure,
} from './auth.repo.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password.ts';

async function issueSession(
  ctx: ServerContext,
  userId: string,
  minutes: number,
  impersonatorId?: string,
): Promise<LoginResponse> {
  const row = await findUserById(ctx.db, userId);
  if (!row || row.blocked) throw new AppError('BAD_TOKEN');
  const claims = impersonatorId
    ? { sub: row.id, usr: row.username, imp: impersonatorId }
    : { sub: row.id, usr: row.username };
  const { token, expiresAt } = ctx.signToken(claims, minutes);
  return { user: toUser(row), token, tokenExpiration: expiresAt };
}

/**
 * Sign-in: the same answer (403 WRONG_PASSWORD) for an unknown user and a wrong
 * password, in the same time; the fifth failure within 15 minutes blocks the username
 * for 15 minutes (BLOCKED_USER), counted in the database so every instance agrees.
 */
export async function logIn(ctx: ServerContext, username: string, password: string): Promise<LoginResponse> {
  const usernameKey = username.trim().toLowerCase();
  const blockedMinutes = { minutes: LOGIN_BLOCK_MINUTES };
  if (await activeBlockUntil(ctx.db, usernameKey)) throw new AppError('BLOCKED_USER', blockedMinutes);
  const user = await findUserForLogin(ctx.db, usernameKey);
  const passwordMatches = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !passwordMatches) {
    const nowBlocked = await recordLoginFailure(ctx.db, usernameKey, {
      maxFailures: LOGIN_MAX_FAILURES,
      windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
      blockMinutes: LOGIN_BLOCK_MINUTES,
    });
    throw nowBlocked ? new AppError('BLOCKED_USER', blockedMinutes) : new AppError('WRONG_PASSWORD');
  }
  if (user.blocked) throw new AppError('BLOCKED_USER', blockedMinutes);
  await clearLoginFailures(ctx.db, usernameKey);
  return issueSession(ctx, user.id, TOKEN_LIFETIME_MINUTES);
}

/** A fresh token for a valid one; an impersonation token stays an impersonation token. */
export function renewToken(
  ctx: ServerContext,
  userId: string,
  impersonatorId: string | undefined,
): Promise<LoginResponse> {
  const minutes = impersonatorId ? IMPERSONATION_TOKEN_LIFETIME_MINUTES : TOKEN_LIFETIME_MINUTES;
  return issueSession(ctx, userId, minutes, impersonatorId);
}

export async function impersonate(ctx: ServerContext, adminId: string, username: string): Promise<LoginResponse> {
  const target = await findUserByUsername(ctx.db, username);
  if (!target) throw new AppError('USER_DOES_NOT_EXIST');
  return issueSession(ctx, target.id, IMPERSONATION_TOKEN_LIFETIME_MINUTES, adminId);
}

function hashSsoToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A one-time sign-in link token for a user (kept hashed; usable once, for a few minutes). */
export async function createSsoToken(
  ctx: ServerContext,
  username: string,
): Promise<{ token: string; expiresAt: string }> {
  const target = await findUserByUsername(ctx.db, username);
  if (!target) throw new AppError('USER_DOES_NOT_EXIST');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await insertSsoToken(ctx.db, hashSsoToken(token), target.id, SSO_TOKEN_LIFETIME_MINUTES);
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function logInWithSsoToken(ctx: ServerContext, token: string): Promise<LoginResponse> {
  const userId = await consumeSsoToken(ctx.db, hashSsoToken(token));
  if (!userId) throw new AppError('NOT_FOUND');
  return issueSession(ctx, userId, TOKEN_LIFETIME_MINUTES);
}
