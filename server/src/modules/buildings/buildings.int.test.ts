import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Building, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import { createTenant, createUser } from '../../../test/helpers/factories.ts';
import { multipartFile, pngOfSize } from '../../../test/helpers/multipart.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let token: string;
let auth: { authorization: string };

const address = {
  name: 'Harbour Tower',
  address1: '1 Harbour Street',
  city: 'Toronto',
  zip: 'M5J 2L1',
  state: 'ON',
  countryCode: 'CA',
  pinCode: '4321',
};

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db, { name: 'Harbour Corp' });
  await t.database.db.updateTable('tenants').set({ building_limit: 100 }).where('id', '=', tenantId).execute();
  const master = await createUser(t.database.db, { tenantId, role: 'ROLE_MASTER' });
  token = await logInAs(t.app, master.username);
  auth = bearer(token);
});
afterAll(() => t.close());

async function create(body: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/service/building', headers: auth, payload: { ...address, ...body } });
}

async function createdBuilding(body: Record<string, unknown> = {}): Promise<Building> {
  const response = await create(body);
  expect(response.statusCode).toBe(200);
  return jsonOf<Building>(response);
}

describe('creating a building', () => {
  it('fills the new-building defaults', async () => {
    const building = await createdBuilding({ externalId: 'HT-1' });
    expect(building).toMatchObject({
      name: 'Harbour Tower',
      tenant: { id: tenantId, name: 'Harbour Corp' },
      meetingStartReminderTime: 'PT24H',
      defaultMeetingDuration: 'PT1H',
      meetingEndReminderTime: 'PT5M',
      overdueAlertTime: 'PT15M',
      questionnairesValidityTimeout: 'PT2H',
      autoCheckOutTimeout: 'PT1H',
      autoCheckoutMode: 'TIMEOUT',
      temperatureMeasureUnit: 'CELSIUS',
      timeZoneId: 'America/Toronto',
      defaultLocale: 'en',
      pinIdentificationMethodType: 'PERSONAL_PIN_AND_LASTNAME',
      checkInLogoVersion: 0,
      mobileToken: null,
    });
    expect(building.qrCodeKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(building.visitorCheckInForm.firstName).toMatchObject({ enabled: true, mandatory: true });
  });

  it('refuses a duplicate Building Id in the tenant with BUILDING_ID_EXISTS and stores nothing', async () => {
    await createdBuilding({ externalId: 'DUP-1', name: 'First' });
    const response = await create({ externalId: 'DUP-1', name: 'Second' });
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response).errorCode).toBe('BUILDING_ID_EXISTS');
    const list = jsonOf<{ docs: Building[] }>(
      await t.app.inject({ method: 'GET', url: '/service/building?search=Second', headers: auth }),
    );
    expect(list.docs).toEqual([]);
  });

  it('allows the same Building Id in another tenant', async () => {
    const other = await createTenant(t.database.db);
    const otherMaster = await createUser(t.database.db, { tenantId: other, role: 'ROLE_MASTER' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/building',
      headers: bearer(await logInAs(t.app, otherMaster.username)),
      payload: { ...address, externalId: 'HT-1' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('stops at the tenant building limit with BUILDING_TENANT_LIMIT_REACHED', async () => {
    const small = await createTenant(t.database.db);
    await t.database.db.updateTable('tenants').set({ building_limit: 1 }).where('id', '=', small).execute();
    const supervisor = await createUser(t.database.db, { tenantId: small, role: 'ROLE_SUPERVISOR' });
    const headers = bearer(await logInAs(t.app, supervisor.username));
    const first = await t.app.inject({ method: 'POST', url: '/service/building', headers, payload: address });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({ method: 'POST', url: '/service/building', headers, payload: address });
    expect(jsonOf(second).errorCode).toBe('BUILDING_TENANT_LIMIT_REACHED');
  });

  it('needs a tenant: TENANT_REQUIRED for an admin without one', async () => {
    const admin = await createUser(t.database.db, { tenantId: null, role: 'ROLE_ADMIN' });
    const headers = bearer(await logInAs(t.app, admin.username));
    const response = await t.app.inject({ method: 'POST', url: '/service/building', headers, payload: address });
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response).errorCode).toBe('TENANT_REQUIRED');
    const named = await t.app.inject({
      method: 'POST',
      url: '/service/building',
      headers,
      payload: { ...address, tenantId },
    });
    expect(jsonOf<Building>(named).tenant.id).toBe(tenantId);
  });

  it('enforces the address rules at the edge values', async () => {
    expect((await create({ name: 'n'.repeat(80) })).statusCode).toBe(200);
    expect(jsonOf(await create({ name: 'n'.repeat(81) })).errorCode).toBe('VALIDATION_FAILED');
    expect((await create({ zip: 'A1B-2C.3 4' })).statusCode).toBe(200);
    expect(jsonOf(await create({ zip: 'A1B#2C3' })).params).toEqual({ field: 'zip' });
    expect(jsonOf(await create({ name: '' })).errorCode).toBe('IS_EMPTY');
    expect(jsonOf(await create({ email: 'not-an-email' })).errorCode).toBe('EMAIL_IS_NOT_VALID');
    expect(jsonOf(await create({ countryCode: 'XX' })).params).toEqual({ field: 'countryCode' });
    expect(jsonOf(await create({ pinCode: '12345' })).params).toEqual({ field: 'pinCode' });
    expect(jsonOf(await create({ phone: '+1 416' })).params).toEqual({ field: 'phone' });
  });
});

describe('settings', () => {
  const settings = newBuildingSettings();
  async function patchSettings(id: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'PATCH',
      url: `/service/building/${id}/settings`,
      headers: auth,
      payload: { ...settings, ...body },
    });
  }

  it('saves valid settings', async () => {
    const building = await createdBuilding();
    const response = await patchSettings(building.id, {
      checkInTemperatureMeasuresEnabled: true,
      minAllowedTemperature: 35.5,
      maxAllowedTemperature: 37.8,
      senderEmail: 'desk@example.com; security@example.com',
      timeZoneId: 'Europe/Paris',
      defaultLocale: 'fr',
      autoCheckoutMode: 'SPECIFIC_TIME',
      autoCheckoutSpecificTime: '18:30',
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf<Building>(response)).toMatchObject({
      timeZoneId: 'Europe/Paris',
      maxAllowedTemperature: 37.8,
      autoCheckoutMode: 'SPECIFIC_TIME',
      autoCheckoutSpecificTime: '18:30',
      autoCheckOutTimeout: null,
    });
  });

  it('answers each cross-field rule with its code and changes nothing', async () => {
    const building = await createdBuilding();
    const cases: [Record<string, unknown>, string][] = [
      [
        { checkInTemperatureMeasuresEnabled: true, minAllowedTemperature: null },
        'BUILDING_CHECK_IN_TEMPERATURE_MISSING',
      ],
      [
        { checkOutTemperatureMeasuresEnabled: true, maxAllowedTemperature: null },
        'BUILDING_CHECK_OUT_TEMPERATURE_MISSING',
      ],
      [{ timeZoneId: 'Mars/Olympus' }, 'BUILDING_INVALID_TIME_ZONE'],
      [{ defaultLocale: 'de' }, 'BUILDING_INVALID_LANGUAGE'],
      [{ autoCheckoutMode: 'SPECIFIC_TIME', autoCheckoutSpecificTime: null }, 'MISSING'],
      [{ autoCheckoutMode: 'TIMEOUT', autoCheckOutTimeout: null }, 'MISSING'],
      [{ senderEmail: 'desk@example.com, nope' }, 'VALIDATION_FAILED'],
      [{ consentText: 'x'.repeat(5001) }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) {
      const response = await patchSettings(building.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonOf(response).errorCode, JSON.stringify(body)).toBe(code);
    }
    expect((await patchSettings(building.id, { consentText: 'x'.repeat(5000) })).statusCode).toBe(200);
    const stored = jsonOf<Building>(
      await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth }),
    );
    expect(stored.timeZoneId).toBe('America/Toronto');
    expect(stored.checkInTemperatureMeasuresEnabled).toBe(false);
  });
});

