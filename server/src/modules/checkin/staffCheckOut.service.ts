// The check-in's staff channel, leaving: staff check an open visit out with the exit form (the
// public check-out's own `checkOutOpenVisit`, by the building's rules, checkout_method STAFF) and
// undo a check-out (check in back). Each change is audited in its transaction.
import type { VisitDetail } from '@vestibule/shared';
import type { z } from 'zod';
import type { checkOutRequestSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { refuseUnless } from '../visits/invitations.service.ts';
import { auditedVisit, toVisitDetail } from '../visits/visit.dto.ts';
import type { VisitActor, VisitCaller } from '../visits/visitCaller.ts';
import { findTenantVisit, reopenVisit } from '../visits/visits.repo.ts';
import { visibleVisit } from '../visits/visits.service.ts';
import { checkOutData, checkOutOpenVisit } from './checkout.service.ts';
import { postedAnswers } from './visitRules.ts';

type CheckOutBody = z.output<typeof checkOutRequestSchema>;

/** What staff check an open visit out with: its exit questionnaires and the measures settings. */
export async function visitCheckOutData(ctx: ServerContext, caller: VisitCaller, id: string) {
  const visit = await visibleVisit(ctx, caller, id);
  refuseUnless(visit, 'checkOut');
  return checkOutData(ctx, visit.public_identifier);
}

/**
 * Staff check an open visit out (checkout_method STAFF): the exit form checked by the building's
 * rules; exit answers filled earlier stand when none are posted.
 */
export async function staffCheckOut(
  ctx: ServerContext,
  actor: VisitActor,
  id: string,
  body: CheckOutBody,
): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, actor, id);
  refuseUnless(visit, 'checkOut');
  const answers =
    body.questionnairesAnswers.length === 0 && visit.exit_questionnaires_answers.length > 0
      ? postedAnswers(visit.exit_questionnaires_answers)
      : body.questionnairesAnswers;
  const after = await ctx.db.transaction().execute(async (trx) => {
    try {
      await checkOutOpenVisit(
        { ...ctx, db: trx },
        visit,
        { ...body, questionnairesAnswers: answers },
        { method: 'STAFF' },
      );
    } catch (error) {
      // Checked out (or undone) by someone else meanwhile: said by the state it is in now.
      if (error instanceof AppError && error.errorCode === 'CHECKOUT_VISIT_NOT_FOUND') {
        const now = await findTenantVisit(trx, actor.tenantId, id);
        if (!now) throw notFound();
        refuseUnless(now, 'checkOut');
      }
      throw error;
    }
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_CHECKED_OUT',
      entity: 'visit',
      entityId: id,
      after: { checkedOutAt: auditedVisit(row).checkedOutAt, checkoutMethod: row.checkout_method },
    });
    return row;
  });
  return toVisitDetail(after);
}

/**
 * Check in back: the check-out undone, the visit open again; refused with CHECKEDIN (208) when the
 * same person is in on another visit of the building.
 */
export async function checkInBack(ctx: ServerContext, actor: VisitActor, id: string): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, actor, id);
  refuseUnless(visit, 'checkInBack');
  const after = await ctx.db.transaction().execute(async (trx) => {
    if (!(await reopenVisit(trx, id))) {
      const now = await findTenantVisit(trx, actor.tenantId, id);
      if (!now) throw notFound();
      refuseUnless(now, 'checkInBack');
      throw new AppError('CHECKEDIN');
    }
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: 'MEETING_CHECKED_IN_BACK',
      entity: 'visit',
      entityId: id,
      before: { checkedOutAt: auditedVisit(visit).checkedOutAt, checkoutMethod: visit.checkout_method },
      after: { checkedOutAt: null, checkoutMethod: null },
    });
    return row;
  });
  return toVisitDetail(after);
}
