import type { VisitDetail } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { toVisitDetail } from '../visits/visit.dto.ts';
import type { VisitActor } from '../visits/visitCaller.ts';
import { findTenantVisit, updateVisitIf } from '../visits/visits.repo.ts';
import { visibleVisit } from '../visits/visits.service.ts';

// A visitor the watchlist holds at the door waits for staff (docs/watchlist.md): approved, the
// visit is checked in at that moment (and the host's arrival notice follows the check-in, so the
// host hears of the visitor only now); refused, it is recorded as refused by the watchlist.
// Either is audited, and only a visit still held can be decided (VISIT_NOT_HELD otherwise: another
// member of staff decided first).

export async function decideHeldVisit(
  ctx: ServerContext,
  actor: VisitActor,
  id: string,
  decision: 'approve' | 'refuse',
  now = new Date(),
): Promise<VisitDetail> {
  await visibleVisit(ctx, actor, id);
  const after = await ctx.db.transaction().execute(async (trx) => {
    const changed = await updateVisitIf(
      trx,
      id,
      decision === 'approve'
        ? { watch_hold: 'APPROVED', checked_in_at: now }
        : { watch_hold: null, allowed: false, refusal_reason: 'WATCHLIST' },
      'held',
    );
    if (!changed) throw new AppError('VISIT_NOT_HELD');
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
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
  return toVisitDetail(after, now);
}
