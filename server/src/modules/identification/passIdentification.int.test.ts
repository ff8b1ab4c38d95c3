import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInResponse, type CachedPass, dayInZone, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import {
  createBuilding,
  createPerson,
  createQuestion,
  createQuestionnaire,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// Identification by pass: a person's pass at the check-in link (found, deactivated,
// outside validity in the building's day, of another building, replaced), the check-in linked
// to the person and checked again, an employee's answers reused within the validity timeout.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
let staff: { authorization: string };
let kiosk: { deviceId: string; headers: Record<string, string> };
let feverQuestion: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Door Co' });
  buildingId = await createBuilding(db, tenantId, 'Harbour');
  qrCodeKey = await qrCodeKeyOf(db, buildingId);
  const health = await createQuestionnaire(db, tenantId, 'Health');
  feverQuestion = await createQuestion(db, health);
  await db
    .insertInto('building_questionnaires')
    .values({
      building_id: buildingId,
      questionnaire_id: health,
      kind: 'ENTRY',
      visitor_type: 'EMPLOYEE',
      sort_order: 0,
    })
    .execute();
  kiosk = await enrolledKiosk(t.app, buildingId);
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  staff = bearer(await logInAs(t.app, master.username));
});
afterAll(() => t.close());

type PersonOptions = Parameters<typeof createPerson>[3] & { phone?: string; companyName?: string };

/** A person of a building and their pass identifier. */
async function person(options: PersonOptions = {}, building = buildingId, tenant = tenantId) {
  const { phone, companyName, ...overrides } = options;
  const id = await createPerson(t.database.db, tenant, building, overrides);
  if (phone || companyName)
    await t.database.db
      .updateTable('people')
      .set({ phone: phone ?? null, company_name: companyName ?? null })
      .where('id', '=', id)
      .execute();
  const row = await t.database.db
    .selectFrom('people')
    .select('pass_identifier')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, pass: row.pass_identifier };
}

const getLink = (identifier: string, key = qrCodeKey, headers: Record<string, string> = {}, kioskPath = false) =>
  t.app.inject({
    method: 'GET',
    url: `/service/${kioskPath ? 'checkinKiosk' : 'checkin'}/${key}/${encodeURIComponent(identifier)}`,
    headers,
  });

const post = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/service/checkin', payload: body });

/** An employee's check-in with their pass: no typed names (the record gives them). */
function employeeCheckIn(who: { id: string; pass: string }, extra: Record<string, unknown> = {}) {
  return {
    qrCodeKey,
    visitorType: 'e',
    personId: who.id,
    passIdentifier: who.pass,
    checkInForm: { firstName: '', lastName: '' },
    questionnairesAnswers: [{ questionnaireId: uuidv7(), answers: { [feverQuestion]: 'NO' } }],
    ...extra,
  };
}

const visitCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function checkOutAll(personId: string) {
  await t.database.db
    .updateTable('visits')
    .set({ checked_out_at: new Date() })
    .where('person_id', '=', personId)
    .where('checked_out_at', 'is', null)
    .execute();
}

async function setZone(building: string, timeZoneId: string) {
  await t.database.db
    .updateTable('buildings')
    .set({ settings: JSON.stringify({ ...newBuildingSettings(), timeZoneId }) })
    .where('id', '=', building)
    .execute();
}

