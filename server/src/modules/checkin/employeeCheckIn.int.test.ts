import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInResponse, type SyncPushRequest, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import { createPerson, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf } from '../../../test/helpers/test-app.ts';
import { type Seed, errorOf, health, seedVisits, setSettings } from '../visits/visits.test-fixtures.ts';

// How employees check themselves in (both databases; docs/check-in.md, "Employees"): by their
// pass or PIN; by their name found in the directory on an enrolled kiosk where the building
// allows it; with a typed name only where it allows that. And the kiosk's own settings: how long
// its outcome screen stays, and what its cached directory holds for the name search.

let t: TestApp;
let seed: Seed;
let hqKey: string;
let kiosk: Awaited<ReturnType<typeof enrolledKiosk>>;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  hqKey = await qrCodeKeyOf(t.database.db, seed.hq);
  kiosk = await enrolledKiosk(t.app, seed.hq);
});
afterAll(() => t.close());
afterEach(() => setSettings(t, seed.hq, {}));

/** A new employee of HQ's directory (default duration 8 h). */
const newEmployee = (lastName: string) =>
  createPerson(t.database.db, seed.tenantA, seed.hq, {
    firstName: 'Emma',
    lastName: `${lastName}-${uuidv7().slice(-6)}`,
  });

const employeeBody = (values: Record<string, unknown> = {}) => ({
  qrCodeKey: hqKey,
  visitorType: 'EMPLOYEE',
  checkInForm: { firstName: 'Typed', lastName: `Name-${uuidv7().slice(-6)}` },
  questionnairesAnswers: health(seed),
  ...values,
});

const checkIn = (body: Record<string, unknown>, onKiosk: boolean) =>
  t.app.inject({
    method: 'POST',
    url: onKiosk ? '/service/checkinKiosk' : '/service/checkin',
    payload: body,
    headers: onKiosk ? kiosk.headers : {},
  });

let seq = 0;
/** The kiosk's outbox entry of a check-in, pushed: its result. */
async function pushed(payload: Record<string, unknown>) {
  seq++;
  const body: SyncPushRequest = {
    deviceId: kiosk.deviceId,
    sentAt: new Date().toISOString(),
    qrCodeKey: hqKey,
    pendingCount: 0,
    mutations: [
      {
        mutationId: uuidv7(),
        deviceId: kiosk.deviceId,
        seq,
        type: 'checkIn',
        visitId: uuidv7(),
        occurredAt: new Date().toISOString(),
        payload: payload as Extract<SyncPushRequest['mutations'][number], { type: 'checkIn' }>['payload'],
      },
    ],
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/sync/push',
    payload: body,
    headers: kiosk.headers,
  });
  return jsonOf<{ results: { status: string; errorCode?: string | null }[] }>(response).results[0];
}

const visitsOf = (personOrName: { personId?: string; lastName?: string }) =>
  t.database.db
    .selectFrom('visits')
    .select(['person_id', 'scheduled_duration', 'checked_in_at'])
    .$if(personOrName.personId !== undefined, (q) => q.where('person_id', '=', personOrName.personId!))
    .$if(personOrName.lastName !== undefined, (q) => q.where('last_name', '=', personOrName.lastName!))
    .execute();

