// The one-time links' tokens of an account (a password reset, an e-mail verification), kept hashed.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type AccountTokenPurpose = 'RESET_PASSWORD' | 'VERIFY_EMAIL';

export async function insertAccountToken(
  db: Db,
  row: { tokenHash: string; userId: string; purpose: AccountTokenPurpose; minutes: number },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      purpose: row.purpose,
      expires_at: sql<Date>`now() + make_interval(mins => ${row.minutes})`,
    })
    .execute();
}

/** The user of an unused, unexpired link of this purpose (not consumed). */
export function findTokenUser(db: Db, tokenHash: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .innerJoin('users', 'users.id', 'account_tokens.user_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.tenant_id',
      'users.verified',
      'users.verification_needed',
    ])
    .where('account_tokens.token_hash', '=', tokenHash)
    .where('account_tokens.purpose', '=', purpose)
    .where('account_tokens.used_at', 'is', null)
    .where('account_tokens.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Uses a link: answers its user's id when it was unused and unexpired, and marks it used in the
 * same statement, so two concurrent uses cannot both succeed.
 */
export async function consumeAccountToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Earlier unused links of the same purpose stop working when a new one is made or one is used. */
export async function retireAccountTokens(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
