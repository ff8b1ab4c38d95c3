import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInResponse, type PinIdentificationResult, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import { hashPassword } from '../auth/password.ts';
import { issuePersonTicket } from './personTicket.ts';
import { createBuilding, createPerson, createTenant, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, enrolledKiosk, jsonOf } from '../../../test/helpers/test-app.ts';

// PIN identification: the building PIN, then the person's own credentials by the
// building's method; every refusal code; the ticket that proves the person to the check-in;
// attempts limited per person and per address.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
const BUILDING_PIN = '4321';
let pinHash: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Pin Co' });
  buildingId = await createBuilding(t.database.db, tenantId, 'Pin Tower');
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
  await t.database.db.updateTable('buildings').set({ pin_code: BUILDING_PIN }).where('id', '=', buildingId).execute();
  pinHash = await hashPassword('2468');
});
afterAll(() => t.close());

let addressCounter = 0;
/** A fresh client address (each test its own, so the per-address count is the test's). */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function person(
  overrides: Parameters<typeof createPerson>[3] = {},
  building = buildingId,
  pin: string | null = pinHash,
) {
  const id = await createPerson(t.database.db, tenantId, building, overrides);
  await t.database.db.updateTable('people').set({ pin_hash: pin }).where('id', '=', id).execute();
  return id;
}

async function setMethod(method: string, building = buildingId) {
  await t.database.db
    .updateTable('buildings')
    .set({ settings: JSON.stringify({ ...newBuildingSettings(), pinIdentificationMethodType: method }) })
    .where('id', '=', building)
    .execute();
}

const identify = (body: Record<string, unknown>, remoteAddress = '10.9.9.9', key = qrCodeKey) =>
  t.app.inject({ method: 'POST', url: `/service/pinIdentification/${key}`, payload: body, remoteAddress });

/** The identified person's id (null when nobody was). */
const personIdOf = (answer: Awaited<ReturnType<typeof identify>>) =>
  jsonOf<PinIdentificationResult>(answer).person?.personId ?? null;

const codeOf = async (response: ReturnType<typeof identify>) => {
  const answer = await response;
  return [answer.statusCode, jsonOf(answer).errorCode];
};

describe('GET /service/pinIdentification/{key}', () => {
  it('answers the building and its method; an unknown key is 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/service/pinIdentification/${qrCodeKey}` });
    expect(jsonOf(page)).toMatchObject({
      qrCodeKey,
      building: { id: buildingId, name: 'Pin Tower' },
      method: 'PERSONAL_PIN_AND_LASTNAME',
    });
    expect((await t.app.inject({ method: 'GET', url: '/service/pinIdentification/nope' })).statusCode).toBe(404);
  });
});

