import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInResponse, type ReturningVisitor, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { type Seed, caller, errorOf, health, seedVisits, setSettings } from '../visits/visits.test-fixtures.ts';

// The desk's one-form check-in (both databases): a building that does not ask its entry
// questionnaires at the desk (`questionnairesOnStaffCheckIn`, off by default) lets staff check
// someone in with their details alone, the host linked; one that does asks them as the door
// does; the public channels always do. The search of returning visitors finds each person once,
// by their latest visit, and the desk checks them in again from it.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;
const HOUR = 3_600_000;

/** HQ asks consent and measures temperatures at the door, and (or not) the questionnaires at the desk. */
async function hqSettings(questionnairesOnStaffCheckIn: boolean) {
  await setSettings(t, seed.hq, {
    consentClauseEnabled: true,
    consentText: 'I accept the rules.',
    checkInTemperatureMeasuresEnabled: true,
    allowCheckInManualTemperatureMeasure: true,
    temperatureMeasureUnit: 'CELSIUS',
    minAllowedTemperature: 35,
    maxAllowedTemperature: 38,
    questionnairesOnStaffCheckIn,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
});
afterAll(() => t.close());

const visitRow = (id: string) =>
  t.database.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rowOf = (lastName: string) =>
  t.database.db.selectFrom('visits').selectAll().where('last_name', '=', lastName).executeTakeFirstOrThrow();

/** The desk's form as the entry log sends it: a name, a company, a host of the directory; no answers. */
function deskBody(lastName: string, extra: Record<string, unknown> = {}) {
  return {
    buildingId: seed.hq,
    visitorType: 'VISITOR',
    hostPersonId: seed.people.ada,
    checkInForm: { firstName: 'Dora', lastName, companyName: 'Initech' },
    ...extra,
  };
}

describe('a desk that does not ask the questionnaires (the default)', () => {
  beforeAll(() => hqSettings(false));

  it('is the default of a new building', () => {
    expect(newBuildingSettings().questionnairesOnStaffCheckIn).toBe(false);
  });

  it('checks someone in with their details alone: no answers, consent or temperature; the host linked', async () => {
    const response = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', deskBody('Deskonly'));
    expect(response.statusCode).toBe(200);
    expect(jsonOf<CheckInResponse>(response)).toMatchObject({ allowed: true, checkIn: true });
    const row = await rowOf('Deskonly');
    expect(row).toMatchObject({
      source: 'STAFF',
      allowed: true,
      host: 'Ada Lovelace',
      host_person_id: seed.people.ada,
      company_name: 'Initech',
      consent_accepted: false,
      questionnaires_answers: [],
      questionnaires_answered_at: null,
      temp_measure1: null,
    });
    expect(row.checked_in_at).not.toBeNull();
  });

  it('still judges what staff give: an alert answer refuses, a fever refuses', async () => {
    const alert = await call(
      'ROLE_USER',
      'POST',
      '/meetingWithCheckIn',
      deskBody('Deskalert', { questionnairesAnswers: health(seed, 'YES') }),
    );
    expect(jsonOf<CheckInResponse>(alert)).toMatchObject({ allowed: false, refusal: 'ALERT_ANSWER' });
    const fever = await call(
      'ROLE_USER',
      'POST',
      '/meetingWithCheckIn',
      deskBody('Deskfever', { tempMeasure1: 39.5, tempMeasure2: 39.4 }),
    );
    expect(jsonOf<CheckInResponse>(fever)).toMatchObject({ allowed: false, refusal: 'TEMPERATURE' });
  });

  it("keeps the form's own rules: a mandatory field missing is refused, and nothing is written", async () => {
    const response = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', {
      ...deskBody('Nofirst'),
      checkInForm: { lastName: 'Nofirst' },
    });
    expect(errorOf(response)).toEqual([400, 'MISSING']);
    expect(await t.database.db.selectFrom('visits').select('id').where('last_name', '=', 'Nofirst').execute()).toEqual(
      [],
    );
  });

  it('checks an expected visit in without answers too', async () => {
    const invited = await call('ROLE_USER', 'POST', '/meeting', {
      buildingId: seed.hq,
      visitorType: 'VISITOR',
      firstName: 'Ivy',
      lastName: 'Invited',
      hostPersonId: seed.people.ada,
      scheduledAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      scheduledDuration: 'PT1H',
    });
    expect(invited.statusCode).toBe(201);
    const { id } = jsonOf<{ id: string }>(invited);
    const response = await call('ROLE_USER', 'PATCH', `/meeting/${id}/check-in`, {});
    expect(jsonOf<CheckInResponse>(response)).toMatchObject({ allowed: true });
    expect((await visitRow(id)).questionnaires_answers).toEqual([]);
  });

  it('checks a returning visitor in again from a visit whose answers lapsed, without them', async () => {
    const lastName = 'Lapsed';
    const old = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', deskBody(lastName));
    expect(old.statusCode).toBe(200);
    const before = await rowOf(lastName);
    await t.database.db
      .updateTable('visits')
      .set({
        checked_in_at: new Date(Date.now() - 30 * 24 * HOUR),
        checked_out_at: new Date(Date.now() - 30 * 24 * HOUR + HOUR),
        questionnaires_answers: JSON.stringify([{ questionnaireId: seed.health, name: 'Health', items: [] }]),
        questionnaires_answered_at: new Date(Date.now() - 30 * 24 * HOUR),
      })
      .where('id', '=', before.id)
      .execute();
    const again = await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', { meetingId: before.id });
    expect(again.statusCode).toBe(200);
    expect(jsonOf<CheckInResponse>(again)).toMatchObject({ allowed: true });
    const rows = await t.database.db
      .selectFrom('visits')
      .selectAll()
      .where('last_name', '=', lastName)
      .orderBy('checked_in_at', 'desc')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      host_person_id: seed.people.ada,
      company_name: 'Initech',
      questionnaires_answers: [],
      checked_out_at: null,
    });
  });
});

