import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInResponse, VisitCheckInData, VisitQuestionnaires, VisitDetail } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import {
  type Seed,
  caller,
  errorOf,
  exitAnswers,
  health,
  invite,
  seedVisits,
  setSettings,
} from '../visits/visits.test-fixtures.ts';

// The check-in's staff channel (both databases): check-in with the wizard's rules (answers
// re-checked, alert answers and temperatures refuse), fast check-in, check-out (STAFF), check in
// back, questionnaires filled on a visitor's behalf, instant replacement; each refusal by the
// visit's state a 409 (or 208 CHECKEDIN), never a 403. The buildings here ask the entry
// questionnaires at the desk too; a desk that does not: deskCheckIn.int.test.ts.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
  for (const building of [seed.hq, seed.clinic]) {
    const { settings } = await t.database.db
      .selectFrom('buildings')
      .select('settings')
      .where('id', '=', building)
      .executeTakeFirstOrThrow();
    await setSettings(t, building, { ...settings, questionnairesOnStaffCheckIn: true });
  }
});
afterAll(() => t.close());

const visitRow = (id: string) =>
  t.database.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const actions = async (id: string) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

async function checkedIn(visit: VisitDetail) {
  const response = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {
    questionnairesAnswers: health(seed),
  });
  expect(jsonOf<CheckInResponse>(response)).toMatchObject({ allowed: true });
  return visit;
}