describe('check-in forms', () => {
  const formsOf = (building: Building) => ({
    visitorCheckInForm: building.visitorCheckInForm,
    contractorCheckInForm: building.contractorCheckInForm,
    employeeCheckInForm: building.employeeCheckInForm,
  });
  const patchForms = (id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/service/building/${id}/checkInForms`, headers: auth, payload: body });
  const visitorWithout = (qrCodeKey: string, checkInForm: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/service/checkin',
      payload: { qrCodeKey, visitorType: 'VISITOR', checkInForm: { host: 'Desk', ...checkInForm } },
    });

  it('refuses a change to a locked switch (names are always asked and required) and changes nothing', async () => {
    const building = await createdBuilding();
    const forms = formsOf(building);
    const cases: [Record<string, unknown>, string][] = [
      [
        { firstName: { ...forms.visitorCheckInForm.firstName, enabled: false, enabledEditable: false } },
        'firstName.enabled',
      ],
      [
        { lastName: { ...forms.visitorCheckInForm.lastName, mandatory: false, mandatoryEditable: true } },
        'lastName.mandatory',
      ],
    ];
    for (const [change, field] of cases) {
      const response = await patchForms(building.id, {
        ...forms,
        contractorCheckInForm: { ...forms.contractorCheckInForm, ...change },
      });
      expect([response.statusCode, jsonOf(response).errorCode], field).toEqual([400, 'BUILDING_CHECK_IN_FIELD_LOCKED']);
      expect(jsonOf<{ params: { field: string } }>(response).params.field).toBe(`contractorCheckInForm.${field}`);
    }
    const stored = jsonOf<Building>(
      await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth }),
    );
    expect(formsOf(stored)).toEqual(forms);
    // A visitor without a first name is still refused at the door.
    const refused = await visitorWithout(building.qrCodeKey, { lastName: 'Nameless' });
    expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([400, 'MISSING']);
  });

  it("keeps the rule's locks whatever the request claims: a switch the rule leaves free stays free", async () => {
    const building = await createdBuilding();
    const forms = formsOf(building);
    const claimed = {
      ...forms.visitorCheckInForm,
      host: { ...forms.visitorCheckInForm.host, enabled: false, mandatory: false, enabledEditable: false },
      email: { ...forms.visitorCheckInForm.email, mandatoryEditable: false, custom: true, type: 'BOOLEAN', size: 3 },
    };
    const response = await patchForms(building.id, { ...forms, visitorCheckInForm: claimed });
    expect(response.statusCode).toBe(200);
    const saved = jsonOf<Building>(response).visitorCheckInForm;
    expect(saved.host).toMatchObject({
      enabled: false,
      mandatory: false,
      enabledEditable: true,
      mandatoryEditable: true,
    });
    expect(saved.email).toEqual(forms.visitorCheckInForm.email);
    // The host is no longer asked: a visitor with names only is let in.
    const walkIn = await visitorWithout(building.qrCodeKey, { firstName: 'Nora', lastName: 'Named' });
    expect(jsonOf<{ allowed: boolean }>(walkIn).allowed).toBe(true);
  });

  it('judges by the locks a form stored before them', async () => {
    const building = await createdBuilding();
    const forms = formsOf(building);
    const unlocked = {
      ...forms,
      visitorCheckInForm: {
        ...forms.visitorCheckInForm,
        firstName: { ...forms.visitorCheckInForm.firstName, enabled: false, mandatory: false, enabledEditable: true },
      },
    };
    await t.database.db
      .updateTable('buildings')
      .set({ check_in_forms: JSON.stringify(unlocked) })
      .where('id', '=', building.id)
      .execute();
    const shown = jsonOf<Building>(
      await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth }),
    );
    expect(shown.visitorCheckInForm.firstName).toMatchObject({
      enabled: true,
      mandatory: true,
      enabledEditable: false,
    });
    const refused = await visitorWithout(building.qrCodeKey, { lastName: 'Nameless' });
    expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([400, 'MISSING']);
  });
});

describe('check-in logo', () => {
  async function upload(id: string, fileName: string, content: Buffer) {
    const body = multipartFile('file', fileName, content);
    return t.app.inject({
      method: 'PATCH',
      url: `/service/building/${id}/checkInLogo`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  }

  it('accepts 1,999,999 bytes of PNG, refuses 2,000,000, and serves the logo by version with long cache', async () => {
    const building = await createdBuilding();
    const tooBig = await upload(building.id, 'logo.png', pngOfSize(2_000_000));
    expect(tooBig.statusCode).toBe(413);
    expect(jsonOf(tooBig).errorCode).toBe('sizeTooBig');
    const accepted = await upload(building.id, 'logo.png', pngOfSize(1_999_999));
    expect(accepted.statusCode).toBe(200);
    const saved = jsonOf<Building>(accepted);
    expect(saved.checkInLogoVersion).toBe(1);
    expect(saved.checkInLogoFileName).toBe('logo.png');
    const image = await t.app.inject({
      method: 'GET',
      url: `/service/public/buildings/${building.id}/checkInLogoImage/1`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.length).toBe(1_999_999);
    const again = jsonOf<Building>(await upload(building.id, 'second.png', pngOfSize(100)));
    expect(again.checkInLogoVersion).toBe(2);
  });

  it('refuses a text file renamed logo.png with invalidFormat and keeps the old logo', async () => {
    const building = await createdBuilding();
    await upload(building.id, 'real.png', pngOfSize(64));
    const response = await upload(building.id, 'logo.png', Buffer.from('I am only text pretending to be a picture'));
    expect(response.statusCode).toBe(415);
    expect(jsonOf(response).errorCode).toBe('invalidFormat');
    const stored = jsonOf<Building>(
      await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth }),
    );
    expect(stored).toMatchObject({ checkInLogoVersion: 1, checkInLogoFileName: 'real.png' });
  });

  it('refuses a broken form with 400 MALFORMED_MULTIPART and keeps the old logo', async () => {
    const building = await createdBuilding();
    await upload(building.id, 'real.png', pngOfSize(64));
    const whole = multipartFile('file', 'new.png', pngOfSize(500));
    const broken: [string, Buffer | string, string][] = [
      ['no boundary', whole.payload, 'multipart/form-data'],
      // The file part arrives whole; the form never reaches its closing boundary.
      ['closing "--" missing', whole.payload.subarray(0, whole.payload.length - 4), whole.headers['content-type']],
      ['cut inside the file', whole.payload.subarray(0, 300), whole.headers['content-type']],
    ];
    for (const [label, payload, contentType] of broken) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/service/building/${building.id}/checkInLogo`,
        headers: { ...auth, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, label).toBe(400);
      expect(jsonOf(response).errorCode, label).toBe('MALFORMED_MULTIPART');
    }
    const stored = jsonOf<Building>(
      await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth }),
    );
    expect(stored).toMatchObject({ checkInLogoVersion: 1, checkInLogoFileName: 'real.png' });
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${building.id}/checkInLogo`,
      headers: auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(jsonOf(json).errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("says the logo's own limits in the caller's language", async () => {
    const building = await createdBuilding();
    const cases: [string, Buffer, string, string][] = [
      ['en', pngOfSize(2_000_000), 'sizeTooBig', 'The logo is too big: it must be under 2 MB.'],
      ['fr', pngOfSize(2_000_000), 'sizeTooBig', 'Le logo est trop volumineux : il doit faire moins de 2 Mo.'],
      [
        'es',
        Buffer.from('PK\u0003\u0004 a spreadsheet'),
        'invalidFormat',
        'El logotipo debe ser una imagen PNG, JPEG o BMP.',
      ],
    ];
    for (const [language, content, errorCode, msg] of cases) {
      const body = multipartFile('file', 'logo.png', content);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/service/building/${building.id}/checkInLogo`,
        headers: { ...auth, ...body.headers, 'accept-language': language },
        payload: body.payload,
      });
      expect(jsonOf(response)).toMatchObject({ errorCode, msg });
    }
  });
});

