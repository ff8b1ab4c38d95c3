// The kiosk's outbox and sync engine (kiosk/src/offline) against the real server, with the
// network between them failing on purpose: IndexedDB is fake-indexeddb (imported before
// Dexie), the server and its database are real.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type SyncPushRequest, type SyncPushResponse, newVisitCodes, uuidv7 } from '@vestibule/shared';
import { lookUpScannedCode } from '../../kiosk/src/features/kiosk/scanLookup.ts';
import { refreshConfig, refreshResolutions, refreshVisits } from '../../kiosk/src/offline/configCache.ts';
import { type KioskDb, openKioskDb } from '../../kiosk/src/offline/kioskDb.ts';
import { commitCheckIn, commitCheckOut, deviceIdOf } from '../../kiosk/src/offline/outbox.ts';
import {
  RetryableSyncError,
  type SyncTransport,
  httpTransport,
  pushPending,
} from '../../kiosk/src/offline/syncEngine.ts';
import { SyncRunner } from '../../kiosk/src/offline/runtime.ts';
import { kioskClient } from '../../kiosk/src/offline/kioskClient.ts';
import { staffPinAccepted, staffPinMatches } from '../../kiosk/src/offline/staffPin.ts';
import { credentialOf, saveEnrolment, withCredential } from '../../kiosk/src/offline/credential.ts';
import { ApiError, type ApiClient } from '@vestibule/shared/api';
import { demoUsers } from './harness/demo-users.ts';
import { enrolDevice } from './harness/kiosk-enrolment.ts';
import { serviceClient, signedIn } from './harness/service.ts';
import './harness/provided-context.ts';

const baseUrl = inject('baseUrl');
let qrCodeKey = '';
let manager: ApiClient;
const databases: KioskDb[] = [];

beforeAll(async () => {
  // Demo Corp's own corporate user: an admin's tenant is whichever another scenario selected last.
  manager = await signedIn(baseUrl, demoUsers.master.username);
  const demo = (await manager.call('GET /building', { query: { search: 'Demo HQ' } })).docs[0];
  qrCodeKey = demo?.qrCodeKey ?? '';
  buildingId = demo?.id ?? '';
});

let buildingId = '';

afterEach(async () => {
  vi.useRealTimers();
  for (const db of databases.splice(0)) {
    db.close();
    await db.delete();
  }
});

/**
 * A kiosk's database, the device enrolled as a kiosk of Demo HQ (a second instance of the same
 * database, another tab, shares its credential).
 */
async function kioskDb(name = `kiosk-${uuidv7()}`): Promise<KioskDb> {
  const db = openKioskDb(name);
  databases.push(db);
  if (!(await credentialOf(db))) await saveEnrolment(db, await enrolDevice(baseUrl, buildingId, await deviceIdOf(db)));
  current = db;
  return db;
}

/** The database of the kiosk the test drives: its credential goes with the /service calls. */
let current: KioskDb | undefined;
const currentDb = () => {
  if (!current) throw new Error('no kiosk database yet');
  return current;
};

/** The kiosk's client of the test server, with the credential of the kiosk the test drives. */
const serverClient = kioskClient({ baseUrl: `${baseUrl}/service`, fetchImpl: withCredential(currentDb) });
const server: SyncTransport = httpTransport(serverClient);

function employee(lastName: string) {
  return { qrCodeKey, visitorType: 'EMPLOYEE', checkInForm: { firstName: 'Offline', lastName } };
}

async function serverVisit(
  visitId: string,
): Promise<{ checkedInAt: string | null; checkedOutAt: string | null } | undefined> {
  return manager.call('GET /meeting/:id', { params: { id: visitId } }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  });
}

