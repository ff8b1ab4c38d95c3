// @vitest-environment node
// The roll call on a kiosk's staff screen against the real server (offlineTesting.ts): a
// warden's actions go through the outbox, are applied exactly once however the network behaves,
// and what the screen shows merges the server's roll call (every warden's marks) with the
// kiosk's own not yet counted, by the later mark by its time.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type RollCall, type RollCallActor, uuidv7 } from '@vestibule/shared';
import { type TestServer, employeeCheckIn, serverForTests } from './offlineTesting.ts';
import type { KioskDb, RollCallEntry } from './kioskDb.ts';
import { commitCheckIn } from './outbox.ts';
import { commitRollCall, kioskRollCall, mergeRollCall, refreshRollCall } from './rollCall.ts';
import { type SyncTransport, pushPending } from './syncEngine.ts';

let testServer: TestServer;
let qrCodeKey = '';
const kiosks = serverForTests((started) => {
  testServer = started;
  qrCodeKey = started.building.qrCodeKey;
});
const server: SyncTransport = (body) => kiosks.transport()(body);

/** Someone checked in at Demo HQ through this kiosk (pushed at once); their visit id. */
async function checkedIn(db: KioskDb, lastName: string): Promise<string> {
  const { visitId } = await commitCheckIn(db, employeeCheckIn(qrCodeKey, `${lastName}-${uuidv7()}`));
  expect((await pushPending(db, server, { qrCodeKey })).failed).toBe(false);
  return visitId;
}

/** Demo HQ's roll call as every warden sees it (the corporate user's evacuation screen). */
async function serverRollCall(): Promise<RollCall> {
  const { rollCall } = await testServer.manager.call('GET /evacuation/:buildingId/rollCall', {
    params: { buildingId: testServer.building.id },
  });
  if (!rollCall) throw new Error('Demo HQ shows no roll call');
  return rollCall;
}

/** Each marked person's mark as `STATUS by who`. */
function marksOf(marks: ReadonlyMap<string, { status: string; markedBy: RollCallActor }>) {
  return Object.fromEntries([...marks].map(([id, mark]) => [id, `${mark.status} by ${mark.markedBy.name}`]));
}

