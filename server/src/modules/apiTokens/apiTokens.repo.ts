import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// A company's API tokens (docs/api-tokens.md): only a token's hash and first characters are kept.

function tokens(db: Db, tenantId: string) {
  return db
    .selectFrom('api_tokens as token')
    .leftJoin('users', 'users.id', 'token.created_by')
    .select([
      'token.id',
      'token.name',
      'token.scopes',
      'token.prefix',
      'token.created_at',
      'users.username as created_by',
      'token.expires_at',
      'token.last_used_at',
      'token.revoked_at',
    ])
    .where('token.tenant_id', '=', tenantId);
}
export type ApiTokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

export function listApiTokens(db: Db, tenantId: string) {
  return tokens(db, tenantId).orderBy('token.created_at', 'desc').orderBy('token.id', 'desc').execute();
}

export function findApiTokenRow(db: Db, tenantId: string, id: string) {
  return tokens(db, tenantId).where('token.id', '=', id).executeTakeFirst();
}

export async function insertApiToken(
  db: Db,
  row: {
    id: string;
    tenant_id: string;
    name: string;
    scopes: string[];
    token_hash: string;
    prefix: string;
    created_by: string | null;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

/** Revokes a token not revoked yet; false when there is none such. */
export async function revokeApiToken(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
