// A user's own account: the profile, changing one's password, a forgotten password and e-mail
// verification by one-time links (made by auth/accountLinks.ts). Every change is audited in its
// transaction.
import {
  type ChangePassword,
  type LoginResponse,
  type Profile,
  type ProfileUpdate,
  type ResetPassword,
  type TokenUser,
  type VerifyEmail,
  smsChoiceProblem,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { hashAccountToken, queueResetLink } from '../auth/accountLinks.ts';
import { consumeAccountToken, findTokenUser, retireAccountTokens } from '../auth/accountTokens.repo.ts';
import { newSession } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { type UserWithTenantRow, findUserById } from '../auth/user.repo.ts';
import { visibleBuildings } from '../users/users.service.ts';
import { findUsersByEmail, markVerified, setPasswordHash, updateUserProfile } from './account.repo.ts';

/** What a profile shows and changes of the user's row (also what the audit log keeps of a change). */
const profileColumns = (row: UserWithTenantRow) => ({
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  userLocale: row.user_locale,
  hostNotice: row.host_notice,
  dateFormat: row.date_format,
  timeFormat: row.time_format,
  favouriteBuildingId: row.favourite_building_id,
});

function toProfile(row: UserWithTenantRow, userBuildings: Profile['userBuildings']): Profile {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    ...profileColumns(row),
    verified: row.verified,
    userBuildings,
  };
}

export async function profileOf(ctx: ServerContext, auth: AuthContext): Promise<Profile> {
  const row = await findUserById(ctx.db, auth.userId);
  if (!row) throw notFound();
  return toProfile(row, await visibleBuildings(ctx.db, row, auth.tenantId ?? row.tenant_id));
}

export async function updateProfile(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  body: ProfileUpdate,
): Promise<Profile> {
  const before = await findUserById(ctx.db, auth.userId);
  if (!before) throw notFound();
  // The favourite building is one the user sees; any other is simply not found.
  const visible = await visibleBuildings(ctx.db, before, auth.tenantId ?? before.tenant_id);
  if (body.favouriteBuildingId && !visible.some((building) => building.id === body.favouriteBuildingId)) {
    throw notFound();
  }
  // Told by SMS needs a mobile number (docs/host-notifications.md): the choice and the number as they will be.
  const smsProblem = smsChoiceProblem(
    body.hostNotice ?? before.host_notice,
    body.phone === undefined ? before.phone : body.phone,
  );
  if (smsProblem) throw new AppError(smsProblem, { field: 'phone' });
  const after = await ctx.db.transaction().execute(async (trx) => {
    await updateUserProfile(trx, auth.userId, {
      first_name: body.firstName,
      last_name: body.lastName,
      phone: body.phone,
      user_locale: body.userLocale,
      host_notice: body.hostNotice,
      date_format: body.dateFormat,
      time_format: body.timeFormat,
      favourite_building_id: body.favouriteBuildingId,
    });
    const saved = await findUserById(trx, auth.userId);
    if (!saved) throw notFound();
    await audit(trx, actor, {
      tenantId: before.tenant_id,
      action: 'PROFILE_UPDATED',
      entity: 'user',
      entityId: auth.userId,
      before: profileColumns(before),
      after: profileColumns(saved),
    });
    return saved;
  });
  return toProfile(after, visible);
}

/**
 * Changes the caller's password: the old one must match. Every session of the user ends (a
 * trigger on users), and this one goes on with a new session and token. Not during an
 * impersonation: the administrator would set another person's password.
 */
export async function changePassword(
  ctx: ServerContext,
  auth: AuthContext,
  actor: AuditActor,
  body: ChangePassword,
): Promise<LoginResponse> {
  if (auth.impersonatorId) throw new AppError('FORBIDDEN');
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(body.oldPassword, user.password_hash))) throw new AppError('OLD_PASSWORD_NOT_MATCH');
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await retireAccountTokens(trx, user.id, 'RESET_PASSWORD');
    await audit(trx, actor, {
      tenantId: user.tenant_id,
      action: 'PASSWORD_CHANGED',
      entity: 'user',
      entityId: user.id,
    });
  });
  return newSession(ctx, user.id);
}

