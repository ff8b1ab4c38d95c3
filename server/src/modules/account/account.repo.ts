import { sql } from 'kysely';
import type { HostNotice } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

export function updateUserProfile(
  db: Db,
  userId: string,
  values: Partial<{
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    user_locale: 'en' | 'fr' | 'es';
    host_notice: HostNotice;
    date_format: string;
    time_format: string;
    favourite_building_id: string | null;
  }>,
) {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function setPasswordHash(db: Db, userId: string, passwordHash: string, verified?: boolean) {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      updated_at: sql<Date>`now()`,
      ...(verified ? { verified: true, verification_needed: false } : {}),
    })
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function markVerified(db: Db, userId: string) {
  return db
    .updateTable('users')
    .set({ verified: true, verification_needed: false, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Users with this e-mail address (case aside) that may receive a reset link. */
export function findUsersByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'user_locale', 'tenant_id'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('blocked', '=', false)
    .execute();
}
