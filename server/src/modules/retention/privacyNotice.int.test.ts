// The company's privacy notice (docs/privacy.md, "The privacy notice"): administrators and
// corporate users publish versions (never edited), visitors read the one in force by building,
// check-ins carry it with the building's configuration and record the version shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckInBuilding,
  type CheckInResponse,
  PRIVACY_NOTICE_MAX,
  type PrivacyNotice,
  type PrivacyNotices,
} from '@vestibule/shared';
import { createBuilding, createTenant, createUser, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function as(tenantId: string, role: 'ROLE_MASTER' | 'ROLE_SUPERVISOR') {
  const user = await createUser(t.database.db, { tenantId, role });
  return { username: user.username, headers: bearer(await logInAs(t.app, user.username)) };
}

const configVersion = async (buildingId: string) =>
  (
    await t.database.db
      .selectFrom('buildings')
      .select('config_version')
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow()
  ).config_version;

let visitors = 0;
async function checkIn(qrCodeKey: string, shown: number | undefined) {
  visitors += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/checkin',
    payload: {
      qrCodeKey,
      visitorType: 'v',
      checkInForm: { firstName: 'Nina', lastName: `Notice${visitors}`, host: 'Hugh Host' },
      questionnairesAnswers: [],
      ...(shown === undefined ? {} : { privacyNoticeVersion: shown }),
    },
  });
  const { publicIdentifier } = jsonOf<CheckInResponse>(response);
  const visit = await t.database.db
    .selectFrom('visits')
    .select('privacy_notice_version')
    .where('public_identifier', '=', publicIdentifier ?? '')
    .executeTakeFirstOrThrow();
  return visit.privacy_notice_version;
}

describe('the privacy notice', () => {
  it('is published in versions, read by building, carried by check-ins and recorded as shown', async () => {
    const db = t.database.db;
    const tenantId = await createTenant(db);
    const buildingId = await createBuilding(db, tenantId, 'Notice Tower');
    const qrCodeKey = await qrCodeKeyOf(db, buildingId);
    const master = await as(tenantId, 'ROLE_MASTER');
    const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url: `/service/${url}`, headers });
    const publish = (body: string) =>
      t.app.inject({ method: 'POST', url: '/service/privacy/notice', payload: { body }, headers: master.headers });

    // Before the first version: nothing to show, nothing recorded.
    expect(jsonOf<PrivacyNotices>(await get('privacy/notice', master.headers))).toEqual({
      current: null,
      versions: [],
    });
    expect((await get(`privacyNotice/${buildingId}`)).statusCode).toBe(404);
    expect(jsonOf<CheckInBuilding>(await get(`checkin/${qrCodeKey}`)).privacyNotice).toBeNull();
    expect(await checkIn(qrCodeKey, undefined)).toBeNull();

    // Empty or too long: refused, nothing published.
    const refusals: [string, string][] = [
      ['   ', 'IS_EMPTY'],
      ['x'.repeat(PRIVACY_NOTICE_MAX + 1), 'VALIDATION_FAILED'],
    ];
    for (const [body, errorCode] of refusals) {
      const refused = await publish(body);
      expect([refused.statusCode, jsonOf<{ errorCode: string }>(refused).errorCode]).toEqual([400, errorCode]);
    }
    expect(jsonOf<PrivacyNotices>(await get('privacy/notice', master.headers)).versions).toEqual([]);

    const before = await configVersion(buildingId);
    const first = await publish('# How we use your data\n\nWe keep your **name** for 30 days.');
    expect(first.statusCode).toBe(201);
    expect(jsonOf<PrivacyNotice>(first)).toMatchObject({ version: 1 });
    // Kiosks and check-ins read the notice with their building's configuration: it changed.
    expect(await configVersion(buildingId)).not.toBe(before);
    const second = jsonOf<PrivacyNotice>(await publish('We keep your name for 14 days.'));
    expect(second).toMatchObject({ version: 2, body: 'We keep your name for 14 days.' });

    const listed = jsonOf<PrivacyNotices>(await get('privacy/notice', master.headers));
    expect(listed.current).toEqual(second);
    expect(listed.versions.map((version) => [version.version, version.createdBy])).toEqual([
      [2, master.username],
      [1, master.username],
    ]);
    expect(jsonOf(await get(`privacyNotice/${buildingId}`))).toEqual({
      company: expect.any(String),
      version: 2,
      body: 'We keep your name for 14 days.',
    });
    expect(jsonOf<CheckInBuilding>(await get(`checkin/${qrCodeKey}`)).privacyNotice).toEqual({
      version: 2,
      body: 'We keep your name for 14 days.',
    });

    // A check-in records the version its device showed (a kiosk's older copy), else the one in force.
    expect(await checkIn(qrCodeKey, 1)).toBe(1);
    expect(await checkIn(qrCodeKey, undefined)).toBe(2);
    expect(await checkIn(qrCodeKey, 9)).toBe(2);

    // Audited by number; supervisors do not publish; another company's building shows its own (none).
    const audited = await db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'PRIVACY_NOTICE_PUBLISHED')
      .where('tenant_id', '=', tenantId)
      .orderBy('at')
      .execute();
    expect(audited.map((row) => row.after)).toEqual([{ version: 1 }, { version: 2 }]);
    const supervisor = await as(tenantId, 'ROLE_SUPERVISOR');
    expect((await get('privacy/notice', supervisor.headers)).statusCode).toBe(403);
    const elsewhere = await createBuilding(db, await createTenant(db), 'Elsewhere');
    expect((await get(`privacyNotice/${elsewhere}`)).statusCode).toBe(404);
  });
});
