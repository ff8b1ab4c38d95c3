import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, type CheckInResponse, uuidv7 } from '@vestibule/shared';
import {
  addQuestion,
  createQuestionnaire,
  createUser,
  linkQuestionnaire,
  qrCodeKeyOf,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import {
  type TestApp,
  bearer,
  createTestApp,
  enrolledKiosk,
  jsonOf,
  logInAs,
  pushAsKiosk,
  tenantWithBuilding,
} from '../../../test/helpers/test-app.ts';
import { autoCheckOutDue } from '../lifecycle/lifecycle.service.ts';

// What visitors do themselves, and what the building's automatic rules do, is in the audit log
// with the channel as the actor (their own device, a kiosk and which, the automatic check-out),
// written with the change: registering, cancelling, moving, making longer, checking in and out by
// link, on a kiosk online or through its queued entries, and the automatic check-out.

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
let admin: { authorization: string };
let kiosk: { deviceId: string; headers: Record<string, string> };
/** Contractors answer a safety question whose "no" refuses entry. */
let safety: string;
let helmet: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, buildingId } = await tenantWithBuilding(t, { tenant: 'Audit Co', building: 'Audit House' }));
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
  await setBuildingSettings(t.database.db, buildingId, { autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: 'PT1H' });
  kiosk = await enrolledKiosk(t.app, buildingId);
  safety = await createQuestionnaire(t.database.db, tenantId, 'Safety');
  helmet = await addQuestion(t.database.db, safety, 0, { text: 'Wearing a helmet?', alert_answer: 'NO' });
  await linkQuestionnaire(t.database.db, buildingId, safety, 'ENTRY', 'CONTRACTOR');
  // The audit log is the administrators' (every company).
  const operator = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
  admin = bearer(await logInAs(t.app, operator.username));
});
afterAll(() => t.close());

