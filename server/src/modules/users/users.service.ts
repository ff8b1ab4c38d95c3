import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { toUser } from './users.dto.ts';
import { findTenantUser } from './users.repo.ts';

/** One user of the tenant, or 404. */
export async function tenantUser(ctx: ServerContext, tenantId: string, id: string) {
  const row = await findTenantUser(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return toUser(row);
}