describe('POST /service/pinIdentification/{key}', () => {
  it('identifies by personal PIN and last name, and the ticket checks the person in, linked', async () => {
    const id = await person({ firstName: 'Iris', lastName: 'Mbeki', email: 'iris@example.test' });
    const answer = await identify(
      { buildingPin: BUILDING_PIN, personalPin: '2468', lastName: 'MBEKI' },
      freshAddress(),
    );
    expect(answer.statusCode).toBe(200);
    const result = jsonOf<PinIdentificationResult>(answer);
    expect(result).toMatchObject({
      method: 'PERSONAL_PIN_AND_LASTNAME',
      person: { personId: id, firstName: 'Iris', lastName: 'Mbeki', wizardVisitorType: 'EMPLOYEE' },
    });
    expect(Date.parse(result.ticketExpiresAt ?? '')).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(answer.body).not.toContain('scrypt');
    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/service/checkin',
      payload: { qrCodeKey, visitorType: 'e', personId: id, personTicket: result.ticket, checkInForm: {} },
    });
    expect(checkIn.statusCode).toBe(200);
    const visit = await t.database.db
      .selectFrom('visits')
      .select(['person_id', 'last_name'])
      .where('id', '=', jsonOf<CheckInResponse>(checkIn).entryLogItem!.id)
      .executeTakeFirstOrThrow();
    expect(visit).toEqual({ person_id: id, last_name: 'Mbeki' });
    // Already in: the identification says so, with the way to the person's own visit's check-out.
    const again = await identify({ buildingPin: BUILDING_PIN, personalPin: '2468', lastName: 'Mbeki' }, freshAddress());
    expect([again.statusCode, jsonOf(again).errorCode]).toEqual([409, 'PIN_IDENTIFICATION_ALREADY_REGISTERED']);
    expect(jsonOf(again).params).toEqual({ publicIdentifier: jsonOf<CheckInResponse>(checkIn).publicIdentifier });
  });

  it('answers the same code for a wrong PIN, an unknown name and a person without a PIN', async () => {
    await person({ lastName: 'Quispe' });
    await person({ lastName: 'Nopin' }, buildingId, null);
    const address = freshAddress();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { buildingPin: '0000', personalPin: '2468', lastName: 'Quispe' },
        400,
        'PIN_IDENTIFICATION_INVALID_PIN_BUILDING',
      ],
      [
        { buildingPin: '43210', personalPin: '2468', lastName: 'Quispe' },
        400,
        'PIN_IDENTIFICATION_INVALID_PIN_BUILDING',
      ],
      [
        { buildingPin: BUILDING_PIN, personalPin: '1111', lastName: 'Quispe' },
        400,
        'PIN_IDENTIFICATION_BAD_CREDENTIALS',
      ],
      [
        { buildingPin: BUILDING_PIN, personalPin: '2468', lastName: 'Nobody' },
        400,
        'PIN_IDENTIFICATION_BAD_CREDENTIALS',
      ],
      [
        { buildingPin: BUILDING_PIN, personalPin: '2468', lastName: 'Nopin' },
        400,
        'PIN_IDENTIFICATION_BAD_CREDENTIALS',
      ],
      [{ buildingPin: BUILDING_PIN, personalPin: '2468' }, 400, 'MISSING'],
      [{ buildingPin: BUILDING_PIN, lastName: 'Quispe' }, 400, 'MISSING'],
    ];
    for (const [body, status, errorCode] of cases) {
      expect({ body, answer: await codeOf(identify(body, address)) }).toEqual({ body, answer: [status, errorCode] });
    }
  });

  it('refuses a person from another building, a deactivated one and one outside their validity', async () => {
    const annex = await createBuilding(t.database.db, tenantId, 'Pin Annex');
    await person({ lastName: 'Annexed' }, annex);
    await person({ lastName: 'Gone', deactivated: true });
    await person({ lastName: 'Later', validFrom: '2999-01-01' });
    const address = freshAddress();
    const at = (lastName: string) =>
      codeOf(identify({ buildingPin: BUILDING_PIN, personalPin: '2468', lastName }, address));
    expect(await at('Annexed')).toEqual([400, 'PIN_IDENTIFICATION_BAD_CREDENTIALS']);
    expect(await at('Gone')).toEqual([409, 'PERSON_DEACTIVATED']);
    expect(await at('Later')).toEqual([409, 'PERSON_NOT_VALID']);
  });

  it('identifies by e-mail or external id with PERSONAL_PIN_AND_AUTOCOMPLETE, nobody with PIN_BUILDING_ONLY', async () => {
    const building = await createBuilding(t.database.db, tenantId, 'Pin Autocomplete');
    await t.database.db.updateTable('buildings').set({ pin_code: '9999' }).where('id', '=', building).execute();
    const key = await qrCodeKeyOf(t.database.db, building);
    await setMethod('PERSONAL_PIN_AND_AUTOCOMPLETE', building);
    const id = await person({ lastName: 'Auto', email: 'Auto.Person@Example.test', externalId: 'EMP-77' }, building);
    const address = freshAddress();
    for (const credential of [{ email: 'auto.person@example.test' }, { externalId: 'EMP-77' }, { lastName: 'auto' }]) {
      const answer = await identify({ buildingPin: '9999', personalPin: '2468', ...credential }, address, key);
      expect({ credential, status: answer.statusCode }).toEqual({ credential, status: 200 });
      expect(personIdOf(answer)).toBe(id);
    }
    expect(
      await codeOf(identify({ buildingPin: '9999', personalPin: '2468', externalId: 'emp-77' }, address, key)),
    ).toEqual([400, 'PIN_IDENTIFICATION_BAD_CREDENTIALS']);
    expect(await codeOf(identify({ buildingPin: '9999', personalPin: '2468' }, address, key))).toEqual([
      400,
      'MISSING',
    ]);
    await setMethod('PIN_BUILDING_ONLY', building);
    const only = await identify({ buildingPin: '9999' }, address, key);
    expect(jsonOf(only)).toEqual({ method: 'PIN_BUILDING_ONLY', person: null, ticket: null, ticketExpiresAt: null });
    expect(await codeOf(identify({ buildingPin: '9998' }, address, key))).toEqual([
      400,
      'PIN_IDENTIFICATION_INVALID_PIN_BUILDING',
    ]);
  });

  it('refuses a ticket of another person, another building, or past its time', async () => {
    const id = await person({ lastName: 'Ticketed' });
    const other = await person({ lastName: 'Other' });
    const annex = await createBuilding(t.database.db, tenantId, 'Ticket Annex');
    const post = (personId: string, personTicket: string) =>
      codeOf(
        t.app.inject({
          method: 'POST',
          url: '/service/checkin',
          payload: { qrCodeKey, visitorType: 'e', personId, personTicket, checkInForm: {} },
        }),
      );
    const { ticket } = await issuePersonTicket(t.app.ctx, id, buildingId);
    expect(await post(other, ticket)).toEqual([404, 'NOT_FOUND']);
    const { ticket: annexTicket } = await issuePersonTicket(t.app.ctx, id, annex);
    expect(await post(id, annexTicket)).toEqual([404, 'NOT_FOUND']);
    const { ticket: old } = await issuePersonTicket(t.app.ctx, id, buildingId, new Date(Date.now() - 16 * 60_000));
    expect(await post(id, old)).toEqual([410, 'PIN_IDENTIFICATION_EXPIRED']);
    expect(await post(id, `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`)).toEqual([404, 'NOT_FOUND']);
  });
});

