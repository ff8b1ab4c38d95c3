import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KioskPerson, type SyncPushRequest, type SyncPushResponse, uuidv7 } from '@vestibule/shared';
import { hashPassword } from '../auth/password.ts';
import {
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// The kiosk's offline directory: the building's active passes in its configuration,
// nothing more of a person; the configuration's version moves with a person (and a camera); an
// entry made offline with a pass is checked again when it syncs, and a refused one is listed.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
let kiosk: { deviceId: string; headers: Record<string, string> };
let staff: { authorization: string };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Offline Co' });
  buildingId = await createBuilding(t.database.db, tenantId, 'Offline Tower');
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
  kiosk = await enrolledKiosk(t.app, buildingId);
  const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
  staff = bearer(await logInAs(t.app, master.username));
});
afterAll(() => t.close());

const readConfig = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/service/sync/config/${qrCodeKey}`, headers: { ...kiosk.headers, ...headers } });

async function passOf(personId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('people')
    .select('pass_identifier')
    .where('id', '=', personId)
    .executeTakeFirstOrThrow();
  return row.pass_identifier;
}

/** An offline check-in of a person with the pass the kiosk scanned. */
function passCheckIn(personId: string, passIdentifier: string, occurredAt = new Date()) {
  seq++;
  return {
    mutationId: uuidv7(),
    deviceId: kiosk.deviceId,
    seq,
    type: 'checkIn' as const,
    visitId: uuidv7(),
    occurredAt: occurredAt.toISOString(),
    payload: {
      qrCodeKey,
      visitorType: 'EMPLOYEE',
      personId,
      passIdentifier,
      // The kiosk knows a first name and an initial: the server takes the names from the record.
      checkInForm: { firstName: 'Offline', lastName: 'P' },
    },
  };
}

async function push(mutations: SyncPushRequest['mutations']) {
  const body: SyncPushRequest = {
    deviceId: kiosk.deviceId,
    sentAt: new Date().toISOString(),
    qrCodeKey,
    mutations,
    pendingCount: 0,
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/sync/push',
    payload: body,
    headers: kiosk.headers,
  });
  return jsonOf<SyncPushResponse>(response).results.map((result) => [result.status, result.errorCode]);
}

describe('the people in a kiosk configuration', () => {
  it("carries the building's active passes with a first name and an initial, nothing else of a person", async () => {
    const pinned = await createPerson(t.database.db, tenantId, buildingId, {
      firstName: 'Zoë',
      lastName: 'émile',
      email: 'zoe@example.test',
      externalId: 'EXT-ZOE',
      validFrom: '2026-01-01',
    });
    await t.database.db
      .updateTable('people')
      .set({ pin_hash: await hashPassword('2468'), phone: '+14165550123' })
      .where('id', '=', pinned)
      .execute();
    const deactivated = await createPerson(t.database.db, tenantId, buildingId, { deactivated: true });
    const ended = await createPerson(t.database.db, tenantId, buildingId, { validTo: '2020-12-31' });
    const annex = await createBuilding(t.database.db, tenantId, 'Offline Annex');
    const elsewhere = await createPerson(t.database.db, tenantId, annex);
    const response = await readConfig();
    const { people, timeZoneId } = jsonOf<{ people: KioskPerson[]; timeZoneId: string }>(response);
    expect(timeZoneId).toBe('America/Toronto');
    const ids = people.map((entry) => entry.personId);
    expect(ids).toContain(pinned);
    for (const absent of [deactivated, ended, elsewhere]) expect(ids).not.toContain(absent);
    expect(people.find((entry) => entry.personId === pinned)).toEqual({
      personId: pinned,
      passIdentifier: await passOf(pinned),
      firstName: 'Zoë',
      lastInitial: 'É',
      visitorType: 'EMPLOYEE',
      validFrom: '2026-01-01',
      validTo: null,
    });
    for (const secret of ['scrypt', 'zoe@example.test', 'EXT-ZOE', '+14165550123'])
      expect(response.body).not.toContain(secret);
    // The last name travels only as a host's name, for the host field's search.
    const { hosts, ...rest } = jsonOf<{ hosts: unknown }>(response);
    expect(JSON.stringify(rest)).not.toContain('émile');
    expect(hosts).toContainEqual({
      personId: pinned,
      userId: null,
      firstName: 'Zoë',
      lastName: 'émile',
      department: null,
    });
  });

  it('changes version when a person of the building is added, changed, deactivated or deleted, and when a camera changes', async () => {
    const first = await readConfig();
    const etag = first.headers.etag as string;
    expect((await readConfig({ 'if-none-match': etag })).statusCode).toBe(304);
    const id = await createPerson(t.database.db, tenantId, buildingId, { firstName: 'Newcomer' });
    const leaver = await createPerson(t.database.db, tenantId, buildingId, { firstName: 'Leaver' });
    const added = await readConfig({ 'if-none-match': etag });
    expect(added.statusCode).toBe(200);
    expect(jsonOf<{ people: KioskPerson[] }>(added).people.map((entry) => entry.firstName)).toContain('Newcomer');
    const versions = [etag, added.headers.etag as string];
    const changes = [
      () =>
        t.app.inject({
          method: 'PATCH',
          url: `/service/person/${id}`,
          headers: staff,
          payload: { firstName: 'Renamed' },
        }),
      () => t.app.inject({ method: 'POST', url: `/service/person/${id}/revokePass`, headers: staff }),
      () =>
        t.app.inject({ method: 'PATCH', url: `/service/person/${id}`, headers: staff, payload: { deactivated: true } }),
      () => t.app.inject({ method: 'DELETE', url: `/service/person/${leaver}`, headers: staff }),
      () =>
        t.database.db
          .insertInto('cameras')
          .values({
            id: uuidv7(),
            tenant_id: tenantId,
            building_id: buildingId,
            name: 'Door camera',
            ip_address: '127.0.0.1:1',
            auth_user: null,
            auth_password: null,
            camera_place: 'ENTRY',
          })
          .execute(),
    ];
    for (const [index, change] of changes.entries()) {
      const previous = versions.at(-1) as string;
      await change();
      const next = await readConfig({ 'if-none-match': previous });
      expect({ index, status: next.statusCode }).toEqual({ index, status: 200 });
      expect(next.headers.etag).not.toBe(previous);
      versions.push(next.headers.etag as string);
    }
    // A person of another building changes nothing here.
    const annex = await createBuilding(t.database.db, tenantId, 'Offline Annex 2');
    await createPerson(t.database.db, tenantId, annex);
    expect((await readConfig({ 'if-none-match': versions.at(-1) as string })).statusCode).toBe(304);
  });
});

describe('an offline entry with a pass, at sync', () => {
  it("is applied linked to the person when the pass still holds, and refused with the reason when it doesn't", async () => {
    const valid = await createPerson(t.database.db, tenantId, buildingId, { lastName: 'Synced' });
    const revoked = await createPerson(t.database.db, tenantId, buildingId, { lastName: 'Revoked' });
    const deactivated = await createPerson(t.database.db, tenantId, buildingId, { lastName: 'Deactivated' });
    const ended = await createPerson(t.database.db, tenantId, buildingId, { lastName: 'Ended', validTo: '2026-01-10' });
    const entries = {
      valid: passCheckIn(valid, await passOf(valid)),
      revoked: passCheckIn(revoked, await passOf(revoked)),
      deactivated: passCheckIn(deactivated, await passOf(deactivated)),
      // Made offline after the person's last valid day (the entry's day decides, not the sync's).
      ended: passCheckIn(ended, await passOf(ended), new Date()),
    };
    // While the kiosk was offline: a pass replaced, a person deactivated.
    await t.app.inject({ method: 'POST', url: `/service/person/${revoked}/revokePass`, headers: staff });
    await t.app.inject({
      method: 'PATCH',
      url: `/service/person/${deactivated}`,
      headers: staff,
      payload: { deactivated: true },
    });
    const results = await push([entries.valid, entries.revoked, entries.deactivated, entries.ended]);
    expect(results).toEqual([
      ['applied', undefined],
      ['rejected', 'PERSON_PASS_REVOKED'],
      ['rejected', 'PERSON_DEACTIVATED'],
      ['rejected', 'PERSON_NOT_VALID'],
    ]);
    const visit = await t.database.db
      .selectFrom('visits')
      .select(['person_id', 'first_name', 'last_name', 'source'])
      .where('id', '=', entries.valid.visitId)
      .executeTakeFirstOrThrow();
    expect(visit).toEqual({ person_id: valid, first_name: 'Ada', last_name: 'Synced', source: 'KIOSK' });
    // The refused entries are listed for the kiosk's staff screen and the building's devices tab.
    const own = jsonOf<{ rejected: { mutationId: string; errorCode: string }[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/service/sync/device/${kiosk.deviceId}?qrCodeKey=${qrCodeKey}`,
        headers: kiosk.headers,
      }),
    );
    expect(own.rejected.map((entry) => [entry.mutationId, entry.errorCode])).toEqual(
      expect.arrayContaining([
        [entries.revoked.mutationId, 'PERSON_PASS_REVOKED'],
        [entries.deactivated.mutationId, 'PERSON_DEACTIVATED'],
        [entries.ended.mutationId, 'PERSON_NOT_VALID'],
      ]),
    );
    const devices = jsonOf<{ rejected: { errorCode: string }[] }>(
      await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/devices`, headers: staff }),
    );
    expect(devices.rejected.map((entry) => entry.errorCode)).toEqual(
      expect.arrayContaining(['PERSON_PASS_REVOKED', 'PERSON_DEACTIVATED', 'PERSON_NOT_VALID']),
    );
    // Sent again: the same answers, nothing applied twice.
    expect(await push([entries.valid, entries.revoked])).toEqual([
      ['duplicate', undefined],
      ['rejected', 'PERSON_PASS_REVOKED'],
    ]);
  });

  it("judges a person's validity on the day the entry was made", async () => {
    const leaving = await createPerson(t.database.db, tenantId, buildingId, {
      lastName: 'Leaving',
      validTo: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
    });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    expect(await push([passCheckIn(leaving, await passOf(leaving), threeDaysAgo)])).toEqual([['applied', undefined]]);
  });
});