describe('staff check-in of an expected visit', () => {
  it("gives the wizard's input with the invitation's prefill", async () => {
    const visit = await invite(call, seed);
    const response = await call('ROLE_USER', 'GET', `/meeting/${visit.id}/check-in`);
    expect(response.statusCode).toBe(200);
    const data = jsonOf<VisitCheckInData>(response);
    expect(data.status).toBe('allowed');
    expect(data.visit.id).toBe(visit.id);
    expect(data.wizard.questionnaires.map((q) => q.name)).toEqual(['Health']);
    expect(data.prefill).toMatchObject({
      visitorType: 'VISITOR',
      checkInForm: { firstName: 'Vera', lastName: visit.lastName, host: 'Ada Lovelace' },
      scheduledDuration: 'PT1H',
    });
  });

  it('checks the answers again: missing ones refused, an alert answer refuses the visitor', async () => {
    const visit = await invite(call, seed);
    const missing = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {});
    expect(errorOf(missing)).toEqual([400, 'MISSING']);
    expect((await visitRow(visit.id)).checked_in_at).toBeNull();
    const alert = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {
      questionnairesAnswers: health(seed, 'YES'),
    });
    expect(alert.statusCode).toBe(200);
    expect(jsonOf<CheckInResponse>(alert)).toMatchObject({ allowed: false, checkIn: false, refusal: 'ALERT_ANSWER' });
    expect(await visitRow(visit.id)).toMatchObject({
      allowed: false,
      checked_in_at: null,
      refusal_reason: 'ALERT_ANSWER',
    });
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {}))).toEqual([
      409,
      'MEETING_REFUSED',
    ]);
    expect(await actions(visit.id)).toEqual(['MEETING_CREATED', 'MEETING_CHECK_IN_REFUSED']);
  });

  it('checks a visitor in (STAFF), keeping the invitation, host and language; a second time is 208', async () => {
    const visit = await invite(call, seed, {
      personId: seed.people.regular,
      firstName: null,
      lastName: null,
      email: null,
    });
    const response = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {
      questionnairesAnswers: health(seed),
      checkInForm: { phone: '+14165550199' },
    });
    expect(response.statusCode).toBe(200);
    const body = jsonOf<CheckInResponse>(response);
    expect(body).toMatchObject({ allowed: true, checkIn: true, meetingIdentifier: visit.identifier });
    expect(body.entryLogItem).toMatchObject({ id: visit.id, status: 'IN' });
    const row = await visitRow(visit.id);
    expect(row).toMatchObject({
      source: 'STAFF',
      is_invitation: true,
      person_id: seed.people.regular,
      first_name: 'Rita',
      host: 'Ada Lovelace',
      host_person_id: seed.people.ada,
      phone: '+14165550199',
      email: 'rita@visitor.test',
      locale: 'fr',
      visitor_type: 'VISITOR',
    });
    expect(row.checked_in_at).not.toBeNull();
    const again = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {
      questionnairesAnswers: health(seed),
    });
    expect(again.statusCode).toBe(208);
    expect(jsonOf<CheckInResponse>(again)).toMatchObject({ errorCode: 'CHECKEDIN', allowed: false });
    expect(await actions(visit.id)).toEqual(['MEETING_CREATED', 'MEETING_CHECKED_IN']);
  });

  it("applies the building's temperature settings: a measure required, a fever refused", async () => {
    const visit = await invite(call, seed, { buildingId: seed.clinic, hostPersonId: seed.people.clinicHost });
    const url = `/meeting/${visit.id}/check-in`;
    expect(errorOf(await call('ROLE_SUPERVISOR', 'PATCH', url, {}))).toEqual([400, 'MISSING']);
    expect(errorOf(await call('ROLE_SUPERVISOR', 'PATCH', url, { tempMeasure1: 39.2 }))).toEqual([400, 'MISSING']);
    const fever = await call('ROLE_SUPERVISOR', 'PATCH', url, { tempMeasure1: 39.2, tempMeasure2: 39.4 });
    expect(jsonOf<CheckInResponse>(fever)).toMatchObject({ allowed: false, refusal: 'TEMPERATURE' });
    const second = await invite(call, seed, { buildingId: seed.clinic, hostPersonId: seed.people.clinicHost });
    const fine = await call('ROLE_SUPERVISOR', 'PATCH', `/meeting/${second.id}/check-in`, {
      tempMeasure1: 39.2,
      tempMeasure2: 36.8,
    });
    expect(jsonOf<CheckInResponse>(fine)).toMatchObject({ allowed: true });
    expect(await visitRow(second.id)).toMatchObject({ temp_measure1: 39.2, temp_measure2: 36.8 });
  });

  it('says a visit whose time is over is expired (the wizard asks everything again), and still checks it in', async () => {
    const visit = await invite(call, seed);
    await t.database.db
      .updateTable('visits')
      .set({
        scheduled_at: new Date(Date.now() - 5 * 3_600_000),
        questionnaires_answers: JSON.stringify([{ questionnaireId: seed.health, name: 'Health', items: [] }]),
        questionnaires_answered_at: new Date(Date.now() - 5 * 3_600_000),
      })
      .where('id', '=', visit.id)
      .execute();
    const data = jsonOf<VisitCheckInData>(await call('ROLE_USER', 'GET', `/meeting/${visit.id}/check-in`));
    expect(data.status).toBe('expired');
    expect(data.prefill.questionnairesAnswers).toEqual([]);
    await checkedIn(visit);
  });

  it('refuses a cancelled visit, a visit already in and one checked out, by its state', async () => {
    const cancelled = await invite(call, seed);
    await call('ROLE_USER', 'PATCH', `/meeting/${cancelled.id}/cancel`);
    expect(errorOf(await call('ROLE_USER', 'GET', `/meeting/${cancelled.id}/check-in`))).toEqual([
      409,
      'MEETING_CANCELLED',
    ]);
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${cancelled.id}/check-in`, {}))).toEqual([
      409,
      'MEETING_CANCELLED',
    ]);
    const inside = await checkedIn(await invite(call, seed));
    expect(errorOf(await call('ROLE_USER', 'GET', `/meeting/${inside.id}/check-in`))).toEqual([208, 'CHECKEDIN']);
    await call('ROLE_USER', 'PATCH', `/meeting/${inside.id}/check-out`, { questionnairesAnswers: exitAnswers(seed) });
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${inside.id}/check-in`, {}))).toEqual([
      409,
      'MEETING_ALREADY_STARTED',
    ]);
  });

  it('is door work: a space user is refused (403), as the shared rule says, and never reaches it', async () => {
    const visit = await invite(call, seed, {}, 'ROLE_SPACE');
    expect(errorOf(await call('ROLE_SPACE', 'PATCH', `/meeting/${visit.id}/check-in`, {}))).toEqual([403, 'FORBIDDEN']);
    expect((await call('ROLE_SPACE', 'GET', `/meeting/${visit.id}`)).statusCode).toBe(200);
  });
});

