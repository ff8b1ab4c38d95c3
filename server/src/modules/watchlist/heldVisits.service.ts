import type { VisitDetail } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { toVisitDetail } from '../visits/visit.dto.ts';
import type { VisitActor } from '../visits/visitCaller.ts';
import { findTenantVisit, updateVisitIf } from '../visits/visits.repo.ts';
import { visibleVisit } from '../visits/visits.service.ts';

// A visitor the watchlist holds at the door waits for staff (docs/watchlist.md): approved, the
// visit is checked in at that moment (and the host's arrival notice follows the check-in, so the
// host hears of the visitor only now); refused, it is recorded as refused by the watchlist.
// Either is audited, and only a visit still held can be decided (VISIT_NOT_HELD otherwise: another
// member of staff decided first). Staff decide from the entry log, or from a kiosk's staff screen
// behind the building's PIN (sync/syncHeld.service.ts).

export type HeldDecision = 'approve' | 'refuse';

/** Lets in or refuses a held visit of the company (of `buildingId` when given), audited as `actor`. */
export async function decideHeld(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string; buildingId?: string },
  decision: HeldDecision,
  now: Date,
) {
  const { tenantId, id } = target;
  return ctx.db.transaction().execute(async (trx) => {
    const held = await findTenantVisit(trx, tenantId, id);
    if (!held || (target.buildingId !== undefined && held.building_id !== target.buildingId)) throw notFound();
    const changed = await updateVisitIf(
      trx,
      id,
      decision === 'approve'
        ? { watch_hold: 'APPROVED', checked_in_at: now }
        : { watch_hold: null, allowed: false, refusal_reason: 'WATCHLIST' },
      'held',
    );
    if (!changed) throw new AppError('VISIT_NOT_HELD');
    const row = await findTenantVisit(trx, tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: decision === 'approve' ? 'WATCHLIST_HOLD_APPROVED' : 'WATCHLIST_HOLD_REFUSED',
      entity: 'visit',
      entityId: id,
      before: { held: true },
      after:
        decision === 'approve'
          ? { checkedInAt: now.toISOString(), watchlistEntryId: row.watchlist_entry_id }
          : { allowed: false, refusal: 'WATCHLIST', watchlistEntryId: row.watchlist_entry_id },
    });
    return row;
  });
}

/** Staff at the entry log: the door's roles, in their assigned buildings. */
export async function decideHeldVisit(
  ctx: ServerContext,
  actor: VisitActor,
  id: string,
  decision: HeldDecision,
  now = new Date(),
): Promise<VisitDetail> {
  await visibleVisit(ctx, actor, id);
  return toVisitDetail(await decideHeld(ctx, actor.audit, { tenantId: actor.tenantId, id }, decision, now), now);
}