/** The day before `day` (yyyy-MM-dd). */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('a pass at the check-in link', () => {
  it("answers the person's prefill, on a phone and on the building's kiosk, without their secrets", async () => {
    const ana = await person({
      firstName: 'Ana',
      lastName: 'Okafor',
      email: 'ana.okafor@example.test',
      externalId: 'EXT-ANA',
      phone: '+14165550100',
    });
    for (const [headers, kioskPath] of [
      [{}, false],
      [kiosk.headers, true],
    ] as const) {
      const response = await getLink(ana.pass, qrCodeKey, headers, kioskPath);
      expect(response.statusCode).toBe(200);
      const body = jsonOf<CachedPass>(response);
      expect(body).toEqual({
        kind: 'person',
        person: {
          personId: ana.id,
          visitorType: 'EMPLOYEE',
          wizardVisitorType: 'EMPLOYEE',
          firstName: 'Ana',
          lastName: 'Okafor',
          email: 'ana.okafor@example.test',
          phone: '+14165550100',
          companyName: null,
          checkInForm: {
            firstName: 'Ana',
            lastName: 'Okafor',
            fullName: 'Ana Okafor',
            email: 'ana.okafor@example.test',
            phone: '+14165550100',
          },
          scheduledDuration: 'PT8H',
          answersValidUntil: null,
        },
        openVisit: null,
      });
      expect(response.body).not.toContain('EXT-ANA');
      expect(response.body).not.toContain(ana.pass);
    }
  });

  it("refuses a deactivated person, and a person outside their validity on the building's day", async () => {
    const deactivated = await person({ deactivated: true });
    expect(jsonOf(await getLink(deactivated.pass))).toMatchObject({ errorCode: 'PERSON_DEACTIVATED' });
    expect((await getLink(deactivated.pass)).statusCode).toBe(409);
    // Two zones 25 hours apart: at any hour, one of them is not on UTC's day.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const building = await createBuilding(t.database.db, tenantId, `Door ${zone}`);
      await setZone(building, zone);
      const key = await qrCodeKeyOf(t.database.db, building);
      const today = dayInZone(new Date(), zone);
      const cases: [PersonOptions, number, string | undefined][] = [
        [{ validFrom: today, validTo: today }, 200, undefined],
        [{ validTo: dayBefore(today) }, 409, 'PERSON_NOT_VALID'],
        [{ validFrom: dayAfter(today) }, 409, 'PERSON_NOT_VALID'],
        [{ validFrom: dayBefore(today), validTo: dayAfter(today) }, 200, undefined],
      ];
      for (const [validity, status, errorCode] of cases) {
        const who = await person(validity, building);
        const response = await getLink(who.pass, key);
        expect({ zone, validity, status: response.statusCode, errorCode: jsonOf(response).errorCode }).toEqual({
          zone,
          validity,
          status,
          errorCode,
        });
      }
    }
  });

  it("answers another building's or company's pass, a replaced pass and an unknown one as not found", async () => {
    const otherBuilding = await createBuilding(t.database.db, tenantId, 'Annex');
    const otherTenant = await createTenant(t.database.db, { name: 'Elsewhere' });
    const elsewhere = await createBuilding(t.database.db, otherTenant, 'Elsewhere Tower');
    const neighbour = await person({}, otherBuilding);
    const stranger = await person({}, elsewhere, otherTenant);
    const replaced = await person();
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/service/person/${replaced.id}/revokePass`,
      headers: staff,
    });
    expect(revoke.statusCode).toBe(200);
    const renewed = jsonOf<{ identifier: string }>(revoke).identifier;
    for (const identifier of [neighbour.pass, stranger.pass, replaced.pass, 'no-such-pass']) {
      const response = await getLink(identifier);
      expect({ identifier, status: response.statusCode, body: jsonOf(response) }).toMatchObject({
        identifier,
        status: 404,
        body: { errorCode: 'CHECKIN_VISIT_NOT_FOUND' },
      });
    }
    expect((await getLink(renewed)).statusCode).toBe(200);
    // The visit's status call is for visits only.
    const status = await t.app.inject({ method: 'GET', url: `/service/checkin/status/${qrCodeKey}/${renewed}` });
    expect(status.statusCode).toBe(404);
  });
});

describe('a check-in of a person', () => {
  it('links the visit to the person, takes the names from the record, and counts it in their stats', async () => {
    const ben = await person({ firstName: 'Ben', lastName: 'Adeyemi' });
    const response = await post(
      employeeCheckIn(ben, { checkInForm: { firstName: 'B.', lastName: 'A', phone: '+15145550199' } }),
    );
    expect(response.statusCode).toBe(200);
    const result = jsonOf<CheckInResponse>(response);
    expect(result.allowed).toBe(true);
    const visit = await t.database.db
      .selectFrom('visits')
      .select(['person_id', 'first_name', 'last_name', 'phone', 'visitor_type', 'scheduled_duration'])
      .where('id', '=', result.entryLogItem!.id)
      .executeTakeFirstOrThrow();
    expect(visit).toEqual({
      person_id: ben.id,
      first_name: 'Ben',
      last_name: 'Adeyemi',
      phone: '+15145550199',
      visitor_type: 'EMPLOYEE',
      scheduled_duration: 'PT8H',
    });
    const stats = await t.app.inject({ method: 'GET', url: `/service/person/${ben.id}/stats`, headers: staff });
    expect(jsonOf(stats)).toEqual({ today: 1, yesterday: 0, week: 1, month: 1 });
    const list = await t.app.inject({ method: 'GET', url: `/service/person/${ben.id}`, headers: staff });
    expect(jsonOf(list)).toMatchObject({ status: 'IN' });
    // In: the pass shows the open visit, and a second check-in answers 208 CHECKEDIN.
    const link = jsonOf<CachedPass>(await getLink(ben.pass));
    expect(link.openVisit).toMatchObject({ id: result.entryLogItem!.id, status: 'IN' });
    const again = await post(employeeCheckIn(ben));
    expect(again.statusCode).toBe(208);
    expect(jsonOf(again).errorCode).toBe('CHECKEDIN');
  });

  it('keeps a resident a resident, checking in with the visitors form', async () => {
    const resident = await person({ visitorType: 'RESIDENT', firstName: 'Rita', lastName: 'Resident' });
    const link = jsonOf<CachedPass>(await getLink(resident.pass));
    expect(link.person).toMatchObject({ visitorType: 'RESIDENT', wizardVisitorType: 'VISITOR' });
    const response = await post({
      qrCodeKey,
      visitorType: 'v',
      personId: resident.id,
      passIdentifier: resident.pass,
      checkInForm: { host: 'Front desk' },
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('visits')
      .select(['visitor_type', 'last_name'])
      .where('person_id', '=', resident.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ visitor_type: 'RESIDENT', last_name: 'Resident' });
  });

  it('refuses a forged person, a replaced pass, a refused person and another type, writing nothing', async () => {
    const cara = await person();
    const other = await person();
    const annex = await createBuilding(t.database.db, tenantId, 'Annex 2');
    const neighbour = await person({}, annex);
    const deactivated = await person({ deactivated: true });
    const expired = await person({ validTo: '2020-01-01' });
    const before = await visitCount();
    const cases: [Record<string, unknown>, number, string][] = [
      // An employee without a proof: their pass or PIN, as the building asks (docs/check-in.md, "Employees").
      [employeeCheckIn(cara, { passIdentifier: null }), 403, 'CHECK_IN_EMPLOYEE_NOT_IDENTIFIED'],
      [employeeCheckIn({ id: uuidv7(), pass: cara.pass }), 404, 'NOT_FOUND'],
      [employeeCheckIn(neighbour), 404, 'NOT_FOUND'],
      [employeeCheckIn({ id: cara.id, pass: other.pass }), 410, 'PERSON_PASS_REVOKED'],
      [employeeCheckIn({ id: cara.id, pass: 'made-up' }), 410, 'PERSON_PASS_REVOKED'],
      [employeeCheckIn(cara, { personTicket: `${cara.id}.9999999999.${'A'.repeat(22)}` }), 404, 'NOT_FOUND'],
      [employeeCheckIn(deactivated), 409, 'PERSON_DEACTIVATED'],
      [employeeCheckIn(expired), 409, 'PERSON_NOT_VALID'],
      [employeeCheckIn(cara, { visitorType: 'v', checkInForm: { host: 'H' } }), 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, errorCode] of cases) {
      const response = await post(body);
      expect({ body, status: response.statusCode, errorCode: jsonOf(response).errorCode }).toEqual({
        body,
        status,
        errorCode,
      });
    }
    expect(await visitCount()).toBe(before);
  });

  it("reuses an employee's latest answers within the building's validity timeout, 422 after", async () => {
    const dana = await person();
    expect((await post(employeeCheckIn(dana))).statusCode).toBe(200);
    await checkOutAll(dana.id);
    const link = jsonOf<CachedPass>(await getLink(dana.pass));
    expect(Date.parse(link.person.answersValidUntil ?? '')).toBeGreaterThan(Date.now() + 3_000_000);
    const reused = await post(employeeCheckIn(dana, { questionnairesAnswers: [] }));
    expect(reused.statusCode).toBe(200);
    expect(jsonOf<CheckInResponse>(reused).allowed).toBe(true);
    await checkOutAll(dana.id);
    // The default validity timeout is two hours.
    await t.database.db
      .updateTable('visits')
      .set({ questionnaires_answered_at: new Date(Date.now() - 3 * 3600_000) })
      .where('person_id', '=', dana.id)
      .execute();
    expect(jsonOf<CachedPass>(await getLink(dana.pass)).person.answersValidUntil).toBeNull();
    const stale = await post(employeeCheckIn(dana, { questionnairesAnswers: [] }));
    expect(stale.statusCode).toBe(422);
    expect(jsonOf(stale).errorCode).toBe('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    expect((await post(employeeCheckIn(dana))).statusCode).toBe(200);
  });

  it("lets a proven person in without the link's mobile token", async () => {
    const eli = await person();
    await t.database.db
      .updateTable('buildings')
      .set({ mobile_token: 'door-token' })
      .where('id', '=', buildingId)
      .execute();
    try {
      const building = (query: string) => t.app.inject({ method: 'GET', url: `/service/checkin/${qrCodeKey}${query}` });
      expect((await building('')).statusCode).toBe(410);
      expect((await building('?proof=made-up')).statusCode).toBe(410);
      expect((await building(`?proof=${eli.pass}`)).statusCode).toBe(200);
      const data = await t.app.inject({
        method: 'GET',
        url: `/service/building/${qrCodeKey}/checkInData?visitorType=e&proof=${eli.pass}`,
      });
      expect(data.statusCode).toBe(200);
      expect((await post(employeeCheckIn(eli))).statusCode).toBe(200);
      // Without a person, the token is still needed.
      const visitor = await post({ qrCodeKey, visitorType: 'v', checkInForm: { firstName: 'No', lastName: 'Token' } });
      expect(visitor.statusCode).toBe(410);
    } finally {
      await t.database.db.updateTable('buildings').set({ mobile_token: null }).where('id', '=', buildingId).execute();
    }
  });
});
