import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckInResponse,
  KIOSK_CREDENTIAL_HEADER,
  type SyncPushRequest,
  type SyncPushResponse,
  uuidv7,
} from '@vestibule/shared';
import { createBuilding, createTenant, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, enrolledKiosk, jsonOf } from '../../../test/helpers/test-app.ts';

// Each visit keeps who checked it out (both databases): the visitor's phone (OWN_DEVICE),
// a kiosk online or by its synced offline entries (KIOSK); staff (STAFF) and the automatic
// check-out are tested with the entry log and the lifecycle jobs.

let t: TestApp;
let buildingId: string;
let qrCodeKey: string;
/** The building's enrolled kiosk, and another building's. */
let kiosk: { deviceId: string; headers: Record<string, string> };
let elsewhere: { deviceId: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await createTenant(t.database.db);
  buildingId = await createBuilding(t.database.db, tenantId, 'Lobby');
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
  kiosk = await enrolledKiosk(t.app, buildingId);
  elsewhere = await enrolledKiosk(t.app, await createBuilding(t.database.db, tenantId, 'Annex'));
});
afterAll(() => t.close());

let counter = 0;
function visitor() {
  counter++;
  return {
    qrCodeKey,
    visitorType: 'v',
    checkInForm: {
      firstName: 'Ana',
      lastName: `Leaver${counter}`,
      host: 'Bob Host',
      email: `leaver${counter}@example.test`,
      phone: `+1416555${String(2000 + counter)}`,
    },
    questionnairesAnswers: [],
  };
}

/** A visitor checked in on their phone: the visit's id and its link's secret. */
async function checkedIn(body = visitor()) {
  const response = await t.app.inject({ method: 'POST', url: '/service/checkin', payload: body });
  const answer = jsonOf<CheckInResponse>(response);
  expect(answer.allowed).toBe(true);
  return { id: answer.entryLogItem!.id, publicIdentifier: answer.publicIdentifier!, body };
}

const methodOf = async (id: string) =>
  (
    await t.database.db
      .selectFrom('visits')
      .select(['checkout_method', 'checked_out_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).checkout_method;

/** The check-out page of the visit's link, on whatever device sends `headers`. */
async function checkOutByLink(publicIdentifier: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/service/checkoutable/${publicIdentifier}`,
    payload: { questionnairesAnswers: [] },
    headers,
  });
  expect(jsonOf(response)).toMatchObject({ status: 'success', visit: { status: 'OUT' } });
}

describe('who checked a visit out', () => {
  it("the visitor's phone, on the check-out page of their link: OWN_DEVICE", async () => {
    const visit = await checkedIn();
    await checkOutByLink(visit.publicIdentifier);
    expect(await methodOf(visit.id)).toBe('OWN_DEVICE');
  });

  it('a kiosk of the building on the same page (a visit found by its code and PIN): KIOSK', async () => {
    const visit = await checkedIn();
    await checkOutByLink(visit.publicIdentifier, kiosk.headers);
    expect(await methodOf(visit.id)).toBe('KIOSK');
  });

  it("another building's kiosk, or a credential that is no kiosk's, does not make it a kiosk's check-out", async () => {
    const foreign = await checkedIn();
    await checkOutByLink(foreign.publicIdentifier, elsewhere.headers);
    expect(await methodOf(foreign.id)).toBe('OWN_DEVICE');
    const forged = await checkedIn();
    await checkOutByLink(forged.publicIdentifier, { [KIOSK_CREDENTIAL_HEADER]: `${kiosk.deviceId}.not-its-secret` });
    expect(await methodOf(forged.id)).toBe('OWN_DEVICE');
  });

  it("a kiosk's self check-out, the visit found by last name: KIOSK", async () => {
    const visit = await checkedIn();
    const found = jsonOf<{ ticket: string; visitId: string }[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/buildingCheckOut/${qrCodeKey}/search`,
        payload: { lastName: visit.body.checkInForm.lastName },
        headers: kiosk.headers,
      }),
    );
    expect(found.map((row) => row.visitId)).toEqual([visit.id]);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/service/buildingCheckOut/${qrCodeKey}/ticket/${found[0]!.ticket}`,
      payload: { questionnairesAnswers: [] },
      headers: kiosk.headers,
    });
    expect(jsonOf(response)).toMatchObject({ status: 'success' });
    expect(await methodOf(visit.id)).toBe('KIOSK');
  });

  it("a kiosk's offline check-out when it syncs, of a visit it made offline or one made elsewhere: KIOSK", async () => {
    const onPhone = await checkedIn();
    const offlineVisit = uuidv7();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const mutation = (seq: number, type: 'checkIn' | 'checkOut', visitId: string, occurredAt: string) => ({
      mutationId: uuidv7(),
      deviceId: kiosk.deviceId,
      seq,
      type,
      visitId,
      occurredAt,
      payload:
        type === 'checkIn'
          ? { qrCodeKey, visitorType: 'VISITOR', checkInForm: { firstName: 'Kiosk', lastName: 'Offline', host: 'H' } }
          : {},
    });
    const batch = {
      deviceId: kiosk.deviceId,
      sentAt: new Date().toISOString(),
      qrCodeKey,
      pendingCount: 0,
      mutations: [
        mutation(1, 'checkIn', offlineVisit, at(10)),
        mutation(2, 'checkOut', offlineVisit, at(5)),
        mutation(3, 'checkOut', onPhone.id, at(0)),
      ],
    } as SyncPushRequest;
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/sync/push',
      payload: batch,
      headers: kiosk.headers,
    });
    expect(jsonOf<SyncPushResponse>(response).results.map((result) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    expect(await methodOf(offlineVisit)).toBe('KIOSK');
    expect(await methodOf(onPhone.id)).toBe('KIOSK');
  });

  it('a visitor checking in again after a check-out is in again with no check-out method', async () => {
    const visit = await checkedIn();
    await checkOutByLink(visit.publicIdentifier);
    expect(await methodOf(visit.id)).toBe('OWN_DEVICE');
    const back = await t.app.inject({
      method: 'POST',
      url: '/service/checkin',
      payload: { ...visit.body, id: visit.id },
    });
    expect(jsonOf<CheckInResponse>(back)).toMatchObject({ allowed: true, entryLogItem: { status: 'IN' } });
    expect(await methodOf(visit.id)).toBeNull();
  });
});
