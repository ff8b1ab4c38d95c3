// A building's mobile token, the secret of its printed check-in link: scheduled and refreshed by
// staff, and rotated by a job when its refresh is due.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { updateOrNotFound } from './buildingChanges.service.ts';
import { rotateDueMobileTokens } from './buildings.repo.ts';
import { DAY_MS, getBuilding } from './buildings.service.ts';

export function updateMobileTokenSchedule(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: { mobileTokenChangeDays: number; mobileTokenNextRefreshAt: string },
) {
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_MOBILE_TOKEN_SCHEDULED' },
    {
      mobile_token_change_days: input.mobileTokenChangeDays,
      mobile_token_next_refresh_at: new Date(input.mobileTokenNextRefreshAt),
    },
  );
}

/** A new mobile token at once; the next automatic refresh is due after mobileTokenChangeDays. */
export async function refreshMobileToken(ctx: ServerContext, actor: AuditActor, tenantId: string, id: string) {
  const building = await getBuilding(ctx, tenantId, id);
  // The token itself never enters the log: the action says it changed.
  return updateOrNotFound(
    ctx,
    actor,
    { tenantId, id, action: 'BUILDING_MOBILE_TOKEN_REFRESHED' },
    {
      mobile_token: randomBytes(12).toString('base64url'),
      mobile_token_next_refresh_at: new Date(Date.now() + building.mobileTokenChangeDays * DAY_MS),
    },
  );
}

/**
 * Every mobile token whose refresh is due gets a new value, the next one due mobileTokenChangeDays
 * ahead; answers how many changed. One statement, so instances running it at once rotate each once.
 */
export function refreshDueMobileTokens(db: Db): Promise<number> {
  return rotateDueMobileTokens(db);
}
