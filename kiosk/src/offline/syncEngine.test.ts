// @vitest-environment node
// The push against the real server (offlineTesting.ts), with the network between them failing
// on purpose: each entry pushed in sequence order, one push at a time, each applied exactly once.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SyncPushRequest, type SyncPushResponse, hashedWatchAction, uuidv7 } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { type TestServer, employeeCheckIn, serverForTests } from './offlineTesting.ts';
import { commitCheckIn, commitCheckOut, deviceIdOf } from './outbox.ts';
import { RetryableSyncError, type SyncTransport, pushPending } from './syncEngine.ts';
import { refreshVisits } from './configCache.ts';
import { decideHeldVisitor } from './heldVisitors.ts';

let testServer: TestServer;
let qrCodeKey = '';
const kiosks = serverForTests((started) => {
  testServer = started;
  qrCodeKey = started.building.qrCodeKey;
});
/** The server, reached with the credential of the kiosk the test drives. */
const server: SyncTransport = (body) => kiosks.transport()(body);

afterEach(() => {
  vi.useRealTimers();
});

const employee = (lastName: string) => employeeCheckIn(qrCodeKey, lastName);

async function serverVisit(
  visitId: string,
): Promise<{ checkedInAt: string | null; checkedOutAt: string | null } | undefined> {
  return testServer.manager.call('GET /meeting/:id', { params: { id: visitId } }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  });
}

