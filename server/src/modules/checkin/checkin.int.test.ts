import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CheckInData,
  type CheckInResponse,
  type VisitDetail,
  CHECKOUT_TICKET_MINUTES,
  uuidv7,
} from '@vestibule/shared';
import {
  addQuestion as addQuestionTo,
  createBuilding,
  createPerson,
  createQuestionnaire,
  createTenant,
  createUser,
  linkQuestionnaire,
  qrCodeKeyOf,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
let staff: { authorization: string };
/** The building's enrolled kiosk. */
let kiosk: { deviceId: string; headers: Record<string, string> };
const ids = { fever: '', travel: '', country: '', shoes: '', exitQ: '' };

const addQuestion = (questionnaireId: string, order: number, values: Record<string, unknown>) =>
  addQuestionTo(t.database.db, questionnaireId, order, values);

const link = (questionnaireId: string, kind: 'ENTRY' | 'EXIT', visitorType: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE') =>
  linkQuestionnaire(t.database.db, buildingId, questionnaireId, kind, visitorType);

async function setSettings(patch: Record<string, unknown>) {
  await setBuildingSettings(t.database.db, buildingId, {
    successFormText: 'Welcome!',
    failureFormText: 'Please see the reception.',
    ...patch,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Check-in Co' });
  buildingId = await createBuilding(t.database.db, tenantId, 'Tower');
  qrCodeKey = (
    await t.database.db
      .selectFrom('buildings')
      .select('qr_code_key')
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow()
  ).qr_code_key;
  await setSettings({ emailMeEnabled: true });
  kiosk = await enrolledKiosk(t.app, buildingId);
  const health = await createQuestionnaire(t.database.db, tenantId, 'Health');
  ids.fever = await addQuestion(health, 0, { text: 'Do you have a fever?', alert_answer: 'YES' });
  ids.travel = await addQuestion(health, 1, {
    text: 'Travelled abroad?',
    question_type: 'YESNONA',
    warning_answer: 'YES',
  });
  ids.country = await addQuestion(health, 2, {
    text: 'Which country?',
    question_type: 'FREEFORM',
    previous_question_id: ids.travel,
    previous_question_answer: 'YES',
  });
  await link(health, 'ENTRY', 'VISITOR');
  await link(health, 'ENTRY', 'EMPLOYEE');
  const exit = await createQuestionnaire(t.database.db, tenantId, 'Leaving');
  ids.exitQ = await addQuestion(exit, 0, { text: 'Did you return your badge?', alert_answer: 'NO' });
  await link(exit, 'EXIT', 'VISITOR');
  const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
  staff = bearer(await logInAs(t.app, master.username));
});
afterAll(() => t.close());

let counter = 0;
/** The sequence of the building's kiosk's queued entries. */
let kioskSeq = 0;
function visitor(
  overrides: Record<string, unknown> = {},
  answers: Record<string, string> = { [ids.fever]: 'NO', [ids.travel]: 'NO' },
) {
  counter++;
  return {
    qrCodeKey,
    visitorType: 'v',
    checkInForm: {
      firstName: 'Ana',
      lastName: `Visitor${counter}`,
      host: 'Bob Host',
      email: `ana${counter}@example.test`,
      phone: `+1416555${String(1000 + counter)}`,
    },
    questionnairesAnswers: [{ questionnaireId: uuidv7(), answers }],
    ...overrides,
  };
}

/** A visitor who checked in and then out (to check back in). */
async function checkedInThenOut(body: ReturnType<typeof visitor>): Promise<CheckInResponse> {
  const first = jsonOf<CheckInResponse>(await post(body));
  await t.app.inject({
    method: 'PATCH',
    url: `/service/checkoutable/${first.publicIdentifier}`,
    payload: { questionnairesAnswers: [{ questionnaireId: uuidv7(), answers: { [ids.exitQ]: 'YES' } }] },
  });
  return first;
}

async function post(body: unknown, headers: Record<string, string> = {}, path = '/service/checkin') {
  return t.app.inject({ method: 'POST', url: path, payload: body as Record<string, unknown>, headers });
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

describe('public check-in link', () => {
  it('shows the building and its person types; an unknown key is 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/service/checkin/${qrCodeKey}` });
    expect(jsonOf(response)).toMatchObject({
      qrCodeKey,
      fromKiosk: false,
      building: { name: 'Tower' },
      visitorTypes: ['VISITOR', 'CONTRACTOR', 'EMPLOYEE'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/service/checkin/no-such-key' })).statusCode).toBe(404);
  });

  it('gives the wizard its input for a person type', async () => {
    const data = jsonOf<CheckInData>(
      await t.app.inject({ method: 'GET', url: `/service/building/${qrCodeKey}/checkInData?visitorType=VISITOR` }),
    );
    expect(data.questionnaires).toHaveLength(1);
    expect(data.questionnaires[0]!.items.map((q) => q.text)).toEqual([
      'Do you have a fever?',
      'Travelled abroad?',
      'Which country?',
    ]);
    expect(data.checkInForm.firstName).toMatchObject({ enabled: true, mandatory: true });
    expect(data.emailMeActive).toBe(true);
    const contractor = jsonOf(
      await t.app.inject({ method: 'GET', url: `/service/building/${qrCodeKey}/checkInData?visitorType=c` }),
    );
    expect(contractor.questionnaires).toEqual([]);
  });
});

describe('POST /service/checkin', () => {
  it('checks a visitor in, storing the answers with the question texts', async () => {
    const body = visitor(
      { checkInForm: { firstName: 'Ana', lastName: 'Lima', host: 'Bob', email: 'ana.lima@example.test' } },
      { [ids.fever]: 'NO', [ids.travel]: 'YES', [ids.country]: 'Portugal' },
    );
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const result = jsonOf<CheckInResponse>(response);
    expect(result).toMatchObject({ allowed: true, checkIn: true, flagged: true, refusal: null, message: 'Welcome!' });
    expect(result.meetingIdentifier).toMatch(/^[A-Z2-9]{8}$/);
    expect(result.pin).toMatch(/^\d{4}$/);
    expect(result.entryLogItem!.status).toBe('IN');
    const detail = jsonOf<VisitDetail>(
      await t.app.inject({ method: 'GET', url: `/service/meeting/${result.entryLogItem?.id}`, headers: staff }),
    );
    expect(detail.questionnairesAnswers[0]!.items.map((i) => [i.question, i.answer])).toEqual([
      ['Do you have a fever?', 'NO'],
      ['Travelled abroad?', 'YES'],
      ['Which country?', 'Portugal'],
    ]);
    expect(detail).toMatchObject({ source: 'OWN_DEVICE', flagged: true, lastName: 'Lima' });
  });

  it('answers 208 CHECKEDIN to a second check-in of the same person', async () => {
    const body = visitor();
    expect((await post(body)).statusCode).toBe(200);
    const again = await post({ ...body, checkInForm: { ...body.checkInForm, firstName: 'ANA' } });
    expect(again.statusCode).toBe(208);
    expect(jsonOf(again).errorCode).toBe('CHECKEDIN');
  });

  it('refuses entry on an alert answer with the failure text, keeping the refused visit for the log', async () => {
    const result = jsonOf<CheckInResponse>(await post(visitor({}, { [ids.fever]: 'YES', [ids.travel]: 'NO' })));
    expect(result).toMatchObject({
      allowed: false,
      checkIn: false,
      refusal: 'ALERT_ANSWER',
      message: 'Please see the reception.',
      meetingIdentifier: null,
    });
    const refused = await t.database.db
      .selectFrom('visits')
      .select(['allowed', 'checked_in_at'])
      .where('refusal_reason', '=', 'ALERT_ANSWER')
      .execute();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((row) => row.allowed === false && row.checked_in_at === null)).toBe(true);
  });

  it('demands the visible follow-up, and drops answers to hidden questions', async () => {
    const missing = await post(visitor({}, { [ids.fever]: 'NO', [ids.travel]: 'YES' }));
    expect(missing.statusCode).toBe(400);
    expect(jsonOf(missing)).toMatchObject({ errorCode: 'MISSING', params: { field: 'Health' } });
    const result = jsonOf<CheckInResponse>(
      await post(visitor({}, { [ids.fever]: 'NO', [ids.travel]: 'NO', [ids.country]: 'Ignored' })),
    );
    const detail = jsonOf<VisitDetail>(
      await t.app.inject({ method: 'GET', url: `/service/meeting/${result.entryLogItem?.id}`, headers: staff }),
    );
    expect(detail.questionnairesAnswers[0]!.items).toHaveLength(2);
  });

  it('refuses bad input with a code and stores nothing', async () => {
    const before = await visitCount();
    const noName = await post(visitor({ checkInForm: { lastName: 'X', host: 'H' } }));
    expect(jsonOf(noName)).toMatchObject({ errorCode: 'MISSING', params: { field: 'firstName' } });
    const badEmail = await post(visitor({ checkInForm: { firstName: 'A', lastName: 'B', host: 'H', email: 'nope' } }));
    expect(jsonOf(badEmail)).toMatchObject({ errorCode: 'EMAIL_IS_NOT_VALID', params: { field: 'email' } });
    const longAnswer = await post(
      visitor({}, { [ids.fever]: 'NO', [ids.travel]: 'YES', [ids.country]: 'x'.repeat(256) }),
    );
    expect(longAnswer.statusCode).toBe(400);
    const wrongValue = await post(visitor({}, { [ids.fever]: 'MAYBE', [ids.travel]: 'NO' }));
    expect(jsonOf(wrongValue).errorCode).toBe('VALIDATION_FAILED');
    const huge = await post(visitor({ comments: 'x'.repeat(1001) }));
    expect(huge.statusCode).toBe(400);
    expect(await visitCount()).toBe(before);
  });

  it('needs a second temperature measure when the first is out of range, and refuses when both are', async () => {
    await setSettings({
      emailMeEnabled: true,
      checkInTemperatureMeasuresEnabled: true,
      allowCheckInManualTemperatureMeasure: true,
      minAllowedTemperature: 35,
      maxAllowedTemperature: 37.5,
    });
    try {
      expect(jsonOf(await post(visitor())).params).toEqual({ field: 'tempMeasure1' });
      expect(jsonOf(await post(visitor({ tempMeasure1: 38.1 }))).params).toEqual({ field: 'tempMeasure2' });
      expect(jsonOf<CheckInResponse>(await post(visitor({ tempMeasure1: 38.1, tempMeasure2: 37.0 }))).allowed).toBe(
        true,
      );
      const refused = jsonOf<CheckInResponse>(await post(visitor({ tempMeasure1: 38.1, tempMeasure2: 38.4 })));
      expect(refused).toMatchObject({ allowed: false, refusal: 'TEMPERATURE' });
      expect(jsonOf<CheckInResponse>(await post(visitor({ tempMeasure1: 36.6 }))).allowed).toBe(true);
    } finally {
      await setSettings({ emailMeEnabled: true });
    }
  });

  it("queues the e-mail-me copy in the visitor's language in the same transaction", async () => {
    const result = jsonOf<CheckInResponse>(
      await post(visitor({ emailMeActive: true, emailMeEmail: 'copy@example.test' }), { 'accept-language': 'fr-FR' }),
    );
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'copy@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.locale).toBe('fr');
    expect(mail.subject).toBe('Votre visite à Tower');
    expect(mail.text_body).toContain(result.meetingIdentifier ?? 'missing');
    expect(mail.text_body).toContain(`/checkOut/${result.publicIdentifier}`);
  });

  it("answers 422 when an employee's earlier answers are older than the validity timeout", async () => {
    const id = uuidv7();
    await t.database.db
      .insertInto('visits')
      .values({
        id,
        tenant_id: tenantId,
        building_id: buildingId,
        identifier: 'EMPLOYEE1',
        public_identifier: `pub-${id}`,
        pin: '4321',
        visitor_type: 'EMPLOYEE',
        // An employee of the directory: their own visit's link names them.
        person_id: await createPerson(t.database.db, tenantId, buildingId, { firstName: 'Eve', lastName: 'Employee' }),
        source: 'OWN_DEVICE',
        questionnaires_answered_at: new Date(Date.now() - 3 * 3600_000),
      })
      .execute();
    const body = { qrCodeKey, visitorType: 'e', id, checkInForm: { firstName: 'Eve', lastName: 'Employee' } };
    const response = await post(body);
    expect(response.statusCode).toBe(422);
    expect(jsonOf(response).errorCode).toBe('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    await t.database.db
      .updateTable('visits')
      .set({ questionnaires_answered_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', id)
      .execute();
    expect(jsonOf<CheckInResponse>(await post(body)).allowed).toBe(true);
  });

  it("never uses a visit of another building through this building's key", async () => {
    const otherTenant = await createTenant(t.database.db);
    const otherBuilding = await createBuilding(t.database.db, otherTenant);
    const id = uuidv7();
    await t.database.db
      .insertInto('visits')
      .values({
        id,
        tenant_id: otherTenant,
        building_id: otherBuilding,
        identifier: 'OTHERTEN',
        public_identifier: `pub-${id}`,
        pin: '1111',
        visitor_type: 'VISITOR',
        source: 'STAFF',
      })
      .execute();
    const response = await post(visitor({ id }));
    expect(response.statusCode).toBe(404);
    const link = await t.app.inject({ method: 'GET', url: `/service/checkin/${qrCodeKey}/pub-${id}` });
    expect(link.statusCode).toBe(404);
  });
});

describe("the stay's duration", () => {
  it('holds 0 to 24 hours in steps of 5 minutes on the phone, the kiosk and its queued entries, and stores nothing else', async () => {
    for (const scheduledDuration of ['PT7M', 'PT25H', 'PT24H5M']) {
      const body = visitor({ scheduledDuration });
      const phone = await post(body);
      const atKiosk = await post(body, kiosk.headers, '/service/checkinKiosk');
      for (const response of [phone, atKiosk]) {
        expect([response.statusCode, jsonOf(response).errorCode], scheduledDuration).toEqual([
          400,
          'VALIDATION_FAILED',
        ]);
        expect(jsonOf<{ params: { field: string } }>(response).params.field).toBe('scheduledDuration');
      }
      const queued = await t.app.inject({
        method: 'POST',
        url: '/service/sync/push',
        headers: kiosk.headers,
        payload: {
          deviceId: kiosk.deviceId,
          sentAt: new Date().toISOString(),
          qrCodeKey,
          mutations: [
            {
              mutationId: uuidv7(),
              deviceId: kiosk.deviceId,
              seq: ++kioskSeq,
              type: 'checkIn',
              visitId: uuidv7(),
              occurredAt: new Date().toISOString(),
              payload: body,
            },
          ],
        },
      });
      expect(jsonOf<{ results: { status: string; errorCode?: string }[] }>(queued).results).toEqual([
        expect.objectContaining({ status: 'rejected', errorCode: 'VALIDATION_FAILED' }),
      ]);
      const stored = await t.database.db
        .selectFrom('visits')
        .select('id')
        .where('last_name', '=', body.checkInForm.lastName)
        .execute();
      expect(stored).toEqual([]);
    }
    const longest = visitor({ scheduledDuration: 'PT24H' });
    expect(jsonOf<CheckInResponse>(await post(longest)).allowed).toBe(true);
  });
});

describe('fixes found by the wizard', () => {
  it('does not ask for measures when the building measures without manual entry', async () => {
    await setSettings({
      emailMeEnabled: true,
      checkInTemperatureMeasuresEnabled: true,
      allowCheckInManualTemperatureMeasure: false,
      minAllowedTemperature: 35,
      maxAllowedTemperature: 37.5,
    });
    try {
      expect(jsonOf<CheckInResponse>(await post(visitor())).allowed).toBe(true);
    } finally {
      await setSettings({ emailMeEnabled: true });
    }
  });

  it('opens a visit again when its person checks back in after checking out', async () => {
    const body = visitor();
    const first = await checkedInThenOut(body);
    const back = jsonOf<CheckInResponse>(
      await post({ ...body, id: first.entryLogItem?.id, questionnairesAnswers: [] }),
    );
    expect(back.allowed).toBe(true);
    expect(back.entryLogItem!.status).toBe('IN');
    expect(back.meetingIdentifier).toBe(first.meetingIdentifier);
  });

  it('never replaces stored values with blanks the person did not touch when checking back in', async () => {
    const body = visitor();
    const first = await checkedInThenOut(body);
    // The visit's own link answers the whole stored form: the wizard starts from it.
    const link = await t.app.inject({
      method: 'GET',
      url: `/service/checkin/${qrCodeKey}/${first.publicIdentifier!}`,
    });
    expect(jsonOf<{ checkInForm: Record<string, unknown> }>(link).checkInForm).toEqual(body.checkInForm);
    const back = await post({
      ...body,
      id: first.entryLogItem!.id,
      checkInForm: { firstName: '', lastName: body.checkInForm.lastName, host: 'New Host', email: '  ' },
      questionnairesAnswers: [],
    });
    expect(jsonOf<CheckInResponse>(back).allowed).toBe(true);
    const row = await t.database.db
      .selectFrom('visits')
      .select(['first_name', 'last_name', 'email', 'phone', 'host', 'check_in_form'])
      .where('id', '=', first.entryLogItem!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      first_name: 'Ana',
      last_name: body.checkInForm.lastName,
      email: body.checkInForm.email,
      phone: body.checkInForm.phone,
      host: 'New Host',
      check_in_form: { ...body.checkInForm, host: 'New Host' },
    });
  });

  it('refuses to check into a cancelled invitation or a visit refused at the door by its id, and changes nothing', async () => {
    const cancelledId = uuidv7();
    await t.database.db
      .insertInto('visits')
      .values({
        id: cancelledId,
        tenant_id: tenantId,
        building_id: buildingId,
        identifier: 'CANCELED',
        public_identifier: `pub-${cancelledId}`,
        pin: '2222',
        visitor_type: 'VISITOR',
        source: 'STAFF',
        is_invitation: true,
        scheduled_at: new Date(),
        cancelled_at: new Date(),
      })
      .execute();
    const cancelled = await post(visitor({ id: cancelledId }));
    expect(cancelled.statusCode).toBe(409);
    expect(jsonOf<{ errorCode: string }>(cancelled).errorCode).toBe('MEETING_CANCELLED');

    const turnedAway = visitor({}, { [ids.fever]: 'YES', [ids.travel]: 'NO' });
    expect(jsonOf<CheckInResponse>(await post(turnedAway)).allowed).toBe(false);
    const { id: refusedId } = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('last_name', '=', turnedAway.checkInForm.lastName)
      .executeTakeFirstOrThrow();
    const refused = await post({
      ...turnedAway,
      id: refusedId,
      questionnairesAnswers: visitor().questionnairesAnswers,
    });
    expect(refused.statusCode).toBe(409);
    expect(jsonOf<{ errorCode: string }>(refused).errorCode).toBe('MEETING_REFUSED');

    const rows = await t.database.db
      .selectFrom('visits')
      .select(['id', 'checked_in_at', 'allowed', 'cancelled_at'])
      .where('id', 'in', [cancelledId, refusedId])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, cancelled_at: row.cancelled_at !== null }))).toEqual(
      [
        { id: cancelledId, checked_in_at: null, allowed: true, cancelled_at: true },
        { id: refusedId, checked_in_at: null, allowed: false, cancelled_at: false },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it('answers 208 CHECKEDIN to checking back into an old visit while the person is in on another', async () => {
    const body = visitor();
    const first = await checkedInThenOut(body);
    const second = jsonOf<CheckInResponse>(await post(body));
    expect(second.allowed).toBe(true);
    const back = await post({ ...body, id: first.entryLogItem!.id, questionnairesAnswers: [] });
    expect(back.statusCode).toBe(208);
    const open = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('last_name', '=', body.checkInForm.lastName)
      .where('checked_in_at', 'is not', null)
      .where('checked_out_at', 'is', null)
      .execute();
    expect(open.map((row) => row.id)).toEqual([second.entryLogItem!.id]);
  });

  it('shows a visit through its link even when the building has a mobile token', async () => {
    const { publicIdentifier } = jsonOf<CheckInResponse>(await post(visitor()));
    await t.database.db
      .updateTable('buildings')
      .set({ mobile_token: 'secret-token' })
      .where('id', '=', buildingId)
      .execute();
    try {
      const link = await t.app.inject({ method: 'GET', url: `/service/checkin/${qrCodeKey}/${publicIdentifier}` });
      expect(link.statusCode).toBe(200);
    } finally {
      await t.database.db.updateTable('buildings').set({ mobile_token: null }).where('id', '=', buildingId).execute();
    }
  });
});

describe('link and device rules', () => {
  it('stops an old printed QR code once the mobile token rotates', async () => {
    await t.database.db
      .updateTable('buildings')
      .set({ mobile_token: 'token-one' })
      .where('id', '=', buildingId)
      .execute();
    try {
      expect(jsonOf(await t.app.inject({ method: 'GET', url: `/service/checkin/${qrCodeKey}` })).errorCode).toBe(
        'CHECKIN_LINK_EXPIRED',
      );
      expect(
        (await t.app.inject({ method: 'GET', url: `/service/checkin/${qrCodeKey}?mt=token-one` })).statusCode,
      ).toBe(200);
      expect((await post(visitor({ mt: 'token-one' }))).statusCode).toBe(200);
      await t.database.db
        .updateTable('buildings')
        .set({ mobile_token: 'token-two' })
        .where('id', '=', buildingId)
        .execute();
      const old = await post(visitor({ mt: 'token-one' }));
      expect(old.statusCode).toBe(410);
      // The enrolled kiosk is not affected by the mobile token.
      expect(
        (await t.app.inject({ method: 'GET', url: `/service/checkinKiosk/${qrCodeKey}`, headers: kiosk.headers }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.database.db.updateTable('buildings').set({ mobile_token: null }).where('id', '=', buildingId).execute();
    }
  });

  it("lets an invited visitor in through the e-mailed link of a building with a mobile token: the visit's identifier is its proof", async () => {
    const id = uuidv7();
    const publicIdentifier = `invite-${id}`;
    await t.database.db
      .insertInto('visits')
      .values({
        id,
        tenant_id: tenantId,
        building_id: buildingId,
        identifier: 'INVITED2',
        public_identifier: publicIdentifier,
        pin: '2468',
        visitor_type: 'VISITOR',
        source: 'STAFF',
        is_invitation: true,
        first_name: 'Ines',
        last_name: 'Invited',
        scheduled_at: new Date(Date.now() + 10 * 60_000),
        scheduled_duration: 'PT1H',
      })
      .execute();
    const other = jsonOf<CheckInResponse>(await post(visitor()));
    await t.database.db
      .updateTable('buildings')
      .set({ mobile_token: 'token-invite' })
      .where('id', '=', buildingId)
      .execute();
    try {
      const get = (url: string) => t.app.inject({ method: 'GET', url: `/service${url}` });
      // The visit's own page: the building, the wizard's input and the visit, with no ?mt=.
      expect((await get(`/checkin/${qrCodeKey}?proof=${publicIdentifier}`)).statusCode).toBe(200);
      expect(
        (await get(`/building/${qrCodeKey}/checkInData?visitorType=VISITOR&proof=${publicIdentifier}`)).statusCode,
      ).toBe(200);
      expect((await get(`/checkin/${qrCodeKey}/${publicIdentifier}`)).statusCode).toBe(200);
      // A made-up identifier proves nothing.
      expect(jsonOf(await get(`/checkin/${qrCodeKey}?proof=made-up-identifier`)).errorCode).toBe(
        'CHECKIN_LINK_EXPIRED',
      );

      const invited = visitor({ id, checkInForm: { firstName: 'Ines', lastName: 'Invited', host: 'Bob Host' } });
      // Naming the visit without its identifier, or with another visit's, is a walk-in without the token.
      for (const proof of [{}, { publicIdentifier: other.publicIdentifier }]) {
        const refused = await post({ ...invited, ...proof });
        expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([410, 'CHECKIN_LINK_EXPIRED']);
      }
      const checkedIn = await post({ ...invited, publicIdentifier });
      expect(checkedIn.statusCode).toBe(200);
      expect(jsonOf<CheckInResponse>(checkedIn)).toMatchObject({ allowed: true, publicIdentifier });
      const row = await t.database.db
        .selectFrom('visits')
        .select(['checked_in_at', 'source'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.checked_in_at).not.toBeNull();
      // A walk-in without the token is still refused.
      expect(jsonOf(await post(visitor())).errorCode).toBe('CHECKIN_LINK_EXPIRED');
    } finally {
      await t.database.db.updateTable('buildings').set({ mobile_token: null }).where('id', '=', buildingId).execute();
    }
  });

  it('opens the kiosk channel to an enrolled kiosk only: the building key alone skips nothing', async () => {
    await t.database.db
      .updateTable('buildings')
      .set({ mobile_token: 'token-k' })
      .where('id', '=', buildingId)
      .execute();
    try {
      const refusals = [
        await t.app.inject({ method: 'GET', url: `/service/checkinKiosk/${qrCodeKey}` }),
        await t.app.inject({ method: 'POST', url: '/service/checkinKiosk', payload: visitor() }),
        await t.app.inject({
          method: 'GET',
          url: `/service/building/${qrCodeKey}/checkInData?visitorType=VISITOR&kiosk=true`,
        }),
        await t.app.inject({ method: 'GET', url: `/service/buildingCheckOutData/${qrCodeKey}` }),
      ];
      expect(refusals.map((r) => [r.statusCode, jsonOf(r).errorCode])).toEqual(
        Array.from({ length: 4 }, () => [401, 'KIOSK_ENROLMENT_REQUIRED']),
      );
      // A phone without the link's token gets nothing either.
      expect(jsonOf(await post(visitor())).errorCode).toBe('CHECKIN_LINK_EXPIRED');
      const kioskVisit = await t.app.inject({
        method: 'POST',
        url: '/service/checkinKiosk',
        payload: visitor(),
        headers: kiosk.headers,
      });
      expect(jsonOf<CheckInResponse>(kioskVisit).allowed).toBe(true);
    } finally {
      await t.database.db.updateTable('buildings').set({ mobile_token: null }).where('id', '=', buildingId).execute();
    }
  });

  it('keeps an address list as an extra restriction on enrolled kiosks', async () => {
    await t.database.db
      .updateTable('buildings')
      .set({ devices_ids: ';;;10.20.30.40;;;' })
      .where('id', '=', buildingId)
      .execute();
    try {
      const at = (remoteAddress: string) =>
        t.app.inject({
          method: 'GET',
          url: `/service/checkinKiosk/${qrCodeKey}`,
          remoteAddress,
          headers: kiosk.headers,
        });
      const refused = await at('127.0.0.1');
      expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([403, 'KIOSK_DEVICE_NOT_ALLOWED']);
      expect((await at('10.20.30.40')).statusCode).toBe(200);
      // The listed address without a credential is no kiosk.
      const bare = await t.app.inject({
        method: 'GET',
        url: `/service/checkinKiosk/${qrCodeKey}`,
        remoteAddress: '10.20.30.40',
      });
      expect(bare.statusCode).toBe(401);
    } finally {
      await t.database.db.updateTable('buildings').set({ devices_ids: '' }).where('id', '=', buildingId).execute();
    }
  });
});

describe('wizard camera', () => {
  it('reads a camera of the building behind the key, and no other', async () => {
    const cameraId = uuidv7();
    await t.database.db
      .insertInto('cameras')
      .values({
        id: cameraId,
        tenant_id: tenantId,
        building_id: buildingId,
        name: 'Door',
        ip_address: 'simulated',
        auth_user: null,
        auth_password: null,
        camera_place: 'ENTRY',
        simulated: true,
      })
      .execute();
    const dataFor = async (query: string, headers: Record<string, string> = {}) =>
      jsonOf<CheckInData>(
        await t.app.inject({
          method: 'GET',
          url: `/service/building/${qrCodeKey}/checkInData?visitorType=VISITOR${query}`,
          headers,
        }),
      );
    expect((await dataFor('&kiosk=true', kiosk.headers)).cameras.ENTRY).toEqual({ [cameraId]: 'Door' });
    // A phone is never told of the cameras, nor reads them.
    expect((await dataFor('')).cameras).toEqual({ ENTRY: {}, EXIT: {} });
    const camera = (key: string, query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/service/public/checkin/${key}/camera/${cameraId}/info${query}`, headers });
    for (const query of ['', '?kiosk=true']) {
      const refused = await camera(qrCodeKey, query);
      expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([401, 'KIOSK_ENROLMENT_REQUIRED']);
      expect(refused.body).not.toContain('maxTemperature');
    }
    const info = jsonOf<{ entries: { maxTemperature: number }[] }>(
      await camera(qrCodeKey, '?kiosk=true', kiosk.headers),
    );
    expect(info.entries[0]!.maxTemperature).toBeGreaterThanOrEqual(34);
    const otherBuilding = await createBuilding(t.database.db, tenantId, 'Annex');
    const otherKey = await qrCodeKeyOf(t.database.db, otherBuilding);
    const annexKiosk = await enrolledKiosk(t.app, otherBuilding);
    expect((await camera(otherKey, '?kiosk=true', annexKiosk.headers)).statusCode).toBe(404);
    expect((await camera(otherKey, '?kiosk=true', kiosk.headers)).statusCode).toBe(403);
  });
});

describe('check-out', () => {
  it('checks out with the exit questionnaire, once', async () => {
    const { publicIdentifier } = jsonOf<CheckInResponse>(await post(visitor()));
    const data = jsonOf<{ exitQuestionnaires: CheckInData['questionnaires'] }>(
      await t.app.inject({ method: 'GET', url: `/service/checkoutable/${publicIdentifier}` }),
    );
    expect(data.exitQuestionnaires[0]!.items[0]!.text).toBe('Did you return your badge?');
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/service/checkoutable/${publicIdentifier}`,
      payload: {},
    });
    expect(jsonOf(missing).errorCode).toBe('MISSING');
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/service/checkoutable/${publicIdentifier}`,
      payload: {
        comments: 'Thanks',
        questionnairesAnswers: [{ questionnaireId: uuidv7(), answers: { [ids.exitQ]: 'YES' } }],
      },
    });
    expect(jsonOf(done)).toMatchObject({ status: 'success', visit: { status: 'OUT' } });
    // Sent again (its answer lost on the way): answered as done, nothing changed, audited once.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/service/checkoutable/${publicIdentifier}`,
      payload: {},
    });
    expect(again.statusCode).toBe(200);
    expect(jsonOf(again)).toEqual(jsonOf(done));
    const visit = await t.database.db
      .selectFrom('visits')
      .select(['id', 'exit_comments'])
      .where('public_identifier', '=', publicIdentifier)
      .executeTakeFirstOrThrow();
    expect(visit.exit_comments).toBe('Thanks');
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', visit.id)
      .where('action', '=', 'MEETING_CHECKED_OUT')
      .execute();
    expect(audited).toHaveLength(1);
    // A link that names no visit is still 404.
    const unknown = await t.app.inject({ method: 'PATCH', url: `/service/checkoutable/${uuidv7()}`, payload: {} });
    expect(jsonOf(unknown).errorCode).toBe('CHECKOUT_VISIT_NOT_FOUND');
  });

  it("asks the exit questionnaires through the visit's link only when the building allows them there; a kiosk always", async () => {
    await setSettings({ emailMeEnabled: true, allowExitQuestionnairesOnEmailCheckOut: false });
    try {
      const phone = jsonOf<CheckInResponse>(await post(visitor()));
      const atKiosk = jsonOf<CheckInResponse>(await post(visitor()));
      const data = (publicIdentifier: string | null, headers: Record<string, string> = {}) =>
        t.app
          .inject({ method: 'GET', url: `/service/checkoutable/${publicIdentifier}`, headers })
          .then((response) => jsonOf<{ exitQuestionnaires: CheckInData['questionnaires'] }>(response));
      expect((await data(phone.publicIdentifier)).exitQuestionnaires).toEqual([]);
      expect((await data(atKiosk.publicIdentifier, kiosk.headers)).exitQuestionnaires).toHaveLength(1);

      const byKiosk = await t.app.inject({
        method: 'PATCH',
        url: `/service/checkoutable/${atKiosk.publicIdentifier}`,
        headers: kiosk.headers,
        payload: {},
      });
      expect([byKiosk.statusCode, jsonOf(byKiosk).errorCode]).toEqual([400, 'MISSING']);
      const byPhone = await t.app.inject({
        method: 'PATCH',
        url: `/service/checkoutable/${phone.publicIdentifier}`,
        payload: {},
      });
      expect(jsonOf(byPhone)).toMatchObject({ status: 'success', visit: { status: 'OUT' } });
      const row = await t.database.db
        .selectFrom('visits')
        .select(['exit_questionnaires_answers', 'checkout_method'])
        .where('public_identifier', '=', phone.publicIdentifier)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ exit_questionnaires_answers: [], checkout_method: 'OWN_DEVICE' });
    } finally {
      await setSettings({ emailMeEnabled: true, allowExitQuestionnairesOnEmailCheckOut: true });
    }
  });

  it('finds a visit by code and PIN (and last name)', async () => {
    const body = visitor();
    const result = jsonOf<CheckInResponse>(await post(body));
    const found = await t.app.inject({
      method: 'GET',
      url: `/service/searchMeeting/${result.meetingIdentifier}/${result.pin}`,
    });
    expect(jsonOf(found).publicIdentifier).toBe(result.publicIdentifier);
    const withName = await t.app.inject({
      method: 'GET',
      url: `/service/searchMeeting/${result.meetingIdentifier}/${result.pin}/${body.checkInForm.lastName}`,
    });
    expect(withName.statusCode).toBe(200);
    const wrongPin = String((Number(result.pin) + 1) % 10_000).padStart(4, '0');
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/searchMeeting/${result.meetingIdentifier}/${wrongPin}` }))
        .statusCode,
    ).toBe(404);
  });

  it('limits wrong PINs per visit code: the sixth try within 15 minutes is refused, the right PIN too, whatever the address', async () => {
    const result = jsonOf<CheckInResponse>(await post(visitor()));
    const code = result.meetingIdentifier as string;
    const search = (pin: string, address: string) =>
      t.app.inject({ method: 'GET', url: `/service/searchMeeting/${code}/${pin}`, remoteAddress: address });
    const wrongPins = [1, 2, 3, 4, 5].map((n) => String((Number(result.pin) + n) % 10_000).padStart(4, '0'));
    for (const [index, pin] of wrongPins.entries()) {
      expect((await search(pin, `10.9.0.${index + 1}`)).statusCode).toBe(404);
    }
    const locked = await search(result.pin as string, '10.9.1.1');
    expect({ status: locked.statusCode, code: jsonOf(locked).errorCode }).toEqual({
      status: 429,
      code: 'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED',
    });
    // Once the window has passed (moved back here rather than waited for), the right PIN works.
    await t.database.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1_000) })
      .where('key', '=', `pin|${code}`)
      .execute();
    const found = await search(result.pin as string, '10.9.1.2');
    expect({ status: found.statusCode, id: jsonOf(found).publicIdentifier }).toEqual({
      status: 200,
      id: result.publicIdentifier,
    });
  });

  it('lets a person find their open visit on an enrolled kiosk by last name or phone digits: a first name, an initial and a ticket for that kiosk', async () => {
    const body = visitor({
      checkInForm: { firstName: 'Zoe', lastName: 'Selfout', host: 'H', phone: '+1 (416) 555-9876' },
    });
    const { publicIdentifier } = jsonOf<CheckInResponse>(await post(body));
    const search = (payload: object, headers: Record<string, string> = kiosk.headers) =>
      t.app.inject({ method: 'POST', url: `/service/buildingCheckOut/${qrCodeKey}/search`, payload, headers });
    const byKeyAlone = await search({ lastName: 'selfout' }, {});
    expect([byKeyAlone.statusCode, jsonOf(byKeyAlone).errorCode]).toEqual([401, 'KIOSK_ENROLMENT_REQUIRED']);

    const byName = jsonOf<{ firstName: string; lastInitial: string; ticket: string }[]>(
      await search({ lastName: 'selfout' }),
    );
    expect(byName.map((v) => [v.firstName, v.lastInitial])).toEqual([['Zoe', 'S']]);
    expect(JSON.stringify(byName)).not.toContain('Selfout');
    expect(JSON.stringify(byName)).not.toContain(publicIdentifier);
    expect(jsonOf<unknown[]>(await search({ phoneLast4: '9876' }))).toHaveLength(1);
    expect((await search({})).statusCode).toBe(400);

    const ticket = byName[0]!.ticket;
    const withTicket = (method: 'GET' | 'PATCH', value: string, headers: Record<string, string> = kiosk.headers) =>
      t.app.inject({
        method,
        url: `/service/buildingCheckOut/${qrCodeKey}/ticket/${encodeURIComponent(value)}`,
        headers,
        ...(method === 'PATCH'
          ? { payload: { questionnairesAnswers: [{ questionnaireId: uuidv7(), answers: { [ids.exitQ]: 'YES' } }] } }
          : {}),
      });
    // Another kiosk, no credential, or an altered ticket: nothing.
    const otherKiosk = await enrolledKiosk(t.app, buildingId);
    const refusals = [
      await withTicket('GET', ticket, otherKiosk.headers),
      await withTicket('GET', ticket, {}),
      await withTicket(
        'GET',
        ticket.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ];
    expect(refusals.map((r) => [r.statusCode, jsonOf(r).errorCode])).toEqual([
      [404, 'CHECKOUT_VISIT_NOT_FOUND'],
      [401, 'KIOSK_ENROLMENT_REQUIRED'],
      [404, 'CHECKOUT_VISIT_NOT_FOUND'],
    ]);
    const data = jsonOf<{ visit: { firstName: string } }>(await withTicket('GET', ticket));
    expect(data.visit.firstName).toBe('Zoe');
    expect(jsonOf(await withTicket('PATCH', ticket))).toMatchObject({ status: 'success', visit: { status: 'OUT' } });
    expect(jsonOf(await withTicket('PATCH', ticket)).errorCode).toBe('CHECKOUT_VISIT_NOT_FOUND');
  });

  it('answers 410 CHECKOUT_TICKET_EXPIRED once a ticket is older than its few minutes', async () => {
    const body = visitor({ checkInForm: { firstName: 'Ada', lastName: 'Lateticket', host: 'H' } });
    await post(body);
    const [found] = jsonOf<{ ticket: string }[]>(
      await t.app.inject({
        method: 'POST',
        url: `/service/buildingCheckOut/${qrCodeKey}/search`,
        payload: { lastName: 'Lateticket' },
        headers: kiosk.headers,
      }),
    );
    const issuedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: issuedAt + (CHECKOUT_TICKET_MINUTES * 60 + 1) * 1000 });
    try {
      const late = await t.app.inject({
        method: 'GET',
        url: `/service/buildingCheckOut/${qrCodeKey}/ticket/${found!.ticket}`,
        headers: kiosk.headers,
      });
      expect([late.statusCode, jsonOf(late).errorCode]).toEqual([410, 'CHECKOUT_TICKET_EXPIRED']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('staff reading visits', () => {
  it("lists the tenant's visits with filters", async () => {
    const inside = jsonOf<{ docs: { status: string }[]; totalDocs: number }>(
      await t.app.inject({
        method: 'GET',
        url: `/service/meeting?status=in&buildingId=${buildingId}&limit=500`,
        headers: staff,
      }),
    );
    expect(inside.totalDocs).toBeGreaterThan(3);
    expect(inside.docs.every((v) => v.status === 'IN')).toBe(true);
    const out = jsonOf<{ docs: { status: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/service/meeting?status=out', headers: staff }),
    );
    expect(out.docs.length).toBeGreaterThan(0);
    expect(out.docs.every((v) => v.status === 'OUT')).toBe(true);
  });
});
