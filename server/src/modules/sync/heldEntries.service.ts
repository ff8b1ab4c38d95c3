// The entries a revoked kiosk delivered after its revocation, held until an administrator of the
// building applies or discards each (docs/kiosk.md, "Revocation and held entries"): applied
// through the same check-in and check-out services as a push, at the entry's own time; every
// decision audited in its transaction.
import { type HeldApplyResult, type HeldMutation, mutationSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { audit } from '../audit/audit.service.ts';
import type { CheckInChannel } from '../checkin/channel.ts';
import { type HeldTarget, findDeviceMutation, listHeldMutations, reviewHeldMutation } from './sync.repo.ts';
import { applyMutation } from './syncPush.service.ts';

/** The name a check-in entry's form gives (first and last), for people who review it. */
function personNameOf(payload: unknown): string | null {
  const form = (payload as { checkInForm?: Record<string, unknown> } | null)?.checkInForm ?? {};
  const name = [form.firstName, form.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return name || null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const joinedName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

export async function heldEntries(ctx: ServerContext, buildingId: string): Promise<{ held: HeldMutation[] }> {
  const rows = await listHeldMutations(ctx.db, buildingId);
  return {
    held: rows.map((row) => ({
      mutationId: row.mutation_id,
      deviceId: row.device_id,
      deviceName: row.device_name,
      // Only a revoked kiosk's entries are held.
      revokedAt: iso(row.revoked_at ?? row.received_at),
      type: row.type,
      visitId: row.visit_id,
      personName: personNameOf(row.payload) ?? joinedName(row.visit_first_name, row.visit_last_name),
      occurredAt: iso(row.occurred_at),
      receivedAt: iso(row.received_at),
    })),
  };
}

/** A held entry of the building's kiosk: 404 when there is no such entry, 409 when it is not held any more. */
async function heldEntry(ctx: ServerContext, target: HeldTarget) {
  const row = await findDeviceMutation(ctx.db, target);
  if (!row) throw notFound();
  if (row.outcome !== 'held') throw new AppError('KIOSK_ENTRY_NOT_HELD');
  return row;
}

/** What the audit keeps of a held entry (a check-out named by its visit's person, as listed). */
function audited(row: Awaited<ReturnType<typeof heldEntry>>) {
  return {
    mutationId: row.mutation_id,
    type: row.type,
    visitId: row.visit_id,
    personName: personNameOf(row.payload) ?? joinedName(row.visit_first_name, row.visit_last_name),
    occurredAt: iso(row.occurred_at),
  };
}

/**
 * Applies a held entry as the kiosk's push would have: the same checks and services, at the
 * entry's time, in one transaction with its review and audit row. Refused by those rules, it
 * becomes a refused entry with their code, for staff to resolve (never lost).
 */
export async function applyHeldEntry(
  ctx: ServerContext,
  actor: AuditActor & { userId: string },
  target: HeldTarget,
  request: Pick<CheckInChannel, 'locale' | 'origin'>,
): Promise<HeldApplyResult> {
  const row = await heldEntry(ctx, target);
  const channel: CheckInChannel = {
    fromKiosk: true,
    // The revoked kiosk stands for itself here: its entry, its device, its building.
    verifiedKiosk: {
      deviceId: row.device_id,
      tenantId: target.tenantId,
      buildingId: target.buildingId,
      name: row.device_name,
      revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    },
    clientIp: row.last_ip ?? actor.clientIp ?? '',
    locale: request.locale,
    origin: request.origin,
  };
  const entry = {
    mutationId: row.mutation_id,
    deviceId: row.device_id,
    seq: Number(row.seq),
    type: row.type,
    visitId: row.visit_id,
    occurredAt: iso(row.occurred_at),
    payload: row.payload,
  };
  const review = (trx: ServerContext['db'], decision: 'applied' | 'refused', errorCode?: string) =>
    reviewHeldMutation(trx, target, { review: decision, userId: actor.userId, ...(errorCode ? { errorCode } : {}) });
  try {
    const parsed = mutationSchema.safeParse(entry);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED');
    await ctx.db.transaction().execute(async (trx) => {
      // First the claim: a second reviewer waits on the row, then finds it reviewed.
      if (!(await review(trx, 'applied'))) throw new AppError('KIOSK_ENTRY_NOT_HELD');
      await applyMutation({ ...ctx, db: trx }, parsed.data, channel, row.device_id, {
        buildingId: target.buildingId,
        qrCodeKey: row.qr_code_key,
      });
      await audit(trx, actor, {
        tenantId: target.tenantId,
        action: 'KIOSK_ENTRY_APPLIED',
        entity: 'device',
        entityId: row.device_id,
        after: audited(row),
      });
    });
    return { mutationId: row.mutation_id, outcome: 'applied' };
  } catch (error) {
    if (!(error instanceof AppError) || error.errorCode === 'KIOSK_ENTRY_NOT_HELD') throw error;
    const refused = await ctx.db.transaction().execute(async (trx) => {
      if (!(await review(trx, 'refused', error.errorCode))) return false;
      await audit(trx, actor, {
        tenantId: target.tenantId,
        action: 'KIOSK_ENTRY_APPLY_REFUSED',
        entity: 'device',
        entityId: row.device_id,
        after: { ...audited(row), errorCode: error.errorCode },
      });
      return true;
    });
    if (!refused) throw new AppError('KIOSK_ENTRY_NOT_HELD');
    return { mutationId: row.mutation_id, outcome: 'refused', reason: error.errorCode };
  }
}

/** Discards a held entry: it changes nothing, stays recorded as discarded, and the kiosk stops listing it. */
export async function discardHeldEntry(
  ctx: ServerContext,
  actor: AuditActor & { userId: string },
  target: HeldTarget,
): Promise<{ mutationId: string }> {
  const row = await heldEntry(ctx, target);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await reviewHeldMutation(trx, target, { review: 'discarded', userId: actor.userId }))) {
      throw new AppError('KIOSK_ENTRY_NOT_HELD');
    }
    await audit(trx, actor, {
      tenantId: target.tenantId,
      action: 'KIOSK_ENTRY_DISCARDED',
      entity: 'device',
      entityId: row.device_id,
      after: audited(row),
    });
  });
  return { mutationId: row.mutation_id };
}