describe('list, devices, mobile token, dictionaries, delete', () => {
  it('lists with search, sort, order and paging', async () => {
    const tenant = await createTenant(t.database.db);
    const master = await createUser(t.database.db, { tenantId: tenant, role: 'ROLE_MASTER' });
    const headers = bearer(await logInAs(t.app, master.username));
    for (const name of ['Bravo', 'Alpha', 'Charlie']) {
      await t.app.inject({ method: 'POST', url: '/service/building', headers, payload: { ...address, name } });
    }
    const page = jsonOf<{ docs: Building[]; totalDocs: number }>(
      await t.app.inject({ method: 'GET', url: '/service/building?sort=name&order=-1&page=1&limit=2', headers }),
    );
    expect(page.totalDocs).toBe(3);
    expect(page.docs.map((b) => b.name)).toEqual(['Charlie', 'Bravo']);
    const searched = jsonOf<{ docs: Building[] }>(
      await t.app.inject({ method: 'GET', url: '/service/building?search=alp', headers }),
    );
    expect(searched.docs.map((b) => b.name)).toEqual(['Alpha']);
    const badSort = await t.app.inject({ method: 'GET', url: '/service/building?sort=password', headers });
    expect(jsonOf(badSort).errorCode).toBe('ERROR_WITH_FILTER');
  });

  it('keeps kiosk device IPs within the limit', async () => {
    const building = await createdBuilding();
    const ids = ['10.0.0.1', '10.0.0.2'].map((ip) => `;;;${ip};;;`).join('');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${building.id}/devices`,
      headers: auth,
      payload: { devicesIds: ids },
    });
    expect(jsonOf<Building>(saved).devicesIds).toBe(ids);
    const notIp = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${building.id}/devices`,
      headers: auth,
      payload: { devicesIds: ';;;kiosk-1;;;' },
    });
    expect(notIp.statusCode).toBe(400);
    const many = Array.from({ length: 6 }, (_, i) => `;;;10.0.0.${i + 1};;;`).join('');
    const tooMany = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${building.id}/devices`,
      headers: auth,
      payload: { devicesIds: many },
    });
    expect(jsonOf(tooMany).params).toEqual({ field: 'devicesIds' });
  });

  it('generates a mobile token on demand and schedules the next refresh', async () => {
    const building = await createdBuilding();
    const days = 7;
    await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${building.id}/mobileToken`,
      headers: auth,
      payload: { id: building.id, mobileTokenChangeDays: days, mobileTokenNextRefreshAt: new Date().toISOString() },
    });
    const refreshed = jsonOf<Building>(
      await t.app.inject({
        method: 'PATCH',
        url: `/service/building/${building.id}/refreshMobileToken`,
        headers: auth,
      }),
    );
    expect(refreshed.mobileToken).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const daysAhead = (new Date(refreshed.mobileTokenNextRefreshAt ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(days - 0.01);
    expect(daysAhead).toBeLessThan(days + 0.01);
    const second = jsonOf<Building>(
      await t.app.inject({
        method: 'PATCH',
        url: `/service/building/${building.id}/refreshMobileToken`,
        headers: auth,
      }),
    );
    expect(second.mobileToken).not.toBe(refreshed.mobileToken);
  });

  it("answers the dictionaries in the caller's language", async () => {
    const fr = jsonOf<{ value: string; label: string }[]>(
      await t.app.inject({
        method: 'GET',
        url: '/service/building/dictionaries/countries',
        headers: { ...auth, 'accept-language': 'fr' },
      }),
    );
    expect(fr).toHaveLength(249);
    expect(fr.find((c) => c.value === 'DE')!.label).toBe('Allemagne');
    const zones = jsonOf<{ value: string }[]>(
      await t.app.inject({ method: 'GET', url: '/service/building/dictionaries/timeZones', headers: auth }),
    );
    expect(zones.map((z) => z.value)).toContain('America/Toronto');
    // The default locales, by their name and by the earlier one, each language named in itself.
    for (const name of ['defaultLocales', 'locales']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/service/building/dictionaries/${name}`,
        headers: { ...auth, 'accept-language': 'fr' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(jsonOf<{ value: string; label: string }[]>(response)).toEqual([
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'Français' },
        { value: 'es', label: 'Español' },
      ]);
    }
  });

  it('refuses to delete a building with visits (409 BUILDING_HAS_VISITS), keeping it and its history', async () => {
    const building = await createdBuilding();
    await t.database.db
      .insertInto('visits')
      .values({
        id: uuidv7(),
        tenant_id: tenantId,
        building_id: building.id,
        identifier: 'HISTORY1',
        public_identifier: `history-${uuidv7()}`,
        pin: '1234',
        visitor_type: 'VISITOR',
        last_name: 'Kept',
        checked_in_at: new Date(),
        source: 'KIOSK',
      })
      .execute();
    const refused = await t.app.inject({ method: 'DELETE', url: `/service/building/${building.id}`, headers: auth });
    expect({ status: refused.statusCode, code: jsonOf(refused).errorCode }).toEqual({
      status: 409,
      code: 'BUILDING_HAS_VISITS',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth })).statusCode,
    ).toBe(200);
    const history = await t.database.db
      .selectFrom('visits')
      .select('last_name')
      .where('building_id', '=', building.id)
      .execute();
    expect(history).toEqual([{ last_name: 'Kept' }]);
  });

  it('deletes a building', async () => {
    const building = await createdBuilding();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/service/building/${building.id}`, headers: auth })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/building/${building.id}`, headers: auth })).statusCode,
    ).toBe(404);
  });
});
