import { type SelectTenantResponse, maySelectTenant, newBuildingSettings } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { setSessionTenant } from '../auth/auth.repo.ts';
import { visibleBuildings } from '../users/users.service.ts';
import { findTenantRef, listTenantRefs } from './tenants.repo.ts';

/**
 * The caller's current tenant and what they may switch to. Admin and tech users may pick
 * any tenant: the choice is the session's (kept in the database, so every instance sees it),
 * and each tab sends the company it works in (TENANT_HEADER), so two tabs can work in two
 * companies; others always get their own.
 */
export async function selectTenant(
  ctx: ServerContext,
  auth: AuthContext,
  tenantId: string | undefined,
): Promise<SelectTenantResponse> {
  const mayPick = maySelectTenant(auth.role);
  let currentId = auth.tenantId;
  if (tenantId !== undefined && mayPick) {
    const chosen = await findTenantRef(ctx.db, tenantId);
    if (!chosen) throw new AppError('NOT_FOUND');
    await setSessionTenant(ctx.db, auth.sessionId, chosen.id);
    currentId = chosen.id;
  }
  const current = currentId ? await findTenantRef(ctx.db, currentId) : undefined;
  const tenants = mayPick ? await listTenantRefs(ctx.db) : current ? [current] : [];
  return {
    tenant: current ? { id: current.id, name: current.name } : null,
    tenants,
    // The buildings the user sees: all of the company, or the assigned ones (supervisors, users),
    // with the zone of their clock (the new-building default when they have none).
    buildings: current
      ? (await visibleBuildings(ctx.db, { id: auth.userId, role: auth.role }, current.id)).map((building) => ({
          id: building.id,
          name: building.name,
          timeZoneId: building.time_zone || newBuildingSettings().timeZoneId,
        }))
      : [],
    googleConfig: null,
  };
}