describe('a desk that asks the questionnaires', () => {
  beforeAll(() => hqSettings(true));
  afterAll(() => hqSettings(false));

  it('asks what the door asks: the answers, the consent, the temperature', async () => {
    const missing = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', deskBody('Askedmissing'));
    expect(errorOf(missing)).toEqual([400, 'MISSING']);
    const noConsent = await call(
      'ROLE_USER',
      'POST',
      '/meetingWithCheckIn',
      deskBody('Askednoconsent', { questionnairesAnswers: health(seed), tempMeasure1: 36.6 }),
    );
    expect(errorOf(noConsent)).toEqual([400, 'MISSING']);
    const complete = await call(
      'ROLE_USER',
      'POST',
      '/meetingWithCheckIn',
      deskBody('Askedcomplete', { questionnairesAnswers: health(seed), tempMeasure1: 36.6, consentAccepted: true }),
    );
    expect(jsonOf<CheckInResponse>(complete)).toMatchObject({ allowed: true });
    const row = await rowOf('Askedcomplete');
    expect(row.consent_accepted).toBe(true);
    expect(row.questionnaires_answers).toHaveLength(1);
  });

  it('refuses to check a returning visitor in again once their answers lapsed (422)', async () => {
    const visit = await rowOf('Askedcomplete');
    await t.database.db
      .updateTable('visits')
      .set({ questionnaires_answered_at: new Date(Date.now() - 30 * 24 * HOUR) })
      .where('id', '=', visit.id)
      .execute();
    const again = await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', { meetingId: visit.id });
    expect(errorOf(again)).toEqual([422, 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID']);
  });
});

describe('the public channels', () => {
  beforeAll(() => hqSettings(false));

  it('always ask the answers, whatever the desk does', async () => {
    const building = await t.database.db
      .selectFrom('buildings')
      .select('qr_code_key')
      .where('id', '=', seed.hq)
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/checkin',
      payload: {
        qrCodeKey: building.qr_code_key,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Phil', lastName: 'Phone' },
        questionnairesAnswers: [],
        consentAccepted: true,
        tempMeasure1: 36.6,
      },
    });
    expect(errorOf(response)).toEqual([400, 'MISSING']);
  });
});