describe("an employee's own check-in", () => {
  it('with a typed name is refused on a phone and a kiosk, and writes nothing, unless the building allows typed names', async () => {
    for (const onKiosk of [false, true]) {
      const body = employeeBody();
      expect(errorOf(await checkIn(body, onKiosk))).toEqual([403, 'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED']);
      expect(await visitsOf({ lastName: body.checkInForm.lastName })).toHaveLength(0);
    }
    const queued = employeeBody();
    expect(await pushed(queued)).toMatchObject({ status: 'rejected', errorCode: 'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED' });
    await setSettings(t, seed.hq, { employeeCheckIn: 'TYPED_NAME' });
    const typed = employeeBody();
    expect(jsonOf<CheckInResponse>(await checkIn(typed, false)).allowed).toBe(true);
    expect(await pushed(employeeBody())).toMatchObject({ status: 'applied' });
  });

  it('by a name found in the directory is accepted from an enrolled kiosk where the building allows it, with their default duration', async () => {
    const refusedId = await newEmployee('Refused');
    const named = (personId: string) => employeeBody({ personId, checkInForm: { firstName: 'Emma', lastName: 'L' } });
    // Pass or PIN only (the default): a name without a proof is not enough, on any channel.
    expect(errorOf(await checkIn(named(refusedId), true))).toEqual([403, 'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED']);
    expect(await pushed(named(refusedId))).toMatchObject({ errorCode: 'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED' });

    await setSettings(t, seed.hq, { employeeCheckIn: 'DIRECTORY' });
    // A phone never vouches for a name: only an enrolled kiosk of the building.
    expect(errorOf(await checkIn(named(refusedId), false))).toEqual([403, 'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED']);
    expect(await visitsOf({ personId: refusedId })).toHaveLength(0);
    const online = await newEmployee('Online');
    expect(jsonOf<CheckInResponse>(await checkIn(named(online), true)).allowed).toBe(true);
    const queued = await newEmployee('Queued');
    expect(await pushed(named(queued))).toMatchObject({ status: 'applied' });
    for (const personId of [online, queued]) {
      const visits = await visitsOf({ personId });
      expect(visits).toEqual([{ person_id: personId, scheduled_duration: 'PT8H', checked_in_at: expect.anything() }]);
    }
    // Still a person of this building, of their own type, active: the directory's rules hold.
    const visitor = await createPerson(t.database.db, seed.tenantA, seed.hq, { visitorType: 'VISITOR' });
    expect(errorOf(await checkIn(named(visitor), true))).toEqual([400, 'VALIDATION_FAILED']);
    expect(errorOf(await checkIn(named(seed.people.gone), true))).toEqual([409, 'PERSON_DEACTIVATED']);
    expect(errorOf(await checkIn(named(seed.people.annexHost), true))).toEqual([404, 'NOT_FOUND']);
  });

  it("with the person's pass is accepted whatever the setting; visitors are not concerned", async () => {
    const personId = await newEmployee('Pass');
    const pass = `pass-${personId}`;
    const body = employeeBody({ personId, passIdentifier: pass, checkInForm: { firstName: '', lastName: '' } });
    expect(jsonOf<CheckInResponse>(await checkIn(body, false)).allowed).toBe(true);
    const visitor = {
      qrCodeKey: hqKey,
      visitorType: 'VISITOR',
      checkInForm: { firstName: 'Vic', lastName: `Visitor-${uuidv7().slice(-6)}`, host: 'Ada Lovelace' },
      scheduledDuration: 'PT1H',
      questionnairesAnswers: health(seed),
    };
    expect(jsonOf<CheckInResponse>(await checkIn(visitor, false)).allowed).toBe(true);
  });
});

describe("a kiosk's settings", () => {
  const patch = (values: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/service/building/${seed.hq}/settings`,
      headers: bearer(seed.tokens.ROLE_ADMIN),
      payload: { ...newBuildingSettings(), ...values },
    });

  it('keeps the outcome screen 5 to 120 s (15 by default), and tells the kiosk and the phone', async () => {
    const building = async () =>
      jsonOf<{ building: { kioskOutcomeSeconds: number; employeeCheckIn: string } }>(
        await t.app.inject({ method: 'GET', url: `/service/checkinKiosk/${hqKey}`, headers: kiosk.headers }),
      ).building;
    expect(await building()).toMatchObject({ kioskOutcomeSeconds: 15, employeeCheckIn: 'IDENTIFIED' });
    for (const seconds of [4, 121, 7.5]) expect(errorOf(await patch({ kioskOutcomeSeconds: seconds }))[0]).toBe(400);
    expect(await building()).toMatchObject({ kioskOutcomeSeconds: 15 });
    expect((await patch({ kioskOutcomeSeconds: 30, employeeCheckIn: 'DIRECTORY' })).statusCode).toBe(200);
    expect(await building()).toMatchObject({ kioskOutcomeSeconds: 30, employeeCheckIn: 'DIRECTORY' });
    const phone = jsonOf<{ building: { kioskOutcomeSeconds: number } }>(
      await t.app.inject({ method: 'GET', url: `/service/checkin/${hqKey}` }),
    );
    expect(phone.building.kioskOutcomeSeconds).toBe(30);
  });

  it("caches employees' whole names and departments only where they may find their name, never others'", async () => {
    type Cached = { personId: string; lastName?: string; department?: string | null; lastInitial: string };
    const people = async () =>
      jsonOf<{ people: Cached[] }>(
        await t.app.inject({ method: 'GET', url: `/service/sync/config/${hqKey}`, headers: kiosk.headers }),
      ).people;
    const ada = (await people()).find((person) => person.personId === seed.people.ada);
    expect(ada).toMatchObject({ lastInitial: 'L' });
    expect(ada).not.toHaveProperty('lastName');
    await setSettings(t, seed.hq, { employeeCheckIn: 'DIRECTORY' });
    const listed = await people();
    expect(listed.find((person) => person.personId === seed.people.ada)).toMatchObject({ lastName: 'Lovelace' });
    expect(listed.find((person) => person.personId === seed.people.regular)).not.toHaveProperty('lastName');
  });
});