describe('attempts', () => {
  it('blocks a person after 5 failures from any addresses, the right PIN included; others go on', async () => {
    await person({ lastName: 'Target' });
    const bystander = await person({ lastName: 'Bystander' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        await codeOf(
          identify({ buildingPin: BUILDING_PIN, personalPin: `10${attempt}0`, lastName: 'Target' }, freshAddress()),
        ),
      ).toEqual([400, 'PIN_IDENTIFICATION_BAD_CREDENTIALS']);
    }
    const right = { buildingPin: BUILDING_PIN, personalPin: '2468', lastName: 'Target' };
    expect(await codeOf(identify(right, freshAddress()))).toEqual([
      429,
      'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED',
    ]);
    const other = await identify({ ...right, lastName: 'Bystander' }, freshAddress());
    expect(personIdOf(other)).toBe(bystander);
  });

  it('blocks an address after 20 failures, whoever it tries; other addresses go on', async () => {
    const id = await person({ lastName: 'Sprayed' });
    const address = freshAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      const body =
        attempt % 2 === 0
          ? { buildingPin: '0000' }
          : { buildingPin: BUILDING_PIN, personalPin: '1357', lastName: `Nobody${uuidv7().slice(-6)}` };
      expect((await identify(body, address)).statusCode).toBe(400);
    }
    const right = { buildingPin: BUILDING_PIN, personalPin: '2468', lastName: 'Sprayed' };
    expect(await codeOf(identify(right, address))).toEqual([429, 'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED']);
    expect(personIdOf(await identify(right, freshAddress()))).toBe(id);
  });
});

describe('PIN identification on an enrolled kiosk', () => {
  const identifyOn = (body: Record<string, unknown>, headers: Record<string, string>, key = qrCodeKey) =>
    t.app.inject({
      method: 'POST',
      url: `/service/pinIdentification/${key}`,
      payload: body,
      headers,
      remoteAddress: freshAddress(),
    });

  it("needs no building PIN: the kiosk's credential stands for it; anyone else still types it", async () => {
    const id = await person({ firstName: 'Kiri', lastName: 'Kiosk' });
    const kiosk = await enrolledKiosk(t.app, buildingId);
    const answer = await identifyOn({ personalPin: '2468', lastName: 'Kiosk' }, kiosk.headers);
    expect(answer.statusCode).toBe(200);
    expect(jsonOf<PinIdentificationResult>(answer)).toMatchObject({
      person: { personId: id },
      ticket: expect.any(String),
    });
    // A phone (no credential), another building's kiosk: the building PIN is required.
    const phone = await identifyOn({ personalPin: '2468', lastName: 'Kiosk' }, {});
    expect([phone.statusCode, jsonOf(phone).errorCode]).toEqual([401, 'KIOSK_ENROLMENT_REQUIRED']);
    const elsewhere = await enrolledKiosk(t.app, await createBuilding(t.database.db, tenantId, 'Pin Annex'));
    const foreign = await identifyOn({ personalPin: '2468', lastName: 'Kiosk' }, elsewhere.headers);
    expect([foreign.statusCode, jsonOf(foreign).errorCode]).toEqual([403, 'KIOSK_DEVICE_NOT_ALLOWED']);
    // A building PIN given is checked, credential or not; the personal PIN always is.
    const wrongPin = await identifyOn({ buildingPin: '0000', personalPin: '2468', lastName: 'Kiosk' }, kiosk.headers);
    expect([wrongPin.statusCode, jsonOf(wrongPin).errorCode]).toEqual([400, 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING']);
    const wrongPersonal = await identifyOn({ personalPin: '1357', lastName: 'Kiosk' }, kiosk.headers);
    expect([wrongPersonal.statusCode, jsonOf(wrongPersonal).errorCode]).toEqual([
      400,
      'PIN_IDENTIFICATION_BAD_CREDENTIALS',
    ]);
  });

  it('refuses a revoked kiosk without the building PIN', async () => {
    await person({ lastName: 'Revoked' });
    const kiosk = await enrolledKiosk(t.app, buildingId);
    await t.database.db
      .updateTable('kiosk_devices')
      .set({ revoked_at: new Date() })
      .where('device_id', '=', kiosk.deviceId)
      .execute();
    const answer = await identifyOn({ personalPin: '2468', lastName: 'Revoked' }, kiosk.headers);
    expect([answer.statusCode, jsonOf(answer).errorCode]).toEqual([403, 'KIOSK_DEVICE_REVOKED']);
  });
});
