// @vitest-environment node
// What a kiosk keeps of the server to work offline, refreshed from the real server
// (offlineTesting.ts): the building's configuration (ETag, 304), today's visits, and which of
// its refused entries staff resolved.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newVisitCodes, uuidv7 } from '@vestibule/shared';
import { refreshConfig, refreshResolutions, refreshVisits } from './configCache.ts';
import { type TestServer, employeeCheckIn, inviteAtDemoHq, serverForTests } from './offlineTesting.ts';
import { commitCheckIn } from './outbox.ts';
import { type SyncTransport, pushPending } from './syncEngine.ts';

let testServer: TestServer;
let qrCodeKey = '';
const kiosks = serverForTests((started) => {
  testServer = started;
  qrCodeKey = started.building.qrCodeKey;
});
/** The server, reached with the credential of the kiosk the test drives. */
const server: SyncTransport = (body) => kiosks.transport()(body);

const employee = (lastName: string) => employeeCheckIn(qrCodeKey, lastName);

describe('kiosk configuration and visits', () => {
  it('caches the configuration with its version, revalidates with 304, and takes a new version after a change', async () => {
    const db = await kiosks.open();
    // Each exchange as HTTP saw it: the If-None-Match sent, the status and the ETag answered.
    const exchanges: [string | null, number, string | null][] = [];
    const client = kiosks.client((init, response) =>
      exchanges.push([new Headers(init?.headers).get('if-none-match'), response.status, response.headers.get('etag')]),
    );
    expect(await refreshConfig(db, qrCodeKey, client)).toBe('updated');
    const first = await db.config.get(qrCodeKey);
    expect(first!.data.building.qrCodeKey).toBe(qrCodeKey);
    expect(Object.keys(first!.data.checkInData ?? {}).sort()).toEqual(['CONTRACTOR', 'EMPLOYEE', 'VISITOR']);
    expect(first!.version).toBe(first?.data.version);
    expect(await refreshConfig(db, qrCodeKey, client)).toBe('unchanged');
    expect((await db.config.get(qrCodeKey))!.version).toBe(first?.version);
    const v1 = `"${first!.version}"`;
    expect(exchanges).toEqual([
      [null, 200, v1],
      [v1, 304, v1],
    ]);

    const renamed = await testServer.db
      .updateTable('buildings')
      .set({ name: 'Demo HQ (renamed)' })
      .where('id', '=', testServer.building.id)
      .executeTakeFirst();
    expect(renamed.numUpdatedRows).toBe(1n);
    expect(await refreshConfig(db, qrCodeKey, client)).toBe('updated');
    const second = await db.config.get(qrCodeKey);
    expect(second!.version).not.toBe(first!.version);
    expect(second!.data.building.building.name).toBe('Demo HQ (renamed)');
    expect(exchanges[2]).toEqual([v1, 200, `"${second!.version}"`]);
  });

  it("today's visits replace the cached list but never a visit with an unsynced change", async () => {
    const db = await kiosks.open();
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
    const listed = await refreshVisits(db, qrCodeKey, kiosks.client());
    expect(listed).toBeGreaterThan(0);
    expect(await db.visits.where('identifier').equals('ZZZZZZZZ').count()).toBe(0);
    expect((await db.visits.get(online.visitId))!.checkedInAt).not.toBeNull();
    expect((await db.visits.get(offline.visitId))!.source).toBe('device');
    // Checked out elsewhere (here: on the visitor's own check-out page): the kiosk closes it too.
    const publicIdentifier = (await db.visits.get(online.visitId))?.publicIdentifier ?? '';
    const checkOut = await testServer.anonymous.call('PATCH /checkoutable/:publicIdentifier', {
      params: { publicIdentifier },
      body: { questionnairesAnswers: [] },
    });
    expect(checkOut.status).toBe('success');
    await refreshVisits(db, qrCodeKey, kiosks.client());
    expect((await db.visits.get(online.visitId))!.checkedOutAt).not.toBeNull();
  });
});

describe("an invitation in the kiosk's list of the day", () => {
  it('is kept with its PIN and what it holds of the form, for its check-in offline', async () => {
    const db = await kiosks.open();
    const lastName = `Listed${uuidv7().slice(-6)}`;
    const invited = await inviteAtDemoHq(testServer, lastName);
    await refreshVisits(db, qrCodeKey, kiosks.client());
    const kept = await db.visits.get(invited.id);
    expect(kept).toMatchObject({
      identifier: invited.identifier,
      pin: expect.stringMatching(/^\d{4}$/),
      checkInForm: {
        firstName: 'Iris',
        lastName,
        email: `${lastName.toLowerCase()}@example.test`,
        companyName: 'Invited Ltd',
      },
      source: 'server',
    });
  });
});

describe('refused entries resolved by staff', () => {
  it('the kiosk learns that staff resolved its refused entry in the administration', async () => {
    const db = await kiosks.open();
    const twin = `Resolved-${uuidv7()}`;
    await commitCheckIn(db, employee(twin));
    const second = await commitCheckIn(db, employee(twin));
    await pushPending(db, server, { qrCodeKey });
    expect((await db.outbox.get(second.mutationId))!.errorCode).toBe('CHECKEDIN');
    const resolve = await testServer.manager.call('PATCH /sync/rejected/:mutationId/resolve', {
      params: { mutationId: second.mutationId },
    });
    expect(resolve.mutationId).toBe(second.mutationId);
    await refreshResolutions(db, qrCodeKey, kiosks.client());
    expect((await db.outbox.get(second.mutationId))!.resolvedAt).toBeTruthy();
  });
});
