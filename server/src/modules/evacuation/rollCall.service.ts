import {
  type CurrentRollCall,
  type RollCall,
  type RollCallActor,
  type RollCallMark,
  type RollCallMutation,
  type RollCallReason,
  type RollCallStatus,
  currentMarks,
  uuidv7,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import {
  type RollCallMarker,
  type RollCallRow,
  currentRollCallRow,
  endRollCallRow,
  findRollCall,
  hasMarkAfter,
  insertMark,
  insertRollCall,
  insertRollCallAlias,
  kioskDisplayName,
  rollCallIdTaken,
  rollCallMarks,
  runningRollCall,
  rollCallRunningAt,
  userDisplayName,
  visitToMark,
} from './rollCall.repo.ts';

// The evacuation list's roll call (docs/visits.md, "The roll call"), shared by every warden of a
// building: signed-in users through the evacuation calls, kiosks through their sync entries
// (docs/kiosk.md, "The roll call on a kiosk"). Each change is written with its audit row in one
// transaction; the database announces it to the live streams (migration 202611271300).

/** An ended roll call stays on the screens this long, with its final count. */
const SHOWN_AFTER_END_MS = 12 * 3_600_000;

/** Who acts online: the signed-in user (the one acted as during an impersonation) and the audit's actor. */
export interface RollCallUser {
  userId: string;
  audit: AuditActor;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function actorOf(deviceId: string | null, name: string | null): RollCallActor {
  return { kind: deviceId ? 'kiosk' : 'user', name };
}

async function rollCallDto(db: Db, row: RollCallRow): Promise<RollCall> {
  const history: RollCallMark[] = (await rollCallMarks(db, row.id)).map((mark) => ({
    visitId: mark.visit_id,
    status: mark.status,
    markedAt: iso(mark.marked_at),
    markedBy: actorOf(mark.marked_by_device_id, mark.marked_by_name),
  }));
  return {
    id: row.id,
    buildingId: row.building_id,
    reason: row.reason,
    startedAt: iso(row.started_at),
    startedBy: actorOf(row.started_by_device_id, row.started_by_name),
    endedAt: row.ended_at ? iso(row.ended_at) : null,
    endedBy: row.ended_at ? actorOf(row.ended_by_device_id, row.ended_by_name) : null,
    marks: [...currentMarks(history).values()],
    history,
  };
}

/** The building's running roll call, else the last one ended within 12 hours, else null. */
export async function currentRollCall(
  ctx: ServerContext,
  buildingId: string,
  now = new Date(),
): Promise<CurrentRollCall> {
  const row = await currentRollCallRow(ctx.db, buildingId, new Date(now.getTime() - SHOWN_AFTER_END_MS));
  return { rollCall: row ? await rollCallDto(ctx.db, row) : null };
}

async function userMarker(db: Db, userId: string): Promise<RollCallMarker> {
  return { userId, deviceId: null, name: await userDisplayName(db, userId) };
}

/** A roll call of the building by id (or a kiosk's alias of it); 404 otherwise. */
async function rollCallOf(db: Db, buildingId: string, id: string, lock = false): Promise<RollCallRow> {
  const row = await findRollCall(db, buildingId, id, lock);
  if (!row) throw notFound();
  return row;
}

/**
 * Starts the building's roll call. While one runs (another warden started it a moment ago), that
 * one is answered unchanged: in an evacuation every warden works on the same list.
 */
export async function startRollCall(
  ctx: ServerContext,
  user: RollCallUser,
  tenantId: string,
  buildingId: string,
  reason: RollCallReason,
): Promise<RollCall> {
  return ctx.db.transaction().execute(async (trx) => {
    const id = uuidv7();
    const started = await insertRollCall(
      trx,
      { id, tenantId, buildingId, reason, startedAt: new Date() },
      await userMarker(trx, user.userId),
    );
    if (started) {
      await audit(trx, user.audit, {
        tenantId,
        action: 'ROLL_CALL_STARTED',
        entity: 'rollCall',
        entityId: id,
        after: { buildingId, reason },
      });
    }
    const running = await runningRollCall(trx, buildingId);
    if (!running) throw new Error('a roll call was started and is not running');
    return rollCallDto(trx, running);
  });
}

/** Ends a roll call now; one already ended is answered as it is. */
export async function endRollCall(
  ctx: ServerContext,
  user: RollCallUser,
  tenantId: string,
  buildingId: string,
  rollCallId: string,
): Promise<RollCall> {
  return ctx.db.transaction().execute(async (trx) => {
    const rollCall = await rollCallOf(trx, buildingId, rollCallId);
    if (await endRollCallRow(trx, rollCall.id, new Date(), await userMarker(trx, user.userId))) {
      await audit(trx, user.audit, {
        tenantId,
        action: 'ROLL_CALL_ENDED',
        entity: 'rollCall',
        entityId: rollCall.id,
        after: { buildingId },
      });
    }
    return rollCallDto(trx, await rollCallOf(trx, buildingId, rollCall.id));
  });
}

/** The visit a mark names: of the building, and checked in at some time. */
async function checkMarkable(db: Db, buildingId: string, visitId: string): Promise<void> {
  const visit = await visitToMark(db, visitId);
  if (!visit || visit.building_id !== buildingId) throw notFound();
  if (!visit.checked_in_at) throw new AppError('MEETING_NOT_CHECKED_IN');
}

/**
 * Marks a person present or absent, or takes their mark back (`status: null`), now. A new row of
 * the history every time; a roll call another warden ended answers ROLL_CALL_ENDED.
 */
export async function markRollCall(
  ctx: ServerContext,
  user: RollCallUser,
  target: { tenantId: string; buildingId: string; rollCallId: string; visitId: string },
  status: RollCallStatus | null,
): Promise<RollCall> {
  return ctx.db.transaction().execute(async (trx) => {
    const rollCall = await rollCallOf(trx, target.buildingId, target.rollCallId, true);
    if (rollCall.ended_at) throw new AppError('ROLL_CALL_ENDED');
    await checkMarkable(trx, target.buildingId, target.visitId);
    await insertMark(
      trx,
      { id: uuidv7(), rollCall, visitId: target.visitId, status, markedAt: new Date() },
      await userMarker(trx, user.userId),
    );
    await audit(trx, user.audit, {
      tenantId: target.tenantId,
      action: status ? 'ROLL_CALL_MARKED' : 'ROLL_CALL_UNMARKED',
      entity: 'rollCall',
      entityId: rollCall.id,
      after: { visitId: target.visitId, ...(status ? { status } : {}) },
    });
    return rollCallDto(trx, rollCall);
  });
}

/** A kiosk's roll-call entry as the sync hands it over, inside the entry's transaction. */
export interface KioskRollCallEntry {
  tenantId: string;
  buildingId: string;
  deviceId: string;
  clientIp: string | null;
  visitId: string | null;
  /** The kiosk's time of the action. */
  occurredAt: Date;
  payload: RollCallMutation['payload'];
}

/**
 * Applies a warden's action made on a kiosk's staff screen, at the kiosk's time (docs/kiosk.md,
 * "The roll call on a kiosk"), in the sync entry's transaction:
 * - a start joins the building's roll call running at that moment, or running now, under the id
 *   the kiosk made (an alias); else it starts one at that moment under that id;
 * - a mark is kept in the history whatever the roll call's state: made offline, it may arrive
 *   after another warden ended the roll call, and is never lost. The later mark by its time
 *   counts;
 * - an end ends the roll call at that moment unless someone marked after it (by time): then the
 *   roll call goes on, as the later action wins.
 */
export async function applyKioskRollCall(db: Db, entry: KioskRollCallEntry): Promise<void> {
  const { payload, buildingId, tenantId, deviceId, occurredAt } = entry;
  await inTransaction(db, async (trx) => {
    const kiosk: RollCallMarker = { userId: null, deviceId, name: await kioskDisplayName(trx, deviceId) };
    const actor: AuditActor = { userId: null, username: null, actingAsId: null, clientIp: entry.clientIp };
    const record = (action: string, rollCallId: string, after: Record<string, unknown>) =>
      audit(trx, actor, { tenantId, action, entity: 'rollCall', entityId: rollCallId, after: { deviceId, ...after } });

    if (payload.action === 'start') {
      if (entry.visitId !== null) throw new AppError('VALIDATION_FAILED', { field: 'visitId' });
      const known = await findRollCall(trx, buildingId, payload.rollCallId);
      if (known) return;
      // A kiosk's id already used elsewhere (another building's roll call) is not taken over.
      if (await rollCallIdTaken(trx, payload.rollCallId)) throw notFound();
      const joined = (await rollCallRunningAt(trx, buildingId, occurredAt)) ?? (await runningRollCall(trx, buildingId));
      if (joined) {
        await insertRollCallAlias(trx, { id: payload.rollCallId, rollCallId: joined.id, deviceId });
        return;
      }
      const row = { id: payload.rollCallId, tenantId, buildingId, reason: payload.reason, startedAt: occurredAt };
      // Another warden's roll call started after this entry was read: a retry of the push joins it.
      if (!(await insertRollCall(trx, row, kiosk))) throw new Error('a roll call started meanwhile');
      await record('ROLL_CALL_STARTED', payload.rollCallId, { buildingId, reason: payload.reason });
      return;
    }

    const rollCall = await rollCallOf(trx, buildingId, payload.rollCallId, true);
    if (payload.action === 'mark') {
      if (entry.visitId === null) throw new AppError('VALIDATION_FAILED', { field: 'visitId' });
      await checkMarkable(trx, buildingId, entry.visitId);
      await insertMark(
        trx,
        { id: uuidv7(), rollCall, visitId: entry.visitId, status: payload.status, markedAt: occurredAt },
        kiosk,
      );
      await record(payload.status ? 'ROLL_CALL_MARKED' : 'ROLL_CALL_UNMARKED', rollCall.id, {
        visitId: entry.visitId,
        ...(payload.status ? { status: payload.status } : {}),
      });
      return;
    }

    if (entry.visitId !== null) throw new AppError('VALIDATION_FAILED', { field: 'visitId' });
    if (rollCall.ended_at || (await hasMarkAfter(trx, rollCall.id, occurredAt))) return;
    if (await endRollCallRow(trx, rollCall.id, occurredAt, kiosk)) {
      await record('ROLL_CALL_ENDED', rollCall.id, { buildingId });
    }
  });
}