describe('POST /meetingWithCheckIn: fast check-in', () => {
  const walkIn = (overrides: Record<string, unknown> = {}) => ({
    buildingId: seed.hq,
    visitorType: 'v',
    checkInForm: { firstName: 'Walter', lastName: `Walkin${Math.random().toString(36).slice(2, 8)}` },
    questionnairesAnswers: health(seed),
    hostPersonId: seed.people.alan,
    ...overrides,
  });

  it('checks a walk-in in at once, the host from the directory filling the form', async () => {
    const response = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', walkIn());
    expect(response.statusCode).toBe(200);
    const body = jsonOf<CheckInResponse>(response);
    expect(body).toMatchObject({ allowed: true, checkIn: true });
    const id = body.entryLogItem?.id ?? '';
    expect(await visitRow(id)).toMatchObject({
      source: 'STAFF',
      host: 'Alan Turing',
      host_person_id: seed.people.alan,
      is_invitation: false,
    });
    expect(await actions(id)).toEqual(['MEETING_CHECKED_IN']);
  });

  it('checks in a person of the directory without a pass (staff vouch), then 208 while they are in', async () => {
    const body = walkIn({ personId: seed.people.alan, visitorType: 'e', hostPersonId: null, checkInForm: {} });
    const first = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', body);
    expect(jsonOf<CheckInResponse>(first)).toMatchObject({ allowed: true });
    const id = jsonOf<CheckInResponse>(first).entryLogItem?.id ?? '';
    expect(await visitRow(id)).toMatchObject({
      person_id: seed.people.alan,
      first_name: 'Alan',
      visitor_type: 'EMPLOYEE',
    });
    const second = await call('ROLE_USER', 'POST', '/meetingWithCheckIn', body);
    expect(second.statusCode).toBe(208);
    expect(jsonOf(second).errorCode).toBe('CHECKEDIN');
  });

  it('stores a refusal at the door; refuses a bad host, a deactivated person, an unassigned building', async () => {
    const refused = await call(
      'ROLE_USER',
      'POST',
      '/meetingWithCheckIn',
      walkIn({ questionnairesAnswers: health(seed, 'YES') }),
    );
    expect(jsonOf<CheckInResponse>(refused)).toMatchObject({ allowed: false, refusal: 'ALERT_ANSWER' });
    expect(
      errorOf(await call('ROLE_USER', 'POST', '/meetingWithCheckIn', walkIn({ hostPersonId: seed.people.regular }))),
    ).toEqual([400, 'MEETING_HOST_NOT_EMPLOYEE']);
    expect(
      errorOf(
        await call(
          'ROLE_USER',
          'POST',
          '/meetingWithCheckIn',
          walkIn({ personId: seed.people.gone, visitorType: 'e' }),
        ),
      ),
    ).toEqual([409, 'PERSON_DEACTIVATED']);
    expect(
      errorOf(
        await call(
          'ROLE_SUPERVISOR',
          'POST',
          '/meetingWithCheckIn',
          walkIn({ buildingId: seed.annex, hostPersonId: null }),
        ),
      ),
    ).toEqual([404, 'NOT_FOUND']);
  });
});

