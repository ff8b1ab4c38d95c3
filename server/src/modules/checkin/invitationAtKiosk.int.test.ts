import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncPushRequest, uuidv7 } from '@vestibule/shared';
import { qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, enrolledKiosk, jsonOf } from '../../../test/helpers/test-app.ts';
import { type Seed, caller, errorOf, invite, seedVisits } from '../visits/visits.test-fixtures.ts';

// An invitation at the door (both databases): an enrolled kiosk finds a visit it does not hold
// yet by its visit code, and the visit's link and the kiosk's list of the day carry what the
// wizard starts from: the invitation's PIN and the form it holds (docs/kiosk.md, "QR codes").

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;
let hqKey: string;
let kioskHeaders: Record<string, string>;
let kioskDevice: string;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
  hqKey = await qrCodeKeyOf(t.database.db, seed.hq);
  const kiosk = await enrolledKiosk(t.app, seed.hq);
  kioskHeaders = kiosk.headers;
  kioskDevice = kiosk.deviceId;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/service${url}`, headers });
const pinOf = async (id: string) =>
  (await t.database.db.selectFrom('visits').select('pin').where('id', '=', id).executeTakeFirstOrThrow()).pin;

interface LinkVisit {
  kind: string;
  id: string;
  identifier: string;
  pin: string;
  checkInForm: Record<string, unknown> | null;
}

describe('an invitation a kiosk does not hold yet', () => {
  it('is found by its visit code on an enrolled kiosk of its building, with its PIN and what it holds of the form', async () => {
    const invited = await invite(call, seed);
    const found = await get(`/checkinKiosk/${hqKey}/${invited.identifier}`, kioskHeaders);
    expect(found.statusCode).toBe(200);
    expect(jsonOf<LinkVisit>(found)).toMatchObject({
      kind: 'visit',
      id: invited.id,
      identifier: invited.identifier,
      pin: await pinOf(invited.id),
      checkInForm: {
        firstName: 'Vera',
        lastName: invited.lastName,
        email: invited.email,
        companyName: invited.companyName,
        host: 'Ada Lovelace',
      },
    });
  });

  it('is not found by its code on a phone, nor by a kiosk of another building or another company', async () => {
    const invited = await invite(call, seed);
    expect(errorOf(await get(`/checkin/${hqKey}/${invited.identifier}`))).toEqual([404, 'CHECKIN_VISIT_NOT_FOUND']);
    const annexKiosk = await enrolledKiosk(t.app, seed.annex);
    const annexKey = await qrCodeKeyOf(t.database.db, seed.annex);
    expect(errorOf(await get(`/checkinKiosk/${annexKey}/${invited.identifier}`, annexKiosk.headers))).toEqual([
      404,
      'CHECKIN_VISIT_NOT_FOUND',
    ]);
    expect(errorOf(await get(`/checkinKiosk/${hqKey}/${invited.identifier}`, annexKiosk.headers))).toEqual([
      403,
      'KIOSK_DEVICE_NOT_ALLOWED',
    ]);
    const otherKiosk = await enrolledKiosk(t.app, seed.other);
    const otherKey = await qrCodeKeyOf(t.database.db, seed.other);
    expect(errorOf(await get(`/checkinKiosk/${otherKey}/${invited.identifier}`, otherKiosk.headers))).toEqual([
      404,
      'CHECKIN_VISIT_NOT_FOUND',
    ]);
    expect(errorOf(await get(`/checkinKiosk/${hqKey}/${invited.identifier}`))).toEqual([
      401,
      'KIOSK_ENROLMENT_REQUIRED',
    ]);
  });

  it('reached by its link on a phone, carries its PIN and the form from what the visit holds', async () => {
    const invited = await invite(call, seed);
    // A visit whose stored form lacks what its columns hold (an older invitation) still prefills them.
    await t.database.db
      .updateTable('visits')
      .set({ check_in_form: JSON.stringify({ custom1: 'Parking B' }), phone: '+15550100' })
      .where('id', '=', invited.id)
      .execute();
    const link = jsonOf<LinkVisit>(await get(`/checkin/${hqKey}/${invited.publicIdentifier}`));
    expect(link.pin).toBe(await pinOf(invited.id));
    expect(link.checkInForm).toEqual({
      firstName: 'Vera',
      lastName: invited.lastName,
      email: invited.email,
      phone: '+15550100',
      companyName: invited.companyName,
      contractorCompanyName: invited.companyName,
      host: 'Ada Lovelace',
      custom1: 'Parking B',
    });
  });
});

describe("the kiosk's list of the day", () => {
  it("carries an expected visit's PIN and form, and neither once the visit is in", async () => {
    const invited = await invite(call, seed);
    type Listed = { id: string; pin: string | null; checkInForm: Record<string, unknown> | null };
    const listed = async () =>
      jsonOf<Listed[]>(await get(`/sync/visits/${hqKey}`, kioskHeaders)).find((visit) => visit.id === invited.id);
    expect(await listed()).toMatchObject({
      pin: await pinOf(invited.id),
      checkInForm: { email: invited.email, companyName: invited.companyName },
    });
    const push: SyncPushRequest = {
      deviceId: kioskDevice,
      sentAt: new Date().toISOString(),
      qrCodeKey: hqKey,
      pendingCount: 0,
      mutations: [
        {
          mutationId: uuidv7(),
          deviceId: kioskDevice,
          seq: 1,
          type: 'checkIn',
          visitId: invited.id,
          occurredAt: new Date().toISOString(),
          payload: {
            qrCodeKey: hqKey,
            visitorType: 'VISITOR',
            checkInForm: { firstName: 'Vera', lastName: invited.lastName ?? '', host: 'Ada Lovelace' },
            questionnairesAnswers: [{ questionnaireId: seed.health, answers: { [seed.fever]: 'NO' } }],
          },
        },
      ],
    };
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/service/sync/push',
      payload: push,
      headers: kioskHeaders,
    });
    expect(jsonOf<{ results: { status: string }[] }>(pushed).results.map((result) => result.status)).toEqual([
      'applied',
    ]);
    expect(await listed()).toMatchObject({ pin: null, checkInForm: null });
  });
});
