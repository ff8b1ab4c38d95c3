import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskCredentialValue, kioskEnrolmentCodePattern, uuidv7 } from '@vestibule/shared';
import { createBuilding, createTenant, qrCodeKeyOf } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, jsonOf, tenantWithBuilding } from '../../../test/helpers/test-app.ts';
import { kioskOfCredential } from './kiosks.service.ts';

// Enrolled kiosks: a one-time, short-lived code makes a tablet a building's kiosk
// with its own credential; the admin renames or revokes it.

let t: TestApp;
let auth: { authorization: string };
let tenantId: string;
let buildingId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, buildingId, auth } = await tenantWithBuilding(
    t,
    { tenant: 'Kiosk Corp', building: 'Front Lobby' },
    'ROLE_SUPERVISOR',
  ));
});
afterAll(() => t.close());

async function newCode(name = 'Lobby tablet') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/service/building/${buildingId}/devices/enrolments`,
    headers: auth,
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  return jsonOf<{ code: string; url: string; expiresAt: string; name: string }>(response);
}

function enrol(code: string, deviceId = uuidv7()) {
  return t.app.inject({
    method: 'POST',
    url: '/service/kiosk/enrol',
    payload: { code, deviceId, appVersion: '1.2.3' },
  });
}

const outcome = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  code: (response.json() as { errorCode?: string }).errorCode,
});

describe('kiosk enrolment', () => {
  it('gives a one-time code with its link and expiry, which makes a tablet a kiosk with its own credential', async () => {
    const created = await newCode('North door');
    expect(created.code).toMatch(kioskEnrolmentCodePattern);
    expect(created.url).toMatch(new RegExp(`/enrolKiosk/${created.code}$`));
    const minutes = (new Date(created.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);

    const deviceId = uuidv7();
    const enrolled = await enrol(created.code.toLowerCase().replace(/-/g, ' '), deviceId);
    expect(enrolled.statusCode).toBe(200);
    const body = jsonOf<{ deviceId: string; secret: string; qrCodeKey: string; buildingName: string; name: string }>(
      enrolled,
    );
    expect(body).toMatchObject({
      deviceId,
      qrCodeKey: await qrCodeKeyOf(t.database.db, buildingId),
      buildingName: 'Front Lobby',
      name: 'North door',
    });
    const kiosk = await kioskOfCredential(t.app.ctx, kioskCredentialValue(deviceId, body.secret));
    expect(kiosk).toMatchObject({ deviceId, tenantId, buildingId, name: 'North door', revokedAt: null });
    // The server keeps only a hash of the secret.
    const row = await t.database.db
      .selectFrom('kiosk_devices')
      .select('credential_hash')
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect(row.credential_hash).not.toContain(body.secret);

    // The code works once.
    expect(outcome(await enrol(created.code))).toEqual({ status: 404, code: 'KIOSK_ENROLMENT_CODE_INVALID' });
  });

  it('refuses an expired or unknown code, and a wrong or malformed credential', async () => {
    const created = await newCode();
    await t.database.db
      .updateTable('kiosk_enrolments')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('used_at', 'is', null)
      .execute();
    expect(outcome(await enrol(created.code))).toEqual({ status: 404, code: 'KIOSK_ENROLMENT_CODE_INVALID' });
    expect(outcome(await enrol('AAAA-BBBB-CCCC'))).toEqual({ status: 404, code: 'KIOSK_ENROLMENT_CODE_INVALID' });

    const fresh = await newCode();
    const deviceId = uuidv7();
    const { secret } = jsonOf<{ secret: string }>(await enrol(fresh.code, deviceId));
    for (const header of [
      kioskCredentialValue(deviceId, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`),
      kioskCredentialValue(uuidv7(), secret),
      `${deviceId}:${secret}`,
      undefined,
    ]) {
      expect(await kioskOfCredential(t.app.ctx, header)).toBeUndefined();
    }
  });

  it("never takes over another tenant's device", async () => {
    const otherTenant = await createTenant(t.database.db, { name: 'Elsewhere Corp' });
    const deviceId = uuidv7();
    await t.database.db
      .insertInto('kiosk_devices')
      .values({
        device_id: deviceId,
        tenant_id: otherTenant,
        building_id: await createBuilding(t.database.db, otherTenant),
      })
      .execute();
    const created = await newCode();
    expect(outcome(await enrol(created.code, deviceId))).toEqual({ status: 403, code: 'KIOSK_DEVICE_NOT_ALLOWED' });
    // Refused, the code is still unused.
    expect((await enrol(created.code)).statusCode).toBe(200);
  });

  it('renames and revokes a kiosk, which shows in the devices list; enrolling again gives it a new credential', async () => {
    const deviceId = uuidv7();
    const first = jsonOf<{ secret: string }>(await enrol((await newCode('Tablet')).code, deviceId));
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${buildingId}/devices/${deviceId}`,
      headers: auth,
      payload: { name: 'South door' },
    });
    expect(jsonOf(renamed)).toEqual({ deviceId, name: 'South door' });
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/service/building/${buildingId}/devices/${deviceId}/revoke`,
      headers: auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await kioskOfCredential(t.app.ctx, kioskCredentialValue(deviceId, first.secret))).toMatchObject({
      revokedAt: expect.any(Date),
    });
    const list = jsonOf<{ devices: { deviceId: string; name: string; enrolledAt: string; revokedAt: string }[] }>(
      await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/devices`, headers: auth }),
    );
    expect(list.devices.find((device) => device.deviceId === deviceId)).toMatchObject({
      name: 'South door',
      enrolledAt: expect.any(String),
      revokedAt: expect.any(String),
    });

    const again = jsonOf<{ secret: string }>(await enrol((await newCode('Tablet again')).code, deviceId));
    expect(again.secret).not.toBe(first.secret);
    expect(await kioskOfCredential(t.app.ctx, kioskCredentialValue(deviceId, first.secret))).toBeUndefined();
    expect(await kioskOfCredential(t.app.ctx, kioskCredentialValue(deviceId, again.secret))).toMatchObject({
      revokedAt: null,
      name: 'Tablet again',
    });

    // Each change is in the audit log, never the enrolment code or the device's secret.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'device')
      .where('entity_id', '=', deviceId)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'KIOSK_ENROLLED',
      'KIOSK_RENAMED',
      'KIOSK_REVOKED',
      'KIOSK_ENROLLED',
    ]);
    const everything = JSON.stringify(await t.database.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).not.toContain(first.secret);
    expect(everything).not.toContain(again.secret);
  });
});