describe('staff check-out and check in back', () => {
  it('gives the exit form, checks the exit answers, records a STAFF check-out once', async () => {
    const visit = await checkedIn(await invite(call, seed));
    const data = jsonOf<{ exitQuestionnaires: { name: string }[] }>(
      await call('ROLE_USER', 'GET', `/meeting/${visit.id}/check-out`),
    );
    expect(data.exitQuestionnaires.map((q) => q.name)).toEqual(['Leaving']);
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, {}))).toEqual([400, 'MISSING']);
    const out = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, {
      questionnairesAnswers: exitAnswers(seed),
      comments: 'Badge returned',
    });
    expect(out.statusCode).toBe(200);
    expect(jsonOf<VisitDetail>(out)).toMatchObject({
      status: 'OUT',
      checkoutMethod: 'STAFF',
      exitComments: 'Badge returned',
    });
    expect((await visitRow(visit.id)).exit_questionnaires_answers).toMatchObject([{ items: [{ answer: 'YES' }] }]);
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, {}))).toEqual([
      409,
      'MEETING_NOT_CHECKED_IN',
    ]);
    expect(errorOf(await call('ROLE_USER', 'GET', `/meeting/${visit.id}/check-out`))).toEqual([
      409,
      'MEETING_NOT_CHECKED_IN',
    ]);
    const expected = await invite(call, seed);
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${expected.id}/check-out`, {}))).toEqual([
      409,
      'MEETING_NOT_CHECKED_IN',
    ]);
  });

  it("measures at the exit by the building's settings", async () => {
    const visit = await invite(call, seed, { buildingId: seed.clinic, hostPersonId: seed.people.clinicHost });
    await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, { tempMeasure1: 36.5 });
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, {}))).toEqual([400, 'MISSING']);
    const out = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, { tempMeasure1: 36.6 });
    expect(jsonOf<VisitDetail>(out)).toMatchObject({ status: 'OUT', exitTempMeasure1: 36.6 });
  });

  it('uses exit answers filled earlier on the visitor’s behalf', async () => {
    const visit = await checkedIn(await invite(call, seed));
    const filled = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/exitQuestionnaires`, {
      questionnairesAnswers: exitAnswers(seed),
    });
    expect(filled.statusCode).toBe(200);
    const read = jsonOf<VisitQuestionnaires>(await call('ROLE_SPACE', 'GET', `/meeting/${visit.id}/exitQuestionnaire`));
    expect(read.questionnaires.map((q) => q.name)).toEqual(['Leaving']);
    expect(read.answers).toMatchObject([{ items: [{ question: 'Did you return your badge?', answer: 'YES' }] }]);
    const out = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, {});
    expect(jsonOf<VisitDetail>(out)).toMatchObject({ status: 'OUT' });
    expect(
      errorOf(
        await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/exitQuestionnaires`, {
          questionnairesAnswers: exitAnswers(seed),
        }),
      ),
    ).toEqual([409, 'MEETING_NOT_CHECKED_IN']);
  });

  it('checks back in (undo): open again without its check-out; only a checked-out visit', async () => {
    const visit = await checkedIn(await invite(call, seed));
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in-back`))).toEqual([208, 'CHECKEDIN']);
    await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-out`, { questionnairesAnswers: exitAnswers(seed) });
    const back = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in-back`);
    expect(back.statusCode).toBe(200);
    expect(jsonOf<VisitDetail>(back)).toMatchObject({ status: 'IN', checkedOutAt: null, checkoutMethod: null });
    expect(await visitRow(visit.id)).toMatchObject({ checked_out_at: null, exit_questionnaires_answers: [] });
    expect(await actions(visit.id)).toEqual([
      'MEETING_CREATED',
      'MEETING_CHECKED_IN',
      'MEETING_CHECKED_OUT',
      'MEETING_CHECKED_IN_BACK',
    ]);
    const expected = await invite(call, seed);
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${expected.id}/check-in-back`))).toEqual([
      409,
      'MEETING_NOT_CHECKED_OUT',
    ]);
  });

  it('does not check back in a person who is in on another visit (208), and changes nothing', async () => {
    const first = await checkedIn(await invite(call, seed, { email: 'twice@example.test' }));
    await call('ROLE_USER', 'PATCH', `/meeting/${first.id}/check-out`, { questionnairesAnswers: exitAnswers(seed) });
    await checkedIn(await invite(call, seed, { email: 'twice@example.test' }));
    expect(errorOf(await call('ROLE_USER', 'PATCH', `/meeting/${first.id}/check-in-back`))).toEqual([208, 'CHECKEDIN']);
    expect((await visitRow(first.id)).checked_out_at).not.toBeNull();
  });
});

describe('entry questionnaires filled ahead of arrival', () => {
  it('stores answers checked like the wizard’s, then a check-in without answers uses them', async () => {
    const visit = await invite(call, seed);
    expect(
      errorOf(
        await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/questionnaires`, {
          questionnairesAnswers: [{ questionnaireId: seed.health, answers: { [seed.fever]: 'PERHAPS' } }],
        }),
      ),
    ).toEqual([400, 'VALIDATION_FAILED']);
    const filled = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/questionnaires`, {
      questionnairesAnswers: health(seed),
    });
    expect(filled.statusCode).toBe(200);
    const read = jsonOf<VisitQuestionnaires>(await call('ROLE_USER', 'GET', `/meeting/${visit.id}/questionnaire`));
    expect(read.answers).toMatchObject([{ items: [{ question: 'Do you have a fever?', answer: 'NO' }] }]);
    const response = await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/check-in`, {});
    expect(jsonOf<CheckInResponse>(response)).toMatchObject({ allowed: true });
    expect(
      errorOf(
        await call('ROLE_USER', 'PATCH', `/meeting/${visit.id}/questionnaires`, {
          questionnairesAnswers: health(seed),
        }),
      ),
    ).toEqual([409, 'MEETING_ALREADY_STARTED']);
    expect(await actions(visit.id)).toEqual([
      'MEETING_CREATED',
      'MEETING_QUESTIONNAIRES_ANSWERED',
      'MEETING_CHECKED_IN',
    ]);
  });
});