describe('GET /meeting/building/{id}/returning', () => {
  const returning = async (query = '', role: Parameters<typeof call>[0] = 'ROLE_USER', building = seed.hq) => {
    const response = await call(role, 'GET', `/meeting/building/${building}/returning${query}`);
    return response;
  };
  const docs = async (query = '') => jsonOf<{ docs: ReturningVisitor[] }>(await returning(query)).docs;

  let n = 0;
  /** A visit of HQ written as a check-in would be. */
  async function arrived(values: Record<string, unknown>) {
    n++;
    const id = uuidv7();
    await t.database.db
      .insertInto('visits')
      .values({
        id,
        tenant_id: seed.tenantA,
        building_id: seed.hq,
        identifier: `R${String(n).padStart(7, '0')}`,
        public_identifier: `returning-${id}`,
        pin: '1234',
        visitor_type: 'VISITOR',
        source: 'KIOSK',
        ...values,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    const ago = (days: number) => new Date(Date.now() - days * 24 * HOUR);
    // Rex came twice: his latest visit answers, once.
    await arrived({
      first_name: 'Rex',
      last_name: 'Returner',
      email: 'rex@returning.test',
      company_name: 'Acme Tools',
      host: 'Ada Lovelace',
      host_person_id: seed.people.ada,
      checked_in_at: ago(20),
      checked_out_at: ago(20),
    });
    await arrived({
      first_name: 'Rex',
      last_name: 'Returner',
      email: 'REX@returning.test',
      company_name: 'Acme Robotics',
      host: 'Alan Turing',
      host_person_id: seed.people.alan,
      // Staff named his host beside the form (HQ's form asks one): checking him in again keeps it.
      check_in_form: JSON.stringify({ firstName: 'Rex', lastName: 'Returner', companyName: 'Acme Robotics' }),
      checked_in_at: ago(2),
      checked_out_at: ago(2),
    });
    // Rosa is inside now; Rick was refused at the door; Ron came more than a year ago.
    await arrived({ first_name: 'Rosa', last_name: 'Returner', checked_in_at: ago(0.01) });
    await arrived({ first_name: 'Rick', last_name: 'Returner', allowed: false, refusal_reason: 'ALERT_ANSWER' });
    await arrived({
      first_name: 'Ron',
      last_name: 'Returner',
      checked_in_at: ago(400),
      checked_out_at: ago(400),
    });
    // Another building's visitor.
    await t.database.db
      .updateTable('visits')
      .set({ building_id: seed.clinic })
      .where('id', '=', await arrived({ first_name: 'Cora', last_name: 'Returner', checked_in_at: ago(1) }))
      .execute();
  });

  it('finds each person once, by their latest visit, newest first, by the first letters of a name', async () => {
    const found = await docs('?search=retu');
    expect(found.map((visitor) => `${visitor.firstName} ${visitor.lastName}`)).toEqual([
      'Rosa Returner',
      'Rex Returner',
    ]);
    expect(found[0]).toMatchObject({ inside: true });
    expect(found[1]).toMatchObject({
      inside: false,
      companyName: 'Acme Robotics',
      host: 'Alan Turing',
      hostPersonId: seed.people.alan,
      checkInForm: { companyName: 'Acme Robotics' },
    });
    // By a first name, "first last", an e-mail, a company.
    for (const search of ['rex', 'rex ret', 'rex@', 'acme r'])
      expect((await docs(`?search=${encodeURIComponent(search)}`)).map((visitor) => visitor.firstName)).toEqual([
        'Rex',
      ]);
    expect(await docs('?search=nobody-by-that-name')).toEqual([]);
  });

  it('checks a returning visitor in again from their latest visit, the host linked as then', async () => {
    const [rex] = await docs('?search=rex');
    const response = await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', {
      meetingId: rex!.visitId,
    });
    expect(jsonOf<CheckInResponse>(response)).toMatchObject({ allowed: true });
    const [again] = await docs('?search=rex');
    expect(again).toMatchObject({ inside: true, hostPersonId: seed.people.alan, companyName: 'Acme Robotics' });
    expect(again!.visitId).not.toBe(rex!.visitId);
  });

  it("is the door's call (fastCheckIn), within the company and the caller's buildings", async () => {
    expect((await returning('', 'ROLE_SUPERVISOR')).statusCode).toBe(200);
    expect(errorOf(await returning('', 'ROLE_SPACE'))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await returning('', 'ROLE_USER', seed.annex))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await returning('', 'ROLE_MASTER', seed.other))).toEqual([404, 'NOT_FOUND']);
    expect((await returning('?limit=0')).statusCode).toBe(400);
    const limited = jsonOf<{ docs: ReturningVisitor[] }>(await returning('?limit=1')).docs;
    expect(limited).toHaveLength(1);
  });
});
