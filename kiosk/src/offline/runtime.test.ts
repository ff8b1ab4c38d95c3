// @vitest-environment node
// The page's sync runner against the real server (offlineTesting.ts): a round pushes, then
// refreshes the configuration and today's visits; a revoked kiosk is told so and stops.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newVisitCodes, uuidv7 } from '@vestibule/shared';
import { refreshConfig, refreshResolutions } from './configCache.ts';
import { type TestServer, employeeCheckIn, serverForTests } from './offlineTesting.ts';
import { commitCheckIn, deviceIdOf } from './outbox.ts';
import { SyncRunner } from './runtime.ts';

let testServer: TestServer;
let qrCodeKey = '';
const kiosks = serverForTests((started) => {
  testServer = started;
  qrCodeKey = started.building.qrCodeKey;
});

const employee = (lastName: string) => employeeCheckIn(qrCodeKey, lastName);

/** The runner of the kiosk opened last, talking to the test server. */
function runnerOf(db: Awaited<ReturnType<typeof kiosks.open>>): SyncRunner {
  return new SyncRunner(db, { qrCodeKey, channel: 'kiosk', transport: kiosks.transport(), client: kiosks.client() });
}

describe('the sync runner', () => {
  it('a check-in committed with device-made codes reaches the server with them, through the runner', async () => {
    const db = await kiosks.open();
    const runner = runnerOf(db);
    const codes = newVisitCodes();
    const { visitId, mutationId } = await commitCheckIn(db, employee(`Runner-${uuidv7()}`), { codes });
    await runner.request();
    // Applied, so the round's end cleared it from the kiosk (docs/privacy.md, "On the kiosk").
    expect(await db.outbox.get(mutationId)).toBeUndefined();
    const visit = await testServer.manager.call('GET /meeting/:id', { params: { id: visitId } });
    expect(visit.identifier).toBe(codes.identifier);
    expect(runner.getSnapshot()).toMatchObject({ failures: 0, syncing: false, lastError: null });
    // The round also refreshed the configuration and today's visits, which now hold this one.
    expect(await db.config.get(qrCodeKey)).toBeDefined();
    expect((await db.visits.get(visitId))!.identifier).toBe(codes.identifier);
    expect(await db.visits.filter((visit) => visit.source === 'server').count()).toBeGreaterThan(0);
  });
});

describe('a revoked kiosk', () => {
  it('has what it delivers after its revocation held, backdated or not, reads nothing more and keeps why', async () => {
    const db = await kiosks.open();
    const runner = runnerOf(db);
    const before = await commitCheckIn(db, employee(`Before-${uuidv7()}`), { now: new Date(Date.now() - 60_000) });
    const deviceId = await deviceIdOf(db);
    await testServer.manager.call('POST /building/:id/devices/:deviceId/revoke', {
      params: { id: testServer.building.id, deviceId },
    });
    const after = await commitCheckIn(db, employee(`After-${uuidv7()}`));

    await runner.request();

    // Both reached the server after the revocation: held for an administrator, whatever their date.
    for (const entry of [before, after]) {
      expect(await db.outbox.get(entry.mutationId)).toMatchObject({
        status: 'rejected',
        errorCode: 'KIOSK_ENTRY_HELD',
      });
    }
    // The round's refresh was refused: the round failed, and the device noted the refusal the
    // kiosk's gate reads to stop and say why.
    expect(runner.getSnapshot()).toMatchObject({ failures: 1, syncing: false });
    expect(runner.getSnapshot().lastError).not.toBeNull();
    expect(await db.meta.get('kioskAccess')).toMatchObject({ value: 'revoked' });
    await expect(refreshConfig(db, qrCodeKey, kiosks.client())).rejects.toMatchObject({
      status: 403,
      errorCode: 'KIOSK_DEVICE_REVOKED',
    });

    // An administrator applies the first and discards the second; the staff screen learns it.
    const held = { id: testServer.building.id, deviceId };
    const applied = await testServer.manager.call('POST /building/:id/devices/:deviceId/held/:mutationId/apply', {
      params: { ...held, mutationId: before.mutationId },
    });
    expect(applied).toEqual({ mutationId: before.mutationId, outcome: 'applied' });
    const visit = await testServer.manager.call('GET /meeting/:id', { params: { id: before.visitId } });
    expect(visit.checkedInAt).not.toBeNull();
    await testServer.manager.call('POST /building/:id/devices/:deviceId/held/:mutationId/discard', {
      params: { ...held, mutationId: after.mutationId },
    });
    await refreshResolutions(db, qrCodeKey, kiosks.client());
    for (const entry of [before, after]) {
      expect((await db.outbox.get(entry.mutationId))!.resolvedAt).toEqual(expect.any(String));
    }
  });

  it('learns the reason the check-in rules gave a held entry an administrator applied', async () => {
    const db = await kiosks.open();
    const runner = runnerOf(db);
    const lastName = `Twice-${uuidv7()}`;
    const first = await commitCheckIn(db, employee(lastName), { now: new Date(Date.now() - 120_000) });
    await runner.request();
    // Applied, so the round's end cleared it from the kiosk; the server has the visit.
    expect(await db.outbox.get(first.mutationId)).toBeUndefined();
    expect(
      (await testServer.manager.call('GET /meeting/:id', { params: { id: first.visitId } })).checkedInAt,
    ).not.toBeNull();
    const deviceId = await deviceIdOf(db);
    await testServer.manager.call('POST /building/:id/devices/:deviceId/revoke', {
      params: { id: testServer.building.id, deviceId },
    });
    // The same employee again while still in: held, then refused when applied.
    const again = await commitCheckIn(db, employee(lastName));
    await runner.request();
    const answer = await testServer.manager.call('POST /building/:id/devices/:deviceId/held/:mutationId/apply', {
      params: { id: testServer.building.id, deviceId, mutationId: again.mutationId },
    });
    expect(answer).toEqual({ mutationId: again.mutationId, outcome: 'refused', reason: 'CHECKEDIN' });
    await refreshResolutions(db, qrCodeKey, kiosks.client());
    const refused = await db.outbox.get(again.mutationId);
    expect(refused).toMatchObject({ status: 'rejected', errorCode: 'CHECKEDIN' });
    // Still for staff to resolve.
    expect(refused!.resolvedAt ?? null).toBeNull();
  });
});