describe('POST /meeting/instantReplacementCheckin', () => {
  it('checks the person in again as a new visit with the answers that still hold; the open one is closed (STAFF)', async () => {
    const old = await checkedIn(await invite(call, seed));
    const response = await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', { meetingId: old.id });
    expect(response.statusCode).toBe(200);
    const body = jsonOf<CheckInResponse>(response);
    expect(body).toMatchObject({ allowed: true, checkIn: true });
    const fresh = body.entryLogItem?.id ?? '';
    expect(fresh).not.toBe(old.id);
    expect(await visitRow(old.id)).toMatchObject({ checkout_method: 'STAFF' });
    expect((await visitRow(old.id)).checked_out_at).not.toBeNull();
    expect(await visitRow(fresh)).toMatchObject({
      last_name: old.lastName,
      host_person_id: seed.people.ada,
      checked_out_at: null,
      source: 'STAFF',
    });
    expect(await actions(old.id)).toContain('MEETING_REPLACED');
    expect(await actions(fresh)).toEqual(['MEETING_CHECKED_IN']);
  });

  it('refuses answers past their validity (422), an expected visit, and changes nothing', async () => {
    const old = await checkedIn(await invite(call, seed));
    await t.database.db
      .updateTable('visits')
      .set({ questionnaires_answered_at: new Date(Date.now() - 3 * 3_600_000) })
      .where('id', '=', old.id)
      .execute();
    expect(
      errorOf(await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', { meetingId: old.id })),
    ).toEqual([422, 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID']);
    expect((await visitRow(old.id)).checked_out_at).toBeNull();
    const expected = await invite(call, seed);
    expect(
      errorOf(await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', { meetingId: expected.id })),
    ).toEqual([409, 'MEETING_NOT_CHECKED_IN']);
  });

  it('does nothing when the person is in on another visit (208), and never reaches an unassigned building', async () => {
    const gone = await checkedIn(await invite(call, seed, { email: 'again@example.test' }));
    await call('ROLE_USER', 'PATCH', `/meeting/${gone.id}/check-out`, { questionnairesAnswers: exitAnswers(seed) });
    const inside = await checkedIn(await invite(call, seed, { email: 'again@example.test' }));
    const response = await call('ROLE_USER', 'POST', '/meeting/instantReplacementCheckin', { meetingId: gone.id });
    expect(response.statusCode).toBe(208);
    expect((await visitRow(inside.id)).checked_out_at).toBeNull();
    const annex = await invite(
      call,
      seed,
      { buildingId: seed.annex, hostPersonId: seed.people.annexHost },
      'ROLE_ADMIN',
    );
    expect(
      errorOf(await call('ROLE_SUPERVISOR', 'POST', '/meeting/instantReplacementCheckin', { meetingId: annex.id })),
    ).toEqual([404, 'NOT_FOUND']);
  });
});