describe('kiosk outbox', () => {
  it('an aborted transaction leaves neither visit nor outbox entry', async () => {
    const db = await kioskDb();
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
    const db = await kioskDb();
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
    const db = await kioskDb();
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
    const tabA = await kioskDb(name);
    const tabB = await kioskDb(name);
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
    const db = await kioskDb();
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
});

describe('kiosk configuration, visits and runner', () => {
  it('caches the configuration with its version, revalidates with 304, and takes a new version after a change', async () => {
    const db = await kioskDb();
    expect(await refreshConfig(db, qrCodeKey, serverClient)).toBe('updated');
    const first = await db.config.get(qrCodeKey);
    expect(first!.data.building.qrCodeKey).toBe(qrCodeKey);
    expect(Object.keys(first!.data.checkInData ?? {}).sort()).toEqual(['CONTRACTOR', 'EMPLOYEE', 'VISITOR']);
    expect(first!.version).toBe(first?.data.version);
    expect(await refreshConfig(db, qrCodeKey, serverClient)).toBe('unchanged');
    expect((await db.config.get(qrCodeKey))!.version).toBe(first?.version);
  });

  it('opens the staff screen with the building PIN only, checked on the device', async () => {
    const db = await kioskDb();
    await refreshConfig(db, qrCodeKey, serverClient);
    const config = (await db.config.get(qrCodeKey))?.data;
    const hash = config?.staffPinHash ?? '';
    const buildingId = config?.building.building.id ?? '';
    expect(await staffPinMatches('1234', hash, buildingId)).toBe(true);
    expect(await staffPinMatches('1235', hash, buildingId)).toBe(false);
    // A building that does not list its kiosks has the server check it.
    expect(await staffPinAccepted(qrCodeKey, '1234', serverClient)).toBe(true);
    expect(await staffPinAccepted(qrCodeKey, '1235', serverClient)).toBe(false);
  });

  it('a check-in committed with device-made codes reaches the server with them, through the runner', async () => {
    const db = await kioskDb();
    const runner = new SyncRunner(db, { qrCodeKey, channel: 'kiosk', transport: server, client: serverClient });
    const codes = newVisitCodes();
    const { visitId, mutationId } = await commitCheckIn(db, employee(`Runner-${uuidv7()}`), { codes });
    await runner.request();
    expect((await db.outbox.get(mutationId))!.status).toBe('applied');
    const visit = await manager.call('GET /meeting/:id', { params: { id: visitId } });
    expect(visit.identifier).toBe(codes.identifier);
    expect(runner.getSnapshot()).toMatchObject({ failures: 0, syncing: false, lastError: null });
    // The round also refreshed the configuration and today's visits, which now hold this one.
    expect(await db.config.get(qrCodeKey)).toBeDefined();
    expect((await db.visits.get(visitId))!.identifier).toBe(codes.identifier);
    expect(await db.visits.filter((visit) => visit.source === 'server').count()).toBeGreaterThan(0);
  });

  it("today's visits replace the cached list but never a visit with an unsynced change", async () => {
    const db = await kioskDb();
    const online = await commitCheckIn(db, employee(`Listed-${uuidv7()}`), { codes: newVisitCodes() });
    await pushPending(db, server, { qrCodeKey });
    const offline = await commitCheckIn(db, employee(`Unsynced-${uuidv7()}`), { codes: newVisitCodes() });
    await db.visits.put({
      id: uuidv7(),
      qrCodeKey,
      visitorType: 'VISITOR',
      firstName: 'Gone',
      lastName: 'Elsewhere',
      checkedInAt: new Date().toISOString(),
      checkedOutAt: null,
      identifier: 'ZZZZZZZZ',
      pin: null,
      publicIdentifier: null,
      scheduledAt: null,
      source: 'server',
    });
    const listed = await refreshVisits(db, qrCodeKey, serverClient);
    expect(listed).toBeGreaterThan(0);
    expect(await db.visits.where('identifier').equals('ZZZZZZZZ').count()).toBe(0);
    expect((await db.visits.get(online.visitId))!.checkedInAt).not.toBeNull();
    expect((await db.visits.get(offline.visitId))!.source).toBe('device');
    // Checked out elsewhere (here: on the visitor's own check-out page): the kiosk closes it too.
    const publicIdentifier = (await db.visits.get(online.visitId))?.publicIdentifier ?? '';
    const checkOut = await serviceClient(baseUrl).call('PATCH /checkoutable/:publicIdentifier', {
      params: { publicIdentifier },
      body: { questionnairesAnswers: [] },
    });
    expect(checkOut.status).toBe('success');
    await refreshVisits(db, qrCodeKey, serverClient);
    expect((await db.visits.get(online.visitId))!.checkedOutAt).not.toBeNull();
  });

  it('a scanned invitation of an expected visit starts the wizard from it; a present one goes to check-out', async () => {
    const db = await kioskDb();
    const codes = newVisitCodes();
    const { visitId } = await commitCheckIn(db, employee(`Scan-${uuidv7()}`), { codes });
    const kiosk = { qrCodeKey, buildingId: 'b', buildingName: 'Demo HQ' };
    const present = await lookUpScannedCode(
      db,
      { kind: 'identifier', identifier: codes.identifier, qrCodeKey: null },
      kiosk,
    );
    expect(present.kind).toBe('alreadyIn');
    await commitCheckOut(db, visitId, {});
    const back = await lookUpScannedCode(
      db,
      { kind: 'publicIdentifier', publicIdentifier: codes.publicIdentifier },
      kiosk,
    );
    expect(back).toMatchObject({ kind: 'checkIn', preset: { visitorType: 'EMPLOYEE', checkingBack: true } });
    const unknown = await lookUpScannedCode(db, { kind: 'identifier', identifier: 'ABCDEFGH', qrCodeKey: null }, kiosk);
    expect(unknown.kind).toBe('unknown');
  });
});

describe('refused entries resolved by staff', () => {
  it('the kiosk learns that staff resolved its refused entry in the administration', async () => {
    const db = await kioskDb();
    const twin = `Resolved-${uuidv7()}`;
    await commitCheckIn(db, employee(twin));
    const second = await commitCheckIn(db, employee(twin));
    await pushPending(db, server, { qrCodeKey });
    expect((await db.outbox.get(second.mutationId))!.errorCode).toBe('CHECKEDIN');
    const resolve = await manager.call('PATCH /sync/rejected/:mutationId/resolve', {
      params: { mutationId: second.mutationId },
    });
    expect(resolve.mutationId).toBe(second.mutationId);
    await refreshResolutions(db, qrCodeKey, serverClient);
    expect((await db.outbox.get(second.mutationId))!.resolvedAt).toBeTruthy();
  });
});
