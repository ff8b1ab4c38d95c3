import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type ApiTokenScope,
  type ApiTokens,
  apiTokenInputSchema,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { type ApiTokenRow, findApiTokenRow, insertApiToken, listApiTokens, revokeApiToken } from './apiTokens.repo.ts';

// A company's API tokens (docs/api-tokens.md): made and revoked by administrators and corporate
// users, audited with the name and scopes. The token is shown once; only its SHA-256 is kept.

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}

export async function apiTokens(ctx: ServerContext, tenantId: string): Promise<ApiTokens> {
  return { tokens: (await listApiTokens(ctx.db, tenantId)).map(toApiToken) };
}

export async function makeApiToken(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  input: ApiTokenInput,
  now = new Date(),
): Promise<ApiTokenCreated> {
  const values = apiTokenInputSchema.parse(input);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = uuidv7();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await insertApiToken(trx, {
      id,
      tenant_id: tenantId,
      name: values.name,
      scopes: values.scopes,
      token_hash: createHash('sha256').update(token).digest('hex'),
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
      created_by: actor.userId,
      expires_at: new Date(now.getTime() + values.expiresInDays * 86_400_000),
    });
    await audit(trx, actor, {
      tenantId,
      action: 'API_TOKEN_CREATED',
      entity: 'apiToken',
      entityId: id,
      after: { name: values.name, scopes: values.scopes, expiresInDays: values.expiresInDays },
    });
    return findApiTokenRow(trx, tenantId, id);
  });
  if (!row) throw notFound();
  return { apiToken: toApiToken(row), token };
}

export async function revokeToken(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
): Promise<ApiToken> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await revokeApiToken(trx, tenantId, id))) throw notFound();
    const revoked = await findApiTokenRow(trx, tenantId, id);
    await audit(trx, actor, {
      tenantId,
      action: 'API_TOKEN_REVOKED',
      entity: 'apiToken',
      entityId: id,
      before: { name: revoked?.name ?? null },
    });
    return revoked;
  });
  if (!row) throw notFound();
  return toApiToken(row);
}
