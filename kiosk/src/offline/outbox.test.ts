import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@vestibule/shared';
import { openKioskDb } from './kioskDb.ts';
import { commitCheckIn, commitCheckOut, pruneSettled } from './outbox.ts';
import { commitRollCall } from './rollCall.ts';

const payload = (lastName: string) => ({
  qrCodeKey: 'key-1',
  visitorType: 'VISITOR' as const,
  checkInForm: { firstName: 'Old', lastName },
});

describe('what the kiosk keeps of its visitors', () => {
  it('holds nothing of a past day but what is unsynced, unresolved or still inside', async () => {
    const db = openKioskDb(`kiosk-prune-${uuidv7()}`);
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    const settledToday = now.toISOString();
    const settledYesterday = yesterday.toISOString();
    const applied = await commitCheckIn(db, payload('AppliedToday'));
    const pending = await commitCheckIn(db, payload('PendingYesterday'), { now: yesterday });
    const refused = await commitCheckIn(db, payload('RefusedYesterday'), { now: yesterday });
    const resolved = await commitCheckIn(db, payload('ResolvedYesterday'), { now: yesterday });
    const left = await commitCheckIn(db, payload('LeftYesterday'), { now: yesterday });
    const inside = await commitCheckIn(db, payload('InsideYesterday'), { now: yesterday });
    const out = await commitCheckOut(db, left.visitId, {}, { now: yesterday });
    const markToday = await commitRollCall(db, 'key-1', { action: 'start', reason: 'DRILL' });
    const markYesterday = await commitRollCall(db, 'key-1', { action: 'start', reason: 'DRILL' }, { now: yesterday });
    for (const [entry, settledAt] of [
      [applied, settledToday],
      [left, settledYesterday],
      [inside, settledYesterday],
      [out, settledYesterday],
      [markToday, settledToday],
      [markYesterday, settledYesterday],
    ] as const)
      await db.outbox.update(entry.mutationId, { status: 'applied', settledAt });
    await db.outbox.update(refused.mutationId, {
      status: 'rejected',
      errorCode: 'CHECKEDIN',
      settledAt: settledYesterday,
    });
    await db.outbox.update(resolved.mutationId, {
      status: 'rejected',
      errorCode: 'CHECKEDIN',
      settledAt: settledYesterday,
      resolvedAt: settledYesterday,
    });
    const resolvedVisit = await db.visits.get(resolved.visitId);
    await db.visits.update(resolved.visitId, { checkedOutAt: resolvedVisit!.checkedInAt });

    await pruneSettled(db, now);

    // The server has the check-ins and check-outs: none stays, today's included; the roll call's
    // mark of today stays for the roll call shown until the server's answer counts it.
    const entries = (await db.outbox.toArray()).map((entry) => entry.mutationId).sort();
    expect(entries).toEqual([pending.mutationId, refused.mutationId, markToday.mutationId].sort());
    const visits = (await db.visits.toArray()).map((visit) => visit.lastName).sort();
    expect(visits).toEqual(['AppliedToday', 'InsideYesterday', 'PendingYesterday', 'RefusedYesterday']);
    // Nothing of what went is anywhere in the kiosk's database.
    const everything = JSON.stringify([
      await db.outbox.toArray(),
      await db.visits.toArray(),
      await db.meta.toArray(),
      await db.config.toArray(),
    ]);
    for (const gone of ['LeftYesterday', 'ResolvedYesterday']) expect(everything).not.toContain(gone);
    db.close();
  });
});

describe('committing on the device', () => {
  it('keeps a refusal at the door on the visit, so its status reads REFUSED offline', async () => {
    const db = openKioskDb(`kiosk-refused-${uuidv7()}`);
    const { visitId } = await commitCheckIn(db, payload('Turned away'), { allowed: false });
    const visit = await db.visits.get(visitId);
    if (!visit) throw new Error('the visit was not kept');
    expect([visit.allowed, visit.checkedInAt]).toEqual([false, null]);
    db.close();
  });

  it('an aborted transaction leaves neither visit nor outbox entry', async () => {
    const db = openKioskDb(`kiosk-abort-${uuidv7()}`);
    await expect(
      commitCheckIn(db, payload('Aborted'), {
        beforeCommit: () => {
          throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await db.visits.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('seq')).toBeUndefined();
    db.close();
  });
});
