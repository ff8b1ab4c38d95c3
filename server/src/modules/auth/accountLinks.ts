// An account's one-time links by e-mail (a password reset, an e-mail verification): a random
// token kept hashed, earlier unused links of the same purpose retired, and the e-mail written in
// the caller's transaction. Made when a user is created (users, tenants) or asks for a reset
// (account); the account module answers the pages the links open.
import { createHash, randomBytes } from 'node:crypto';
import { RESET_PASSWORD_TOKEN_MINUTES, VERIFICATION_TOKEN_HOURS, uuidv7 } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { enqueueMail } from '../mail/mail.repo.ts';
import { resetPasswordMail, verifyEmailMail } from './accountLinkMail.ts';
import { type AccountTokenPurpose, insertAccountToken, retireAccountTokens } from './accountTokens.repo.ts';

/** How a link's token is kept: its SHA-256, so the table never holds a usable link. */
export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new one-time link's token for a user; earlier unused links of the same purpose stop working. */
async function newAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose, minutes: number) {
  const token = randomBytes(32).toString('base64url');
  await retireAccountTokens(db, userId, purpose);
  await insertAccountToken(db, { tokenHash: hashAccountToken(token), userId, purpose, minutes });
  return token;
}

/** The address links in e-mails point to: PUBLIC_URL, else the address the request came to. */
function linkBase(ctx: ServerContext, origin: string): string {
  return (ctx.config.publicUrl ?? origin).replace(/\/$/, '');
}

interface MailTarget {
  id: string;
  username: string;
  email: string | null;
  user_locale: 'en' | 'fr' | 'es';
  tenant_id: string | null;
}

/** The one-time links an account gets by e-mail: the page each opens, its purpose and lifetime. */
const links = {
  reset: { page: 'reset', purpose: 'RESET_PASSWORD', minutes: RESET_PASSWORD_TOKEN_MINUTES, mail: resetPasswordMail },
  verify: { page: 'verify', purpose: 'VERIFY_EMAIL', minutes: VERIFICATION_TOKEN_HOURS * 60, mail: verifyEmailMail },
} as const;

/** Writes a one-time link for `user` and its e-mail, in the transaction `db` (nothing without an address). */
async function queueLinkMail(ctx: ServerContext, db: Db, user: MailTarget, origin: string, kind: keyof typeof links) {
  if (!user.email) return;
  const link = links[kind];
  const token = await newAccountToken(db, user.id, link.purpose, link.minutes);
  const mail = link.mail({
    tenantId: user.tenant_id,
    to: user.email,
    locale: user.user_locale,
    username: user.username,
    link: `${linkBase(ctx, origin)}/${link.page}/${token}`,
  });
  await enqueueMail(db, uuidv7(), { ...mail, about: { entity: 'user', id: user.id } });
}

/**
 * Writes an e-mail verification link for `user` and its e-mail, in the transaction `db` (a new
 * user, a new company's corporate user).
 */
export function queueVerificationLink(ctx: ServerContext, db: Db, user: MailTarget, origin: string) {
  return queueLinkMail(ctx, db, user, origin, 'verify');
}

/** Writes a password reset link for `user` and its e-mail, in the transaction `db`. */
export function queueResetLink(ctx: ServerContext, db: Db, user: MailTarget, origin: string) {
  return queueLinkMail(ctx, db, user, origin, 'reset');
}