/** The audit rows of a visit, oldest first, as the Logs screen reads them. */
async function auditOf(visitId: string): Promise<AuditEntry[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/service/auditLog?entity=visit&entityId=${visitId}&limit=50`,
    headers: { ...admin, 'x-vestibule-tenant': tenantId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf<{ docs: AuditEntry[] }>(response).docs.reverse();
}

const who = (entry: AuditEntry) => [entry.action, entry.actorChannel, entry.actorDeviceName, entry.actorUsername];

const visitorBody = (lastName: string) => ({
  qrCodeKey,
  visitorType: 'VISITOR',
  checkInForm: { firstName: 'Vera', lastName, host: 'Desk' },
});

describe('the audit log of what visitors and the automatic rules do', () => {
  it("records a registration, a new time, a longer stay and a cancel by the visitor's own device", async () => {
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCMinutes(0, 0, 0);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/service/registration',
      payload: {
        qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Rita', lastName: 'Registered', email: 'rita@example.test', host: 'Desk' },
        scheduledAt: at.toISOString(),
        scheduledDuration: 'PT1H',
        consentAccepted: true,
      },
      remoteAddress: '198.51.100.7',
    });
    expect(registered.statusCode).toBe(201);
    const visit = await t.database.db
      .selectFrom('visits')
      .select(['id', 'public_identifier'])
      .where('email', '=', 'rita@example.test')
      .executeTakeFirstOrThrow();
    const page = (method: 'PATCH' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/service/${path}/${visit.public_identifier}`,
        remoteAddress: '198.51.100.7',
        ...(payload ? { payload } : {}),
      });
    const later = new Date(at.getTime() + 86_400_000).toISOString();
    expect((await page('PATCH', 'reschedulable', { scheduledAt: later })).statusCode).toBe(200);
    expect((await page('PATCH', 'postponable', { scheduledDuration: 'PT2H' })).statusCode).toBe(200);
    expect((await page('DELETE', 'cancelable')).statusCode).toBe(200);

    const rows = await auditOf(visit.id);
    expect(rows.map(who)).toEqual([
      ['MEETING_REGISTERED', 'OWN_DEVICE', null, null],
      ['MEETING_RESCHEDULED', 'OWN_DEVICE', null, null],
      ['MEETING_PROLONGED', 'OWN_DEVICE', null, null],
      ['MEETING_CANCELLED', 'OWN_DEVICE', null, null],
    ]);
    expect(rows.map((row) => row.clientIp)).toEqual(Array.from({ length: 4 }, () => '198.51.100.7'));
    expect(rows.map((row) => row.after)).toEqual([
      expect.objectContaining({ firstName: 'Rita', email: 'rita@example.test', scheduledDuration: 'PT1H' }),
      { scheduledAt: later },
      { scheduledDuration: 'PT2H' },
      { cancelled: true },
    ]);
    // A refused change writes nothing, and records nothing.
    expect((await page('DELETE', 'cancelable')).statusCode).toBe(409);
    expect(await auditOf(visit.id)).toHaveLength(4);
  });

  it('records check-ins and check-outs by link, on a kiosk online and through its queued entries', async () => {
    // The visitor's phone, online; then out through the visit's link.
    const phone = jsonOf<CheckInResponse>(
      await t.app.inject({ method: 'POST', url: '/service/checkin', payload: visitorBody('Phone') }),
    );
    const phoneVisit = phone.entryLogItem!.id;
    await t.app.inject({ method: 'PATCH', url: `/service/checkoutable/${phone.publicIdentifier}`, payload: {} });
    expect((await auditOf(phoneVisit)).map(who)).toEqual([
      ['MEETING_CHECKED_IN', 'OWN_DEVICE', null, null],
      ['MEETING_CHECKED_OUT', 'OWN_DEVICE', null, null],
    ]);
    const [checkedIn] = await auditOf(phoneVisit);
    expect(checkedIn!.after).toMatchObject({ lastName: 'Phone', allowed: true, source: 'OWN_DEVICE' });
    expect(JSON.stringify(checkedIn)).not.toContain(phone.pin!);

    // The kiosk's queued entries: the check-in and the check-out, by the enrolled kiosk.
    const visitId = uuidv7();
    const pushed = await pushAsKiosk(t.app, kiosk, qrCodeKey, [
      { type: 'checkIn', visitId, payload: visitorBody('Queued') },
      { type: 'checkOut', visitId, payload: {} },
    ]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const queued = await auditOf(visitId);
    expect(queued.map(who)).toEqual([
      ['MEETING_CHECKED_IN', 'KIOSK', 'Lobby tablet', null],
      ['MEETING_CHECKED_OUT', 'KIOSK', 'Lobby tablet', null],
    ]);
    expect(queued.map((row) => row.actorDeviceId)).toEqual([kiosk.deviceId, kiosk.deviceId]);

    // A refusal at the kiosk's door (an alert answer) is recorded as such.
    const refused = jsonOf<CheckInResponse>(
      await t.app.inject({
        method: 'POST',
        url: '/service/checkinKiosk',
        headers: kiosk.headers,
        payload: {
          ...visitorBody('Turned away'),
          checkInForm: { firstName: 'Tom', lastName: 'Turned away', host: 'Desk', contractorCompanyName: 'Fixit' },
          visitorType: 'CONTRACTOR',
          questionnairesAnswers: [{ questionnaireId: safety, answers: { [helmet]: 'NO' } }],
        },
      }),
    );
    expect(refused).toMatchObject({ allowed: false });
    const turnedAway = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('last_name', '=', 'Turned away')
      .executeTakeFirstOrThrow();
    expect((await auditOf(turnedAway.id)).map(who)).toEqual([
      ['MEETING_CHECK_IN_REFUSED', 'KIOSK', 'Lobby tablet', null],
    ]);
  });

  it('records the automatic check-out with the rule as the actor, in its transaction', async () => {
    const id = uuidv7();
    await t.database.db
      .insertInto('visits')
      .values({
        id,
        tenant_id: tenantId,
        building_id: buildingId,
        identifier: 'AUTOOUT1',
        public_identifier: `auto-${id}`,
        pin: '1234',
        visitor_type: 'VISITOR',
        source: 'KIOSK',
        last_name: 'Forgetful',
        checked_in_at: new Date(Date.now() - 3 * 3_600_000),
        scheduled_duration: 'PT1H',
      })
      .execute();
    const done = await autoCheckOutDue({ db: t.database.db }, new Date());
    expect(done.map((row) => row.id)).toContain(id);
    const rows = await auditOf(id);
    expect(rows.map(who)).toEqual([['MEETING_CHECKED_OUT', 'AUTOMATIC', null, null]]);
    expect(rows[0]!.after).toMatchObject({ checkoutMethod: 'AUTO_TIMEOUT' });
    expect(rows[0]!.clientIp).toBeNull();
  });
});