describe("the kiosk's roll call through the outbox", () => {
  it('writes an action and its sequence number together, or nothing', async () => {
    const db = await kiosks.open();
    await expect(
      commitRollCall(
        db,
        qrCodeKey,
        { action: 'start', reason: 'DRILL' },
        {
          beforeCommit: () => {
            throw new Error('power cut');
          },
        },
      ),
    ).rejects.toThrow('power cut');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('seq')).toBeUndefined();
    const started = await commitRollCall(db, qrCodeKey, { action: 'start', reason: 'DRILL' });
    expect(started.seq).toBe(1);
    expect(await db.outbox.get(started.mutationId)).toMatchObject({
      type: 'rollCall',
      visitId: null,
      status: 'pending',
      payload: { action: 'start', rollCallId: started.rollCallId, reason: 'DRILL' },
    });
    await db.outbox.clear();
  });

  it('starts, marks and ends offline, and the server applies each action once even when the answer was lost', async () => {
    const db = await kiosks.open();
    const ada = await checkedIn(db, 'Ada');
    // The network goes: the warden starts a roll call on the kiosk and marks Ada present.
    const { rollCallId } = await commitRollCall(db, qrCodeKey, { action: 'start', reason: 'ALARM' });
    await commitRollCall(db, qrCodeKey, { action: 'mark', rollCallId, visitId: ada, status: 'PRESENT' });
    const offline = await kioskRollCall(db, qrCodeKey);
    expect(offline.running).toMatchObject({ id: rollCallId, reason: 'ALARM', startedBy: { kind: 'kiosk' } });
    expect(marksOf(offline.marks)).toEqual({ [ada]: 'PRESENT by Lobby tablet' });
    expect(offline.waiting).toBe(2);

    // Back: the server applies them, but the answer is lost before the kiosk wrote it down.
    await expect(
      pushPending(db, server, {
        qrCodeKey,
        afterAnswer: () => {
          throw new Error('tab closed');
        },
      }),
    ).rejects.toThrow('tab closed');
    expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
    expect(await pushPending(db, server, { qrCodeKey })).toMatchObject({ sent: 2, applied: 2, rejected: 0 });
    const applied = await serverRollCall();
    expect(applied).toMatchObject({ id: rollCallId, reason: 'ALARM', endedAt: null });
    expect(applied.history.map((mark) => `${mark.visitId} ${mark.status} ${mark.markedBy.name}`)).toEqual([
      `${ada} PRESENT Lobby tablet`,
    ]);

    await commitRollCall(db, qrCodeKey, { action: 'end', rollCallId });
    expect(await pushPending(db, server, { qrCodeKey })).toMatchObject({ applied: 1 });
    await refreshRollCall(db, qrCodeKey, kiosks.client());
    const ended = await kioskRollCall(db, qrCodeKey);
    expect(ended.running).toBeNull();
    expect(ended.ended).toMatchObject({ id: rollCallId, endedBy: { kind: 'kiosk', name: 'Lobby tablet' } });
    expect(ended.waiting).toBe(0);
  });

  it("merges the kiosk's offline marks with another warden's: the later mark of each person wins, on the kiosk and on the server", async () => {
    const db = await kiosks.open();
    const bea = await checkedIn(db, 'Bea');
    const cal = await checkedIn(db, 'Cal');
    const buildingId = testServer.building.id;
    // A warden at their desk starts the roll call and marks Bea present.
    const online = await testServer.manager.call('POST /evacuation/:buildingId/rollCall', {
      params: { buildingId },
      body: { reason: 'DRILL' },
    });
    const mark = (visitId: string, status: 'PRESENT' | 'ABSENT') =>
      testServer.manager.call('PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId', {
        params: { buildingId, rollCallId: online.id, visitId },
        body: { status },
      });
    const warden = online.startedBy.name;
    await mark(bea, 'PRESENT');
    await refreshRollCall(db, qrCodeKey, kiosks.client());
    const read = await kioskRollCall(db, qrCodeKey);
    expect(read.running).toMatchObject({ id: online.id });
    expect(marksOf(read.marks)).toEqual({ [bea]: `PRESENT by ${warden}` });

    // The kiosk loses the network. Its warden marks Bea absent (after the desk's mark) and Cal
    // present a minute ago (before the desk marks Cal absent, below).
    await commitRollCall(
      db,
      qrCodeKey,
      { action: 'mark', rollCallId: online.id, visitId: bea, status: 'ABSENT' },
      { now: new Date(Date.now() + 1000) },
    );
    await commitRollCall(
      db,
      qrCodeKey,
      { action: 'mark', rollCallId: online.id, visitId: cal, status: 'PRESENT' },
      { now: new Date(Date.now() - 60_000) },
    );
    const offline = await kioskRollCall(db, qrCodeKey);
    expect(marksOf(offline.marks)).toEqual({ [bea]: 'ABSENT by Lobby tablet', [cal]: 'PRESENT by Lobby tablet' });
    expect(offline.waiting).toBe(2);
    await mark(cal, 'ABSENT');

    // Back online: pushed once, read again; both sides agree, and every mark stays in the history.
    expect(await pushPending(db, server, { qrCodeKey })).toMatchObject({ sent: 2, applied: 2 });
    expect(await pushPending(db, server, { qrCodeKey })).toMatchObject({ sent: 0 });
    await refreshRollCall(db, qrCodeKey, kiosks.client());
    const merged = await kioskRollCall(db, qrCodeKey);
    const expected = { [bea]: 'ABSENT by Lobby tablet', [cal]: `ABSENT by ${warden}` };
    expect(marksOf(merged.marks)).toEqual(expected);
    expect(merged.waiting).toBe(0);
    const onServer = await serverRollCall();
    expect(marksOf(new Map(onServer.marks.map((entry) => [entry.visitId, entry])))).toEqual(expected);
    expect(onServer.history).toHaveLength(4);
    await testServer.manager.call('POST /evacuation/:buildingId/rollCall/:rollCallId/end', {
      params: { buildingId, rollCallId: online.id },
    });
  });
});

