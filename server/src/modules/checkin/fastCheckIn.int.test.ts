import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInData, CheckInResponse, DeskCheckInData } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { type Seed, caller, errorOf, seedVisits, setSettings } from '../visits/visits.test-fixtures.ts';

// The fast check-in of a walk-in from the entry log (both databases): staff get a
// building's wizard for a person type (GET /meeting/building/{id}/checkInData), the same answer
// the public check-in's wizard reads for that building, granted by the fastCheckIn rule within
// their company and buildings; its result posted to POST /meetingWithCheckIn is judged by it.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;

const texts = { successFormText: 'Welcome to HQ!', failureFormText: 'Please wait for the reception.' };

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
  // HQ asks its entry questionnaires at the desk too (a desk that does not: deskCheckIn.int.test.ts).
  await setSettings(t, seed.hq, { ...texts, questionnairesOnStaffCheckIn: true });
});
afterAll(() => t.close());

/** What the public check-in's wizard reads for a building (a phone's call, with the link's token). */
async function publicCheckInData(buildingId: string, visitorType: string): Promise<CheckInData> {
  const building = await t.database.db
    .selectFrom('buildings')
    .select(['qr_code_key', 'mobile_token'])
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  const query = new URLSearchParams({ visitorType, ...(building.mobile_token ? { mt: building.mobile_token } : {}) });
  const response = await t.app.inject({
    method: 'GET',
    url: `/service/building/${building.qr_code_key}/checkInData?${query.toString()}`,
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<CheckInData>(response);
}

const staffData = (buildingId: string, visitorType: string, role: Parameters<typeof call>[0] = 'ROLE_USER') =>
  call(role, 'GET', `/meeting/building/${buildingId}/checkInData?visitorType=${visitorType}`);

describe('GET /meeting/building/{id}/checkInData', () => {
  it("answers what the public check-in's wizard reads, for each person type", async () => {
    for (const [asked, type] of [
      ['VISITOR', 'VISITOR'],
      ['c', 'CONTRACTOR'],
      ['e', 'EMPLOYEE'],
    ] as const) {
      const response = await staffData(seed.hq, asked);
      expect(response.statusCode).toBe(200);
      const { questionnairesOnStaffCheckIn, ...data } = jsonOf<DeskCheckInData>(response);
      expect(data.visitorType).toBe(type);
      expect(data).toEqual(await publicCheckInData(seed.hq, type));
      expect(questionnairesOnStaffCheckIn).toBe(true);
    }
    const visitor = jsonOf<CheckInData>(await staffData(seed.hq, 'VISITOR'));
    expect(visitor.questionnaires.map((q) => q.name)).toEqual(['Health']);
    expect(visitor).toMatchObject(texts);
    // HQ links its questionnaires to visitors and employees only.
    expect(jsonOf<CheckInData>(await staffData(seed.hq, 'CONTRACTOR')).questionnaires).toEqual([]);
  });

  it("gives each building's own settings: Clinic measures temperatures at the door", async () => {
    const { questionnairesOnStaffCheckIn, ...clinic } = jsonOf<DeskCheckInData>(
      await staffData(seed.clinic, 'VISITOR'),
    );
    // Clinic checks people in at the desk with their details alone (the default).
    expect(questionnairesOnStaffCheckIn).toBe(false);
    expect(clinic).toMatchObject({
      checkInTemperatureMeasuresEnabled: true,
      allowCheckInManualTemperatureMeasure: true,
      minTemperature: 35,
      maxTemperature: 38,
      questionnaires: [],
    });
    expect(clinic).toEqual(await publicCheckInData(seed.clinic, 'VISITOR'));
  });

  it("is the door's (fastCheckIn) within the company and the caller's buildings: 404 otherwise, 400 for a bad type", async () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER'] as const)
      expect((await staffData(seed.hq, 'VISITOR', role)).statusCode).toBe(200);
    // Space users do no door work (the shared rule), so their screen never asks.
    expect(errorOf(await staffData(seed.hq, 'VISITOR', 'ROLE_SPACE'))).toEqual([403, 'FORBIDDEN']);
    // Annex is assigned to nobody: a supervisor or user does not see it; the company's managers do.
    for (const role of ['ROLE_SUPERVISOR', 'ROLE_USER'] as const)
      expect(errorOf(await staffData(seed.annex, 'VISITOR', role))).toEqual([404, 'NOT_FOUND']);
    expect((await staffData(seed.annex, 'VISITOR', 'ROLE_MASTER')).statusCode).toBe(200);
    // Another company's building, and a building that does not exist.
    for (const buildingId of [seed.other, '0192a0b0-0000-7000-8000-0000000000ff'])
      expect(errorOf(await staffData(buildingId, 'VISITOR', 'ROLE_MASTER'))).toEqual([404, 'NOT_FOUND']);
    expect((await staffData(seed.hq, 'RESIDENT')).statusCode).toBe(400);
    expect((await call('ROLE_USER', 'GET', `/meeting/building/${seed.hq}/checkInData`)).statusCode).toBe(400);
  });
});

describe('a walk-in checked in with the wizard it gives', () => {
  /** The wizard's result for HQ's visitor form as staff post it. */
  async function walkIn(fever: 'YES' | 'NO') {
    const data = jsonOf<CheckInData>(await staffData(seed.hq, 'VISITOR'));
    const lastName = `Walkin${Math.random().toString(36).slice(2, 8)}`;
    return {
      data,
      lastName,
      body: {
        buildingId: seed.hq,
        visitorType: data.visitorType,
        hostPersonId: seed.people.ada,
        scheduledDuration: data.defaultMeetingDuration,
        checkInForm: { firstName: 'Wanda', lastName },
        questionnairesAnswers: data.questionnaires.map((q) => ({
          questionnaireId: q.id,
          answers: Object.fromEntries(q.items.map((item) => [item.id, fever])),
        })),
      },
    };
  }

  it("is let in with the building's success text, in the entry log at once", async () => {
    const { data, lastName, body } = await walkIn('NO');
    const response = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', body);
    expect(response.statusCode).toBe(200);
    const answer = jsonOf<CheckInResponse>(response);
    expect(answer).toMatchObject({ allowed: true, checkIn: true, message: data.successFormText });
    const list = jsonOf<{ docs: { lastName: string; status: string; host: string }[] }>(
      await call('ROLE_USER', 'GET', `/meeting?search=${lastName}&buildingId=${seed.hq}`),
    );
    expect(list.docs).toEqual([expect.objectContaining({ lastName, status: 'IN', host: 'Ada Lovelace' })]);
  });

  it('takes a stay of 0 to 24 hours in steps of 5 minutes only, as every check-in path does', async () => {
    for (const scheduledDuration of ['PT7M', 'PT25H']) {
      const { lastName, body } = await walkIn('NO');
      const response = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', { ...body, scheduledDuration });
      expect(errorOf(response), scheduledDuration).toEqual([400, 'VALIDATION_FAILED']);
      const stored = await t.database.db.selectFrom('visits').select('id').where('last_name', '=', lastName).execute();
      expect(stored).toEqual([]);
    }
  });

  it("is refused at the door by an alert answer with the building's failure text, and the refusal kept", async () => {
    const { data, lastName, body } = await walkIn('YES');
    const answer = jsonOf<CheckInResponse>(await call('ROLE_USER', 'POST', '/meetingWithCheckIn', body));
    expect(answer).toMatchObject({ allowed: false, refusal: 'ALERT_ANSWER', message: data.failureFormText });
    expect(answer.message).toBe(texts.failureFormText);
    const row = await t.database.db
      .selectFrom('visits')
      .select(['allowed', 'checked_in_at', 'refusal_reason'])
      .where('last_name', '=', lastName)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ allowed: false, checked_in_at: null, refusal_reason: 'ALERT_ANSWER' });
    // Answers missing from what the wizard asked are refused in words, and nothing is written.
    const missing = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', {
      ...body,
      checkInForm: { firstName: 'Wanda', lastName: `${lastName}x` },
      questionnairesAnswers: [],
    });
    expect(errorOf(missing)).toEqual([400, 'MISSING']);
    const written = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('last_name', '=', `${lastName}x`)
      .execute();
    expect(written).toEqual([]);
  });
});
