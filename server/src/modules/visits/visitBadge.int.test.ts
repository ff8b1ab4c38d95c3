import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInData, type VisitBadge, newBuildingSettings } from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createTenant,
  createUser,
  qrCodeKeyOf,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { silhouetteJpeg } from '../../db/seed/jpeg.ts';

// Visitor badges (docs/badges.md): a building's layout and when its kiosks print one, carried to
// its kiosks (never to a phone) with the wizard's data; a visit's badge for staff who reprint it,
// read from the visit as the kiosk reads its own record; another company's or building's never.

let t: TestApp;
let world: Awaited<ReturnType<typeof seedWorld>>;
const MOBILE_TOKEN = 'mt-badge-1';

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Badge Harbour' });
  const hq = await createBuilding(db, tenantId, 'Badge HQ');
  const annex = await createBuilding(db, tenantId, 'Badge Annex');
  const otherTenant = await createTenant(db, { name: 'Badge Elsewhere' });
  await setBuildingSettings(db, hq, {
    allowFreeTextHost: true,
    visitorPhoto: { VISITOR: 'OPTIONAL' },
    badgeLayout: { size: 'A6', company: false },
    badgePrint: { VISITOR: 'ALWAYS', CONTRACTOR: 'ASK' },
  });
  await db.updateTable('buildings').set({ mobile_token: MOBILE_TOKEN }).where('id', '=', hq).execute();
  const admin = await createUser(db, { tenantId, role: 'ROLE_ADMIN' });
  const annexUser = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, annexUser.id, [annex]);
  const hqUser = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, hqUser.id, [hq]);
  const foreignAdmin = await createUser(db, { tenantId: otherTenant, role: 'ROLE_ADMIN' });
  return {
    hq,
    annex,
    key: await qrCodeKeyOf(db, hq),
    admin: bearer(await logInAs(t.app, admin.username)),
    hqUser: bearer(await logInAs(t.app, hqUser.username)),
    annexUser: bearer(await logInAs(t.app, annexUser.username)),
    foreignAdmin: bearer(await logInAs(t.app, foreignAdmin.username)),
    kiosk: await enrolledKiosk(t.app, hq),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  world = await seedWorld();
});
afterAll(async () => {
  await t.close();
});

async function checkInData(visitorType: string, kiosk: boolean): Promise<CheckInData> {
  const response = await t.app.inject({
    method: 'GET',
    url: kiosk
      ? `/service/building/${world.key}/checkInData?visitorType=${visitorType}&kiosk=true`
      : `/service/building/${world.key}/checkInData?visitorType=${visitorType}&mt=${MOBILE_TOKEN}`,
    headers: kiosk ? world.kiosk.headers : {},
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<CheckInData>(response);
}

const badgeCall = (id: string, auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: `/service/meeting/${id}/badge`, headers: auth });

describe("the kiosk's check-in data", () => {
  it('carries when to print per person type (never when unset) and the layout, its missing parts the default', async () => {
    const layout = { size: 'A6', photo: true, company: false, host: true, validUntil: true, logo: true, qrCode: true };
    const timeZoneId = 'America/Toronto';
    expect((await checkInData('VISITOR', true)).badge).toEqual({ print: 'ALWAYS', layout, timeZoneId });
    expect((await checkInData('CONTRACTOR', true)).badge).toEqual({ print: 'ASK', layout, timeZoneId });
    expect((await checkInData('EMPLOYEE', true)).badge).toEqual({ print: 'NEVER', layout, timeZoneId });
  });

  it('carries none to a phone: the lobby printer is the kiosk’s', async () => {
    expect((await checkInData('VISITOR', false)).badge).toBeUndefined();
  });
});

describe("a visit's badge", () => {
  let visitId: string;
  let identifier: string;
  let checkedInAt: string;

  beforeAll(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/checkin',
      payload: {
        qrCodeKey: world.key,
        visitorType: 'VISITOR',
        mt: MOBILE_TOKEN,
        checkInForm: { firstName: 'Bea', lastName: 'Badge', host: 'Front desk', companyName: 'Lamplight' },
        scheduledDuration: 'PT1H30M',
        photo: silhouetteJpeg().toString('base64'),
      },
    });
    if (response.statusCode !== 200) throw new Error(`The check-in failed: ${response.body}`);
    const row = await t.database.db
      .selectFrom('visits')
      .select(['id', 'identifier', 'checked_in_at'])
      .where('last_name', '=', 'Badge')
      .executeTakeFirstOrThrow();
    visitId = row.id;
    identifier = row.identifier;
    if (row.checked_in_at === null) throw new Error('The visit was not checked in');
    checkedInAt = new Date(row.checked_in_at).toISOString();
  });

  it('says what the kiosk printed: name, company, host, type, from the check-in to the planned end, the code', async () => {
    const response = await badgeCall(visitId, world.admin);
    expect(response.statusCode).toBe(200);
    const badge = jsonOf<VisitBadge>(response);
    expect(badge).toEqual({
      visitId,
      content: {
        firstName: 'Bea',
        lastName: 'Badge',
        companyName: 'Lamplight',
        host: 'Front desk',
        visitorType: 'VISITOR',
        validFrom: checkedInAt,
        validUntil: new Date(Date.parse(checkedInAt) + 90 * 60_000).toISOString(),
        visitCode: identifier,
        buildingName: 'Badge HQ',
        timeZoneId: 'America/Toronto',
      },
      layout: { size: 'A6', photo: true, company: false, host: true, validUntil: true, logo: true, qrCode: true },
      buildingId: world.hq,
      logoVersion: 0,
      hasPhoto: true,
    });
  });

  it('is served to staff of the building, and to no one of another building or company', async () => {
    expect((await badgeCall(visitId, world.hqUser)).statusCode).toBe(200);
    const refused = [await badgeCall(visitId, world.annexUser), await badgeCall(visitId, world.foreignAdmin)];
    expect(refused.map((response) => [response.statusCode, jsonOf(response).errorCode])).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/service/meeting/${visitId}/badge` })).statusCode).toBe(401);
  });
});

describe('the settings', () => {
  it('refuse a size or print mode the product does not know, and keep what was there', async () => {
    const patch = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/service/building/${world.annex}/settings`,
        headers: world.admin,
        payload: { ...newBuildingSettings(), ...body },
      });
    const saved = await patch({ badgeLayout: { size: 'LABEL_4X3_IN', logo: false }, badgePrint: { VISITOR: 'ASK' } });
    expect(saved.statusCode).toBe(200);
    for (const wrong of [
      { badgeLayout: { size: 'BUSINESS_CARD' } },
      { badgeLayout: { qrCode: 'yes' } },
      { badgePrint: { VISITOR: 'SOMETIMES' } },
      { badgePrint: { GUEST: 'ALWAYS' } },
    ]) {
      const response = await patch(wrong);
      expect([response.statusCode, jsonOf(response).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const stored = await t.database.db
      .selectFrom('buildings')
      .select('settings')
      .where('id', '=', world.annex)
      .executeTakeFirstOrThrow();
    expect(stored.settings).toMatchObject({
      badgeLayout: { size: 'LABEL_4X3_IN', logo: false },
      badgePrint: { VISITOR: 'ASK' },
    });
  });
});