describe("the staff screen's merge", () => {
  const kiosk: RollCallActor = { kind: 'kiosk', name: 'Lobby tablet' };
  const desk: RollCallActor = { kind: 'user', name: 'Uma Warden' };
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
  const serverId = uuidv7();
  const running = (history: RollCall['history'] = [], endedAt: string | null = null): RollCall => ({
    id: serverId,
    buildingId: uuidv7(),
    reason: 'ALARM',
    startedAt: at(0),
    startedBy: desk,
    endedAt,
    endedBy: endedAt ? desk : null,
    marks: [],
    history,
  });
  let seq = 0;
  const entry = (
    payload: RollCallEntry['payload'],
    minute: number,
    values: Partial<RollCallEntry> & { visitId?: string | null } = {},
  ): RollCallEntry => ({
    mutationId: uuidv7(),
    qrCodeKey: 'key-1',
    deviceId: uuidv7(),
    seq: ++seq,
    type: 'rollCall',
    visitId: null,
    payload,
    occurredAt: at(minute),
    status: 'pending',
    attempts: 0,
    errorCode: null,
    settledAt: null,
    ...values,
  });
  const stored = (rollCall: RollCall | null, askedAt = at(30)) => ({ qrCodeKey: 'key-1', askedAt, rollCall });

  it("joins a kiosk's offline start to the roll call the server had running, and counts its marks in it", () => {
    const offlineId = uuidv7();
    const view = mergeRollCall(
      stored(running([{ visitId: 'bea', status: 'PRESENT', markedAt: at(2), markedBy: desk }])),
      [
        entry({ action: 'start', rollCallId: offlineId, reason: 'DRILL' }, 1),
        entry({ action: 'mark', rollCallId: offlineId, status: 'ABSENT' }, 3, { visitId: 'bea' }),
        entry({ action: 'mark', rollCallId: offlineId, status: 'PRESENT' }, 1, { visitId: 'cal' }),
      ],
      kiosk,
    );
    expect(view.running).toMatchObject({ id: serverId, reason: 'ALARM', startedBy: desk });
    expect(marksOf(view.marks)).toEqual({ bea: 'ABSENT by Lobby tablet', cal: 'PRESENT by Lobby tablet' });
    expect(view.waiting).toBe(3);
  });

  it("keeps a roll call running when the kiosk's end comes before a later mark, and ends it otherwise", () => {
    const history = [{ visitId: 'bea', status: 'PRESENT' as const, markedAt: at(10), markedBy: desk }];
    const early = mergeRollCall(stored(running(history)), [entry({ action: 'end', rollCallId: serverId }, 5)], kiosk);
    expect(early.running).toMatchObject({ id: serverId });
    const late = mergeRollCall(stored(running(history)), [entry({ action: 'end', rollCallId: serverId }, 12)], kiosk);
    expect(late.running).toBeNull();
  });

  it('counts an entry the server applied before it was read once, and a refused one never', () => {
    const history = [{ visitId: 'bea', status: 'PRESENT' as const, markedAt: at(5), markedBy: kiosk }];
    const view = mergeRollCall(
      stored(running(history), at(20)),
      [
        // Applied before the read at 10:20: in the server's history already.
        entry({ action: 'mark', rollCallId: serverId, status: 'PRESENT' }, 5, {
          visitId: 'bea',
          status: 'applied',
          settledAt: at(6),
        }),
        // Applied after the read: not in it yet.
        entry({ action: 'mark', rollCallId: serverId, status: 'ABSENT' }, 21, {
          visitId: 'cal',
          status: 'applied',
          settledAt: at(22),
        }),
        entry({ action: 'mark', rollCallId: serverId, status: 'ABSENT' }, 25, {
          visitId: 'bea',
          status: 'rejected',
          errorCode: 'NOT_FOUND',
        }),
      ],
      kiosk,
    );
    expect(marksOf(view.marks)).toEqual({ bea: 'PRESENT by Lobby tablet', cal: 'ABSENT by Lobby tablet' });
    expect(view.waiting).toBe(0);
  });

  it('shows the ended roll call when none runs, and a new one the kiosk starts offline after it', () => {
    const ended = running([], at(15));
    expect(mergeRollCall(stored(ended), [], kiosk)).toMatchObject({ running: null, ended: { id: serverId } });
    const fresh = uuidv7();
    const view = mergeRollCall(
      stored(ended),
      [
        entry({ action: 'start', rollCallId: fresh, reason: 'ALARM' }, 40),
        entry({ action: 'mark', rollCallId: fresh, status: 'PRESENT' }, 41, { visitId: 'dee' }),
      ],
      kiosk,
    );
    expect(view).toMatchObject({ running: { id: fresh, startedBy: kiosk, startedAt: at(40) }, ended: null });
    expect(marksOf(view.marks)).toEqual({ dee: 'PRESENT by Lobby tablet' });
  });
});