/**
 * A forgotten password: every unblocked account with this address gets a reset link. The answer
 * is the same whether or not one exists (the route is rate-limited per address).
 */
export async function forgotPassword(ctx: ServerContext, actor: AuditActor, email: string, origin: string) {
  const users = await findUsersByEmail(ctx.db, email);
  for (const user of users) {
    await ctx.db.transaction().execute(async (trx) => {
      await queueResetLink(ctx, trx, user, origin);
      await audit(trx, actor, {
        tenantId: user.tenant_id,
        action: 'PASSWORD_RESET_REQUESTED',
        entity: 'user',
        entityId: user.id,
      });
    });
  }
}

/** An administrator starts a reset for a user of the tenant: the user gets a link by e-mail. */
export async function startPasswordReset(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  userId: string,
  origin: string,
) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.tenant_id !== tenantId) throw notFound();
  if (!user.email) throw new AppError('EMAIL_IS_NOT_VALID');
  await ctx.db.transaction().execute(async (trx) => {
    await queueResetLink(ctx, trx, user, origin);
    await audit(trx, actor, { tenantId, action: 'PASSWORD_RESET_STARTED', entity: 'user', entityId: user.id });
  });
}

export async function resetTokenUser(ctx: ServerContext, token: string): Promise<TokenUser> {
  const user = await findTokenUser(ctx.db, hashAccountToken(token), 'RESET_PASSWORD');
  if (!user) throw new AppError('NOT_FOUND_OR_ALREADY_USED');
  return { username: user.username, email: user.email, passwordRequired: true };
}

/** Sets a new password with a reset link, once; every session of the user ends. */
export async function resetPassword(ctx: ServerContext, actor: AuditActor, body: ResetPassword): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, hashAccountToken(body.token), 'RESET_PASSWORD');
    if (!userId) throw new AppError('NOT_FOUND_OR_ALREADY_USED');
    // Following the link proves the address too.
    await setPasswordHash(trx, userId, passwordHash, true);
    const user = await findUserById(trx, userId);
    await audit(trx, actor, {
      tenantId: user?.tenant_id ?? null,
      action: 'PASSWORD_RESET',
      entity: 'user',
      entityId: userId,
    });
  });
}

export async function verificationTokenUser(ctx: ServerContext, token: string): Promise<TokenUser> {
  const user = await findTokenUser(ctx.db, hashAccountToken(token), 'VERIFY_EMAIL');
  if (!user) throw new AppError('NOT_FOUND_OR_ALREADY_VERIFIED');
  return { username: user.username, email: user.email, passwordRequired: user.verification_needed };
}

/**
 * Verifies an address with its link, once. An account made without a password (a new company's
 * corporate user) chooses one here: `verification_needed` says so.
 */
export async function verifyEmail(ctx: ServerContext, actor: AuditActor, body: VerifyEmail): Promise<void> {
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  await ctx.db.transaction().execute(async (trx) => {
    const tokenUser = await findTokenUser(trx, hashAccountToken(body.token), 'VERIFY_EMAIL');
    if (!tokenUser) throw new AppError('NOT_FOUND_OR_ALREADY_VERIFIED');
    if (tokenUser.verification_needed && !passwordHash) throw new AppError('MISSING', { field: 'password' });
    const userId = await consumeAccountToken(trx, hashAccountToken(body.token), 'VERIFY_EMAIL');
    if (!userId) throw new AppError('NOT_FOUND_OR_ALREADY_VERIFIED');
    if (passwordHash) await setPasswordHash(trx, userId, passwordHash, true);
    else await markVerified(trx, userId);
    await audit(trx, actor, {
      tenantId: tokenUser.tenant_id,
      action: 'EMAIL_VERIFIED',
      entity: 'user',
      entityId: userId,
    });
  });
}