describe('kiosk outbox', () => {
  it('network error, then 5xx, then a mixed answer: each entry ends in the right status', async () => {
    const db = await kiosks.open();
    const first = await commitCheckIn(db, employee(`Mixed-${uuidv7()}`));
    const twin = `Twin-${uuidv7()}`;
    await commitCheckIn(db, employee(twin));
    await commitCheckIn(db, employee(twin)); // the same person twice: the server says CHECKEDIN
    let calls = 0;
    const flaky: SyncTransport = async (body) => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed');
      if (calls === 2) throw new RetryableSyncError('server 503');
      return server(body);
    };
    expect((await pushPending(db, flaky, { qrCodeKey })).failed).toBe(true);
    expect((await pushPending(db, flaky, { qrCodeKey })).failed).toBe(true);
    expect((await db.outbox.toArray()).map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 2],
      ['pending', 2],
      ['pending', 2],
    ]);
    const outcome = await pushPending(db, flaky, { qrCodeKey });
    expect(outcome).toMatchObject({ sent: 3, applied: 2, rejected: 1, failed: false });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.status, e.errorCode])).toEqual([
      ['applied', null],
      ['applied', null],
      ['rejected', 'CHECKEDIN'],
    ]);
    expect((await serverVisit(first.visitId))!.checkedInAt).not.toBeNull();
  });

  it('a crash after the answer but before the local acknowledgement: resent, duplicate, ends applied', async () => {
    const db = await kiosks.open();
    const { visitId } = await commitCheckIn(db, employee(`Crash-${uuidv7()}`));
    await expect(
      pushPending(db, server, {
        qrCodeKey,
        afterAnswer: () => {
          throw new Error('tab closed');
        },
      }),
    ).rejects.toThrow('tab closed');
    expect((await db.outbox.toArray())[0]!.status).toBe('pending');
    const answers: SyncPushResponse[] = [];
    const watching: SyncTransport = async (body) => {
      const answer = await server(body);
      answers.push(answer);
      return answer;
    };
    await pushPending(db, watching, { qrCodeKey });
    expect(answers[0]!.results[0]!.status).toBe('duplicate');
    expect((await db.outbox.toArray())[0]!.status).toBe('applied');
    expect(await serverVisit(visitId)).toBeDefined();
  });

  it('two database instances (two tabs) writing at once: unique seq, one push in flight', async () => {
    const name = `kiosk-shared-${uuidv7()}`;
    const tabA = await kiosks.open(name);
    const tabB = await kiosks.open(name);
    expect(await deviceIdOf(tabA)).toBe(await deviceIdOf(tabB));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => commitCheckIn(i % 2 === 0 ? tabA : tabB, employee(`Tabs-${i}-${uuidv7()}`))),
    );
    const seqs = (await tabA.outbox.toArray()).map((e) => e.seq).sort((a, b) => a - b);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    let inFlight = 0;
    let maxInFlight = 0;
    const counting: SyncTransport = async (body: SyncPushRequest) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await server(body);
      } finally {
        inFlight--;
      }
    };
    await Promise.all([
      pushPending(tabA, counting, { qrCodeKey, batchSize: 3 }),
      pushPending(tabB, counting, { qrCodeKey, batchSize: 3 }),
    ]);
    expect(maxInFlight).toBe(1);
    await pushPending(tabB, counting, { qrCodeKey });
    expect(await tabA.outbox.where('status').equals('applied').count()).toBe(10);
  });

  it('the clock moved back an hour: order by seq unaffected, check-out applied after its check-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = await kiosks.open();
    const now = Date.now();
    vi.setSystemTime(new Date(now));
    const { visitId } = await commitCheckIn(db, employee(`Clock-${uuidv7()}`));
    vi.setSystemTime(new Date(now - 60 * 60_000));
    await commitCheckOut(db, visitId, {});
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.type)).toEqual(['checkIn', 'checkOut']);
    expect((entries[1]!.occurredAt ?? '') < (entries[0]!.occurredAt ?? '')).toBe(true);
    vi.useRealTimers();
    const outcome = await pushPending(db, server, { qrCodeKey });
    expect(outcome).toMatchObject({ applied: 2, rejected: 0 });
    const visit = await serverVisit(visitId);
    expect(visit!.checkedOutAt).not.toBeNull();
  });

  it('pushes in sequence order, batch after batch, each batch answered before the next is sent', async () => {
    const db = await kiosks.open();
    for (let i = 0; i < 5; i++) await commitCheckIn(db, employee(`Order-${i}-${uuidv7()}`));
    const batches: number[][] = [];
    let answered = true;
    const watching: SyncTransport = async (body) => {
      expect(answered).toBe(true);
      answered = false;
      batches.push(body.mutations.map((mutation) => mutation.seq));
      const answer = await server(body);
      answered = true;
      return answer;
    };
    const outcome = await pushPending(db, watching, { qrCodeKey, batchSize: 2 });
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(outcome).toMatchObject({ sent: 5, applied: 5, rejected: 0, failed: false });
  });

  it('a refused entry stays refused when it is sent again, never applied by the replay', async () => {
    const db = await kiosks.open();
    const twin = `Replay-${uuidv7()}`;
    await commitCheckIn(db, employee(twin));
    const refused = await commitCheckIn(db, employee(twin));
    await pushPending(db, server, { qrCodeKey });
    expect((await db.outbox.get(refused.mutationId))!.errorCode).toBe('CHECKEDIN');
    // Its answer lost: the device sends it again.
    await db.outbox.update(refused.mutationId, { status: 'pending', errorCode: null, settledAt: null });
    const answers: SyncPushResponse[] = [];
    const outcome = await pushPending(
      db,
      async (body) => {
        const answer = await server(body);
        answers.push(answer);
        return answer;
      },
      { qrCodeKey },
    );
    expect(answers.flatMap((answer) => answer.results)).toEqual([
      expect.objectContaining({ mutationId: refused.mutationId, status: 'rejected', errorCode: 'CHECKEDIN' }),
    ]);
    expect(outcome).toMatchObject({ sent: 1, applied: 0, rejected: 1 });
    expect(await db.outbox.get(refused.mutationId)).toMatchObject({ status: 'rejected', errorCode: 'CHECKEDIN' });
    expect(await serverVisit(refused.visitId)).toBeUndefined();
  });

  it("a check-in the company's watchlist holds: the device's visit is marked held and no longer in", async () => {
    const db = await kiosks.open();
    const lastName = `Watched-${uuidv7()}`;
    await testServer.manager.call('POST /watchlist', {
      body: { kind: 'NAME', value: `${lastName} Offline`, action: 'HOLD', reason: 'Escort required' },
    });
    const { visitId } = await commitCheckIn(db, employee(lastName));
    expect((await db.visits.get(visitId))!.checkedInAt).not.toBeNull();
    expect(await pushPending(db, server, { qrCodeKey })).toMatchObject({ applied: 1, failed: false });
    expect(await db.visits.get(visitId)).toMatchObject({ watch: 'HELD', checkedInAt: null });
    expect(await serverVisit(visitId)).toMatchObject({ held: true, checkedInAt: null });
  });

  it("the configuration carries the company's watchlist as hashes only; a check-in they held on the device is held by the server", async () => {
    const db = await kiosks.open();
    const lastName = `Hashed-${uuidv7()}`;
    await testServer.manager.call('POST /watchlist', {
      body: { kind: 'NAME', value: `Offline ${lastName}`, action: 'HOLD', reason: 'Escort required' },
    });
    const config = await kiosks.client().call('GET /sync/config/:qrCodeKey', { params: { qrCodeKey } });
    const list = config.watchlist;
    if (!list) throw new Error('no watchlist in the configuration');
    const served = JSON.stringify(list);
    expect(served).not.toContain(lastName.toLowerCase());
    expect(served).not.toContain('Escort');
    expect(
      await hashedWatchAction(list, { firstName: 'offline', lastName, email: null, phone: null, companyName: null }),
    ).toBe('HOLD');

    const { visitId } = await commitCheckIn(db, employee(lastName), { allowed: false, watch: 'HELD' });
    expect(await db.visits.get(visitId)).toMatchObject({ watch: 'HELD', checkedInAt: null });
    expect(await pushPending(db, server, { qrCodeKey })).toMatchObject({ applied: 1, failed: false });
    expect(await db.visits.get(visitId)).toMatchObject({ watch: 'HELD', checkedInAt: null });
    expect(await serverVisit(visitId)).toMatchObject({ held: true, checkedInAt: null });
  });

  it("lists a visitor held at the door from the day's list, and the staff screen's decision lets them in on both sides", async () => {
    const lastName = `Waiting-${uuidv7()}`;
    await testServer.manager.call('POST /watchlist', {
      body: { kind: 'NAME', value: `Offline ${lastName}`, action: 'HOLD', reason: 'Escort required' },
    });
    // Held on the server from another kiosk's push: this device learns it from the day's list.
    const other = await kiosks.open();
    const { visitId } = await commitCheckIn(other, employee(lastName));
    await pushPending(other, kiosks.transport(), { qrCodeKey });
    const current = await kiosks.open();
    await refreshVisits(current, qrCodeKey, kiosks.client());
    expect(await current.visits.get(visitId)).toMatchObject({ watch: 'HELD', checkedInAt: null });

    await expect(
      decideHeldVisitor(current, qrCodeKey, { visitId, approve: true, pin: '0000' }, kiosks.client()),
    ).rejects.toMatchObject({ errorCode: 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING' });
    await decideHeldVisitor(current, qrCodeKey, { visitId, approve: true, pin: '1234' }, kiosks.client());
    const local = await current.visits.get(visitId);
    expect(local!.checkedInAt).not.toBeNull();
    expect(local).not.toHaveProperty('watch');
    expect(await serverVisit(visitId)).toMatchObject({ held: false, checkedInAt: expect.any(String) });
  });
});
