// The kiosk's outbox and sync engine (kiosk/src/offline) against the real server, with the
// network between them failing on purpose: IndexedDB is fake-indexeddb (imported before
// Dexie), the server and its database are real.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type SyncPushRequest, type SyncPushResponse, uuidv7 } from '@vestibule/shared';
import { type KioskDb, openKioskDb } from '../../kiosk/src/offline/kioskDb.ts';
import { commitCheckIn, commitCheckOut, deviceIdOf } from '../../kiosk/src/offline/outbox.ts';
import {
  RetryableSyncError,
  type SyncTransport,
  httpTransport,
  pushPending,
} from '../../kiosk/src/offline/syncEngine.ts';
import './harness/provided-context.ts';

const baseUrl = inject('baseUrl');
let qrCodeKey = '';
let adminToken = '';
const databases: KioskDb[] = [];

beforeAll(async () => {
  const login = await fetch(`${baseUrl}/service/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Demo Corp's own corporate user: an admin's tenant is whichever another scenario selected last.
    body: JSON.stringify({ username: 'master', password: 'Vestibule1!' }),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  const buildings = await fetch(`${baseUrl}/service/building?search=Demo HQ`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  qrCodeKey = ((await buildings.json()) as { docs: { qrCodeKey: string }[] }).docs[0]?.qrCodeKey ?? '';
});

afterEach(async () => {
  vi.useRealTimers();
  for (const db of databases.splice(0)) {
    db.close();
    await db.delete();
  }
});

function kioskDb(name = `kiosk-${uuidv7()}`): KioskDb {
  const db = openKioskDb(name);
  databases.push(db);
  return db;
}

const server: SyncTransport = httpTransport(`${baseUrl}/service`);

function employee(lastName: string) {
  return { qrCodeKey, visitorType: 'EMPLOYEE', checkInForm: { firstName: 'Offline', lastName } };
}

async function serverVisit(
  visitId: string,
): Promise<{ checkedInAt: string | null; checkedOutAt: string | null } | undefined> {
  const response = await fetch(`${baseUrl}/service/meeting/${visitId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return response.status === 200
    ? ((await response.json()) as { checkedInAt: string | null; checkedOutAt: string | null })
    : undefined;
}

describe('kiosk outbox', () => {
  it('an aborted transaction leaves neither visit nor outbox entry', async () => {
    const db = kioskDb();
    await expect(
      commitCheckIn(db, employee('Aborted'), {
        beforeCommit: () => {
          throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await db.visits.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('seq')).toBeUndefined();
  });

  it('network error, then 5xx, then a mixed answer: each entry ends in the right status', async () => {
    const db = kioskDb();
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
    expect((await serverVisit(first.visitId))?.checkedInAt).not.toBeNull();
  });

  it('a crash after the answer but before the local acknowledgement: resent, duplicate, ends applied', async () => {
    const db = kioskDb();
    const { visitId } = await commitCheckIn(db, employee(`Crash-${uuidv7()}`));
    await expect(
      pushPending(db, server, {
        qrCodeKey,
        afterAnswer: () => {
          throw new Error('tab closed');
        },
      }),
    ).rejects.toThrow('tab closed');
    expect((await db.outbox.toArray())[0]?.status).toBe('pending');
    const answers: SyncPushResponse[] = [];
    const watching: SyncTransport = async (body) => {
      const answer = await server(body);
      answers.push(answer);
      return answer;
    };
    await pushPending(db, watching, { qrCodeKey });
    expect(answers[0]?.results[0]?.status).toBe('duplicate');
    expect((await db.outbox.toArray())[0]?.status).toBe('applied');
    expect(await serverVisit(visitId)).toBeDefined();
  });

  it('two database instances (two tabs) writing at once: unique seq, one push in flight', async () => {
    const name = `kiosk-shared-${uuidv7()}`;
    const tabA = kioskDb(name);
    const tabB = kioskDb(name);
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
    const db = kioskDb();
    vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
    const { visitId } = await commitCheckIn(db, employee(`Clock-${uuidv7()}`));
    vi.setSystemTime(new Date('2026-11-22T14:00:00Z'));
    await commitCheckOut(db, visitId, {});
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.type)).toEqual(['checkIn', 'checkOut']);
    expect((entries[1]?.occurredAt ?? '') < (entries[0]?.occurredAt ?? '')).toBe(true);
    vi.useRealTimers();
    const outcome = await pushPending(db, server, { qrCodeKey });
    expect(outcome).toMatchObject({ applied: 2, rejected: 0 });
    const visit = await serverVisit(visitId);
    expect(visit?.checkedOutAt).not.toBeNull();
  });
});
