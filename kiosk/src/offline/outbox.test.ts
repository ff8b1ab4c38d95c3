import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@vestibule/shared';
import { openKioskDb } from './kioskDb.ts';
import { KEEP_SETTLED_DAYS, commitCheckIn, pruneSettled } from './outbox.ts';

const payload = (lastName: string) => ({
  qrCodeKey: 'key-1',
  visitorType: 'VISITOR' as const,
  checkInForm: { firstName: 'Old', lastName },
});

describe('clearing what the server confirmed long ago', () => {
  it('clears old applied entries and resolved refusals, never a pending entry or an unresolved refusal', async () => {
    const db = openKioskDb(`kiosk-prune-${uuidv7()}`);
    const long = new Date(Date.now() - (KEEP_SETTLED_DAYS + 1) * 86_400_000);
    const old = long.toISOString();
    const applied = await commitCheckIn(db, payload('Applied'), { now: long });
    const pending = await commitCheckIn(db, payload('Pending'), { now: long });
    const refused = await commitCheckIn(db, payload('Refused'), { now: long });
    const resolved = await commitCheckIn(db, payload('Resolved'), { now: long });
    const recent = await commitCheckIn(db, payload('Recent'));
    await db.outbox.update(applied.mutationId, { status: 'applied', settledAt: old });
    await db.outbox.update(refused.mutationId, { status: 'rejected', errorCode: 'CHECKEDIN', settledAt: old });
    await db.outbox.update(resolved.mutationId, { status: 'rejected', settledAt: old, resolvedAt: old });
    await db.outbox.update(recent.mutationId, { status: 'applied', settledAt: new Date().toISOString() });

    await pruneSettled(db);

    const left = (await db.outbox.toArray()).map((entry) => entry.mutationId).sort();
    expect(left).toEqual([pending.mutationId, refused.mutationId, recent.mutationId].sort());
    const visits = (await db.visits.toArray()).map((visit) => visit.lastName).sort();
    // Old visits go once nothing of theirs is pending; the pending one and today's stay.
    expect(visits).toEqual(['Pending', 'Recent']);
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
