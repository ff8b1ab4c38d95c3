// The audit log of buildings, cameras and questionnaires: each change writes its row in
// the transaction of the change (the fields that changed, never a PIN, token or camera password),
// a refused change writes none; and administrators read the log, filtered and paged, or as CSV.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditEntry,
  type Building,
  type Questionnaire,
  newBuildingCheckInForms,
  newBuildingSettings,
  uuidv7,
} from '@vestibule/shared';
import { createTenant, createUser } from '../../../test/helpers/factories.ts';
import { multipartFile, pngOfSize } from '../../../test/helpers/multipart.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
let master: { id: string; username: string };
let admin: { id: string; username: string };
let masterAuth: { authorization: string };
let adminAuth: { authorization: string };

const address = {
  name: 'Audit House',
  address1: '1 Ledger Lane',
  city: 'Toronto',
  zip: 'M5J 2L1',
  state: 'ON',
  countryCode: 'CA',
  pinCode: '9876',
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Ledger Corp' });
  otherTenantId = await createTenant(db, { name: 'Other Corp' });
  await db.updateTable('tenants').set({ building_limit: 100 }).where('id', '=', tenantId).execute();
  master = await createUser(db, { tenantId, role: 'ROLE_MASTER', username: `ledger.master.${uuidv7().slice(-6)}` });
  admin = await createUser(db, { tenantId, role: 'ROLE_ADMIN' });
  masterAuth = bearer(await logInAs(t.app, master.username));
  adminAuth = bearer(await logInAs(t.app, admin.username));
});
afterAll(() => t.close());

/** The item at `index`, which the test expects to be there. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

/** The one item of a list. */
function one<T>(list: readonly T[]): T {
  if (list.length !== 1) throw new Error(`expected one item, found ${list.length}`);
  return nth(list, 0);
}

/** The rows about one entity, oldest first, as the table holds them. */
async function rowsOf(entityId: string) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

async function countRows(entity: string): Promise<number> {
  const { n } = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity', '=', entity)
    .executeTakeFirstOrThrow();
  return Number(n);
}

function call(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/service${url}`,
    headers: masterAuth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function newBuilding(body: Record<string, unknown> = {}): Promise<Building> {
  const response = await call('POST', '/building', { ...address, ...body });
  expect(response.statusCode).toBe(200);
  return jsonOf<Building>(response);
}

async function newQuestionnaire(name = 'Entry check'): Promise<Questionnaire> {
  const response = await call('POST', '/questionnaire', { name, description: 'Before entry' });
  expect(response.statusCode).toBe(201);
  return jsonOf<Questionnaire>(response);
}

describe('audit rows of building changes', () => {
  it('records every change of a building with who, from where and the fields that changed', async () => {
    const building = await newBuilding({ externalId: 'AUD-1' });
    const { id } = building;
    const questionnaire = await newQuestionnaire('Linked to Audit House');

    expect(
      (await call('PATCH', `/building/${id}`, { ...address, name: 'Audit Hall', pinCode: '1357', externalId: 'AUD-1' }))
        .statusCode,
    ).toBe(200);
    const settings = { ...newBuildingSettings(), emailMeEnabled: true };
    expect((await call('PATCH', `/building/${id}/settings`, settings)).statusCode).toBe(200);
    const forms = newBuildingCheckInForms();
    forms.visitorCheckInForm.licencePlate = { ...forms.visitorCheckInForm.licencePlate, enabled: true };
    expect((await call('PATCH', `/building/${id}/checkInForms`, forms)).statusCode).toBe(200);
    const logo = multipartFile('file', 'logo.png', pngOfSize(64));
    const logoSaved = await t.app.inject({
      method: 'PATCH',
      url: `/service/building/${id}/checkInLogo`,
      headers: { ...masterAuth, ...logo.headers },
      payload: logo.payload,
    });
    expect(logoSaved.statusCode).toBe(200);
    const texts = { devicesSuccessText: 'Welcome in', devicesAttentionText: 'Please wait' };
    expect((await call('PATCH', `/building/${id}/deviceTexts`, texts)).statusCode).toBe(200);
    expect((await call('PATCH', `/building/${id}/devices`, { devicesIds: ';;;10.0.0.1;;;' })).statusCode).toBe(200);
    const nextRefresh = '2031-01-02T03:04:05.000Z';
    const schedule = { id, mobileTokenChangeDays: 7, mobileTokenNextRefreshAt: nextRefresh };
    expect((await call('PATCH', `/building/${id}/mobileToken`, schedule)).statusCode).toBe(200);
    const refreshed = await call('PATCH', `/building/${id}/refreshMobileToken`);
    const mobileToken = jsonOf<Building>(refreshed).mobileToken;
    expect(mobileToken).toBeTruthy();
    const lists = {
      visitorQuestionnaires: [questionnaire.id],
      contractorQuestionnaires: [],
      employeeQuestionnaires: [],
    };
    expect((await call('PUT', `/building/${id}/questionnaire`, lists)).statusCode).toBe(201);
    // Unlinked again, so the building can go.
    const empty = { visitorQuestionnaires: [], contractorQuestionnaires: [], employeeQuestionnaires: [] };
    expect((await call('PUT', `/building/${id}/questionnaire`, empty)).statusCode).toBe(201);
    expect((await call('DELETE', `/building/${id}`)).statusCode).toBe(200);

    const rows = await rowsOf(id);
    expect(rows.map((row) => row.action)).toEqual([
      'BUILDING_CREATED',
      'BUILDING_UPDATED',
      'BUILDING_SETTINGS_UPDATED',
      'BUILDING_CHECK_IN_FORMS_UPDATED',
      'BUILDING_LOGO_UPDATED',
      'BUILDING_DEVICE_TEXTS_UPDATED',
      'BUILDING_DEVICES_UPDATED',
      'BUILDING_MOBILE_TOKEN_SCHEDULED',
      'BUILDING_MOBILE_TOKEN_REFRESHED',
      'BUILDING_QUESTIONNAIRES_UPDATED',
      'BUILDING_QUESTIONNAIRES_UPDATED',
      'BUILDING_DELETED',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        tenant_id: tenantId,
        actor_id: master.id,
        actor_username: master.username,
        acting_as_id: null,
        entity: 'building',
        client_ip: '127.0.0.1',
      });
    }
    const byAction = (action: string) => one(rows.filter((row) => row.action === action));
    expect(byAction('BUILDING_CREATED').after).toMatchObject({ name: 'Audit House', externalId: 'AUD-1' });
    // Only what changed, the PIN's change said without the PIN.
    expect(byAction('BUILDING_UPDATED')).toMatchObject({
      before: { name: 'Audit House', pinCode: '[hidden]' },
      after: { name: 'Audit Hall', pinCode: '[hidden]' },
    });
    expect(Object.keys(byAction('BUILDING_UPDATED').after ?? {}).sort()).toEqual(['name', 'pinCode']);
    expect(byAction('BUILDING_SETTINGS_UPDATED')).toMatchObject({
      before: { emailMeEnabled: false },
      after: { emailMeEnabled: true },
    });
    expect(byAction('BUILDING_CHECK_IN_FORMS_UPDATED').after).toEqual({
      visitorCheckInForm: { licencePlate: { enabled: true } },
    });
    expect(byAction('BUILDING_LOGO_UPDATED').after).toEqual({
      checkInLogoFileName: 'logo.png',
      checkInLogoVersion: 1,
    });
    expect(byAction('BUILDING_DEVICE_TEXTS_UPDATED').after).toEqual(texts);
    expect(byAction('BUILDING_DEVICES_UPDATED').after).toEqual({ devicesIds: ';;;10.0.0.1;;;' });
    expect(byAction('BUILDING_MOBILE_TOKEN_SCHEDULED').after).toEqual({
      mobileTokenChangeDays: 7,
      mobileTokenNextRefreshAt: nextRefresh,
    });
    const listChanges = rows.filter((row) => row.action === 'BUILDING_QUESTIONNAIRES_UPDATED');
    expect(listChanges.map((row) => [row.before, row.after])).toEqual([
      [{ visitorQuestionnaires: [] }, { visitorQuestionnaires: [questionnaire.id] }],
      [{ visitorQuestionnaires: [questionnaire.id] }, { visitorQuestionnaires: [] }],
    ]);
    expect(byAction('BUILDING_DELETED').before).toMatchObject({ name: 'Audit Hall', city: 'Toronto' });

    // Never a PIN (either one, as a value), the mobile token or the public key.
    const text = JSON.stringify(rows);
    for (const pin of ['9876', '1357']) expect(text).not.toContain(`"${pin}"`);
    expect(text).not.toContain(building.qrCodeKey);
    expect(text).not.toContain(String(mobileToken));
  });

  it('writes no row when a change is refused: bad input, a taken Building Id, the limit, visits, too many devices', async () => {
    const before = await countRows('building');
    const existing = await newBuilding({ externalId: 'AUD-TAKEN' });
    expect(await countRows('building')).toBe(before + 1);

    expect((await call('POST', '/building', { ...address, pinCode: '12345' })).statusCode).toBe(400);
    const taken = await call('POST', '/building', { ...address, externalId: 'AUD-TAKEN' });
    expect({ status: taken.statusCode, code: jsonOf(taken).errorCode }).toEqual({
      status: 409,
      code: 'BUILDING_ID_EXISTS',
    });
    const renamed = await call('PATCH', `/building/${existing.id}`, { ...address, name: '' });
    expect(renamed.statusCode).toBe(400);
    const devices = await call('PATCH', `/building/${existing.id}/devices`, {
      devicesIds: Array.from({ length: 6 }, (_, i) => `;;;10.0.0.${i + 1};;;`).join(''),
    });
    expect({ status: devices.statusCode, params: jsonOf(devices).params }).toEqual({
      status: 400,
      params: { field: 'devicesIds' },
    });

    // The limit is checked inside the transaction that would have written the row.
    await t.database.db.updateTable('tenants').set({ building_limit: 1 }).where('id', '=', tenantId).execute();
    try {
      const limited = await call('POST', '/building', { ...address, name: 'One too many' });
      expect(jsonOf(limited).errorCode).toBe('BUILDING_TENANT_LIMIT_REACHED');
    } finally {
      await t.database.db.updateTable('tenants').set({ building_limit: 100 }).where('id', '=', tenantId).execute();
    }

    await t.database.db
      .insertInto('visits')
      .values({
        id: uuidv7(),
        tenant_id: tenantId,
        building_id: existing.id,
        identifier: 'AUDITKEP',
        public_identifier: `audit-${uuidv7()}`,
        pin: '1234',
        visitor_type: 'VISITOR',
        last_name: 'Kept',
        checked_in_at: new Date(),
        source: 'KIOSK',
      })
      .execute();
    const refused = await call('DELETE', `/building/${existing.id}`);
    expect(jsonOf(refused).errorCode).toBe('BUILDING_HAS_VISITS');

    expect(await countRows('building')).toBe(before + 1);
    expect((await rowsOf(existing.id)).map((row) => row.action)).toEqual(['BUILDING_CREATED']);
  });

  it('makes no change whose row cannot be written: the change and its row are one transaction', async () => {
    const building = await newBuilding({ name: 'Atomic House' });
    const db = t.database.db;
    // The log refuses this building's rows for a moment (a fault only a test makes).
    await sql`alter table audit_log add constraint audit_test_refuses
      check (entity_id is distinct from ${sql.lit(building.id)}) not valid`.execute(db);
    try {
      const renamed = await call('PATCH', `/building/${building.id}`, { ...address, name: 'Never Renamed' });
      expect(renamed.statusCode).toBe(500);
    } finally {
      await sql`alter table audit_log drop constraint audit_test_refuses`.execute(db);
    }
    const stored = await db.selectFrom('buildings').select('name').where('id', '=', building.id).executeTakeFirst();
    expect(stored).toEqual({ name: 'Atomic House' });
  });
});

describe('audit rows of questionnaire and question changes', () => {
  it("files a questionnaire's changes and its questions' under the questionnaire", async () => {
    const questionnaire = await newQuestionnaire('Site safety');
    const qid = questionnaire.id;
    expect((await call('PATCH', `/questionnaire/${qid}`, { name: 'Site safety 2' })).statusCode).toBe(200);
    const first = jsonOf<{ id: string }>(
      await call('POST', `/questionnaire/${qid}/question`, {
        text: 'Fever?',
        questionType: 'YESNO',
        alertAnswer: 'YES',
      }),
    );
    const second = jsonOf<{ id: string }>(
      await call('POST', `/questionnaire/${qid}/question`, { text: 'Anything else?', questionType: 'FREEFORM' }),
    );
    const edited = await call('PATCH', `/questionnaire/${qid}/question/${first.id}`, {
      text: 'Fever or cough?',
      questionType: 'YESNO',
      alertAnswer: 'YES',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('PATCH', `/questionnaire/${qid}/question/${second.id}/up`)).statusCode).toBe(200);
    expect((await call('DELETE', `/questionnaire/${qid}/question/${second.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/questionnaire/${qid}`)).statusCode).toBe(200);

    const rows = await rowsOf(qid);
    expect(rows.map((row) => [row.action, row.entity, row.actor_id])).toEqual(
      [
        'QUESTIONNAIRE_CREATED',
        'QUESTIONNAIRE_UPDATED',
        'QUESTION_CREATED',
        'QUESTION_CREATED',
        'QUESTION_UPDATED',
        'QUESTION_MOVED',
        'QUESTION_DELETED',
        'QUESTIONNAIRE_DELETED',
      ].map((action) => [action, 'questionnaire', master.id]),
    );
    expect(nth(rows, 0).after).toEqual({ name: 'Site safety', description: 'Before entry' });
    expect(rows[1]).toMatchObject({
      before: { name: 'Site safety', description: 'Before entry' },
      after: { name: 'Site safety 2', description: null },
    });
    expect(nth(rows, 2).after).toMatchObject({ questionId: first.id, text: 'Fever?', questionType: 'YESNO' });
    expect(rows[4]).toMatchObject({
      before: { questionId: first.id, text: 'Fever?' },
      after: { questionId: first.id, text: 'Fever or cough?' },
    });
    expect(rows[5]).toMatchObject({
      before: { questionId: second.id, sortOrder: 1 },
      after: { questionId: second.id, sortOrder: 0 },
    });
    expect(nth(rows, 6).before).toMatchObject({ questionId: second.id, text: 'Anything else?' });
    expect(nth(rows, 7).before).toMatchObject({ name: 'Site safety 2', questionsCount: 1 });
  });

  it('writes no row for a refused change: bad input, a bad follow-up, a questionnaire in use', async () => {
    const questionnaire = await newQuestionnaire('In use');
    const qid = questionnaire.id;
    const building = await newBuilding({ name: 'Uses a questionnaire' });
    const lists = { visitorQuestionnaires: [qid], contractorQuestionnaires: [], employeeQuestionnaires: [] };
    expect((await call('PUT', `/building/${building.id}/questionnaire`, lists)).statusCode).toBe(201);
    const before = await countRows('questionnaire');

    expect((await call('POST', '/questionnaire', { name: '' })).statusCode).toBe(400);
    const followUp = await call('POST', `/questionnaire/${qid}/question`, {
      text: 'Follows nothing',
      questionType: 'YESNO',
      previousQuestionId: uuidv7(),
      previousQuestionAnswer: 'YES',
    });
    expect(jsonOf(followUp).errorCode).toBe('QUESTION_FOLLOW_UP_INVALID');
    const inUse = await call('DELETE', `/questionnaire/${qid}`);
    expect({ status: inUse.statusCode, code: jsonOf(inUse).errorCode }).toEqual({
      status: 409,
      code: 'QUESTIONNAIRE_IN_USE',
    });
    expect(await countRows('questionnaire')).toBe(before);
  });
});

describe('audit rows of camera changes', () => {
  it('records a camera added, changed and removed, saying a password was given but never which', async () => {
    const building = await newBuilding({ name: 'Camera House' });
    const camera = {
      name: 'Lobby',
      ipAddress: '192.0.2.10',
      authUser: 'cam',
      authPassword: 'first-cam-secret',
      cameraPlace: 'ENTRY',
      simulated: true,
    };
    const added = jsonOf<{ id: string }[]>(await call('POST', `/camera/${building.id}`, camera));
    const id = added[0]?.id ?? '';
    const edited = await call('PATCH', `/camera/${id}`, {
      ...camera,
      name: 'Lobby east',
      authPassword: 'next-cam-secret',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('DELETE', `/camera/${id}`)).statusCode).toBe(200);

    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.action, row.entity])).toEqual([
      ['CAMERA_CREATED', 'camera'],
      ['CAMERA_UPDATED', 'camera'],
      ['CAMERA_DELETED', 'camera'],
    ]);
    expect(nth(rows, 0).after).toMatchObject({ name: 'Lobby', buildingId: building.id, hasPassword: true });
    expect(rows[1]).toMatchObject({
      before: { name: 'Lobby' },
      after: { name: 'Lobby east', passwordReplaced: true },
    });
    expect(nth(rows, 2).before).toMatchObject({ name: 'Lobby east' });
    expect(JSON.stringify(rows)).not.toContain('cam-secret');
  });

  it('writes no row for a camera at an address the server may not call', async () => {
    const building = await newBuilding({ name: 'Refused Camera House' });
    const before = await countRows('camera');
    const refused = await call('POST', `/camera/${building.id}`, {
      name: 'Loopback',
      ipAddress: '127.0.0.1',
      cameraPlace: 'ENTRY',
    });
    expect(jsonOf(refused).errorCode).toBe('CAMERA_ADDRESS_NOT_ALLOWED');
    expect(await countRows('camera')).toBe(before);
  });
});

type AuditPage = { docs: AuditEntry[]; totalDocs: number };

async function readLog(query: string, auth = adminAuth) {
  return t.app.inject({ method: 'GET', url: `/service/auditLog?${query}`, headers: auth });
}

async function pageOf(query: string): Promise<AuditPage> {
  const response = await readLog(query);
  expect(response.statusCode).toBe(200);
  return jsonOf<AuditPage>(response);
}

describe('reading the audit log', () => {
  it('answers administrators newest first, a page at a time, with who acted and as whom', async () => {
    const building = await newBuilding({ name: 'Paged House' });
    for (const name of ['Paged 1', 'Paged 2', 'Paged 3']) {
      expect((await call('PATCH', `/building/${building.id}`, { ...address, name })).statusCode).toBe(200);
    }
    const all = await pageOf(`entityId=${building.id}`);
    expect(all.totalDocs).toBe(4);
    expect(all.docs.map((row) => row.after?.name)).toEqual(['Paged 3', 'Paged 2', 'Paged 1', 'Paged House']);
    expect(all.docs[0]).toMatchObject({
      tenantId,
      actorId: master.id,
      actorUsername: master.username,
      actingAsId: null,
      actingAsUsername: null,
      action: 'BUILDING_UPDATED',
      entity: 'building',
      entityId: building.id,
      before: { name: 'Paged 2' },
      clientIp: '127.0.0.1',
    });
    const second = await pageOf(`entityId=${building.id}&limit=3&page=2`);
    expect(second).toMatchObject({ totalDocs: 4, docs: [{ action: 'BUILDING_CREATED' }] });

    // An administrator acting as the corporate user: both names, the administrator's first.
    const impersonated = await t.app.inject({
      method: 'POST',
      url: '/service/login/impersonate',
      headers: adminAuth,
      payload: { username: master.username },
    });
    const asMaster = bearer(jsonOf<{ token: string }>(impersonated).token);
    const made = await t.app.inject({
      method: 'POST',
      url: '/service/questionnaire',
      headers: asMaster,
      payload: { name: 'Made while acting' },
    });
    const questionnaireId = jsonOf<Questionnaire>(made).id;
    const [entry] = (await pageOf(`entityId=${questionnaireId}`)).docs;
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorUsername: admin.username,
      actingAsId: master.id,
      actingAsUsername: master.username,
      action: 'QUESTIONNAIRE_CREATED',
    });
  });

  it('filters by dates, user, action, entity, entity id and company', async () => {
    const building = await newBuilding({ name: 'Filtered House' });
    const questionnaire = await newQuestionnaire('Filtered questionnaire');
    const ids = (page: AuditPage) => page.docs.map((row) => row.entityId);

    const byAction = await pageOf('action=QUESTIONNAIRE_CREATED&limit=200');
    expect(byAction.docs.every((row) => row.action === 'QUESTIONNAIRE_CREATED')).toBe(true);
    expect(ids(byAction)).toContain(questionnaire.id);
    expect(ids(byAction)).not.toContain(building.id);

    const byEntity = await pageOf('entity=building&limit=200');
    expect(byEntity.docs.every((row) => row.entity === 'building')).toBe(true);
    expect(ids(byEntity)).toContain(building.id);

    // Part of the username, in any case.
    const byUser = await pageOf(`user=${master.username.slice(0, 10).toUpperCase()}&entityId=${building.id}`);
    expect(ids(byUser)).toEqual([building.id]);
    expect((await pageOf(`user=nobody-like-this&entityId=${building.id}`)).totalDocs).toBe(0);
    // A pattern's wildcards are searched as text.
    expect((await pageOf(`user=%25&entityId=${building.id}`)).totalDocs).toBe(0);

    expect((await pageOf(`tenantId=${tenantId}&entityId=${building.id}`)).totalDocs).toBe(1);
    expect((await pageOf(`tenantId=${otherTenantId}&entityId=${building.id}`)).totalDocs).toBe(0);

    // Days are whole UTC days; moments are exact (`to` excluded).
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await pageOf(`from=${today}&to=${today}&entityId=${building.id}`)).totalDocs).toBe(1);
    expect((await pageOf(`from=${tomorrow}&entityId=${building.id}`)).totalDocs).toBe(0);
    expect((await pageOf(`to=${yesterday}&entityId=${building.id}`)).totalDocs).toBe(0);
    const at = (await pageOf(`entityId=${building.id}`)).docs[0]?.at ?? '';
    const later = new Date(Date.parse(at) + 1000).toISOString();
    expect((await pageOf(`from=${encodeURIComponent(at)}&to=${later}&entityId=${building.id}`)).totalDocs).toBe(1);
    const earlier = new Date(Date.parse(at) - 1000).toISOString();
    expect((await pageOf(`to=${encodeURIComponent(earlier)}&entityId=${building.id}`)).totalDocs).toBe(0);
  });

  it('refuses bad filters with a 400 and a code, never a 500', async () => {
    const cases: [string, string][] = [
      ['limit=1000', 'VALIDATION_FAILED'],
      ['page=0', 'VALIDATION_FAILED'],
      ['from=yesterday', 'VALIDATION_FAILED'],
      ['to=2026-02-30', 'VALIDATION_FAILED'],
      ['tenantId=not-a-uuid', 'ID_MALFORMED'],
      [`user=${'u'.repeat(65)}`, 'VALIDATION_FAILED'],
      ['action=drop%20table', 'VALIDATION_FAILED'],
      ['entity=user%27%3B', 'VALIDATION_FAILED'],
      [`entityId=${'x'.repeat(101)}`, 'VALIDATION_FAILED'],
    ];
    for (const [query, code] of cases) {
      const response = await readLog(query);
      expect({ query, status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
        query,
        status: 400,
        code,
      });
      // The file takes the same filters (no paging), refused the same way before any line is written.
      if (query.startsWith('limit') || query.startsWith('page')) continue;
      const file = await t.app.inject({
        method: 'GET',
        url: `/service/auditLog/audit.csv?${query}`,
        headers: adminAuth,
      });
      expect({ query, status: file.statusCode, code: jsonOf(file).errorCode }).toEqual({ query, status: 400, code });
    }
  });

  it('answers other roles the 403 of every administrator-only call', async () => {
    for (const url of ['/service/auditLog', '/service/auditLog/audit.csv']) {
      const response = await t.app.inject({ method: 'GET', url, headers: masterAuth });
      expect({ status: response.statusCode, code: jsonOf(response).errorCode }).toEqual({
        status: 403,
        code: 'FORBIDDEN',
      });
    }
  });
});

describe('audit.csv', () => {
  it("writes the filtered log with headings in the caller's language, formulas made inert", async () => {
    // A failed sign-in records the account's username: here, a spreadsheet formula.
    const typed = '=HYPERLINK("http://evil.test","open")';
    await createUser(t.database.db, { tenantId, role: 'ROLE_USER', username: typed });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/service/login',
      payload: { username: typed, password: 'Wrong-pass1!' },
    });
    expect(failed.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/auditLog/audit.csv?action=LOGIN_FAILED&user=HYPERLINK',
      headers: adminAuth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFWhen,Who,Acting as,Action,Entity,Entity id,Company id,Client address,Before,After');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""open"")"`);
    expect(lines[1]).toContain(',LOGIN_FAILED,session,');
    expect(lines[2]).toBe('');

    const french = await t.app.inject({
      method: 'GET',
      url: '/service/auditLog/audit.csv?action=LOGIN_FAILED&user=HYPERLINK',
      headers: { ...adminAuth, 'accept-language': 'fr' },
    });
    expect(french.body.split('\r\n')[0]).toMatch(/^\uFEFFQuand,Qui,Au nom de,Action,/);
  });

  it('writes every row once, newest first, past its pages, even rows written in the same moment', async () => {
    const count = 1234;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: uuidv7(),
      tenant_id: otherTenantId,
      actor_id: null,
      actor_username: 'bulk.writer',
      acting_as_id: null,
      action: 'BULK_PROBE',
      entity: 'probe',
      entity_id: `probe-${i}`,
      before: null,
      after: JSON.stringify({ index: i }),
      client_ip: null,
    }));
    // One statement: one moment for every row, so only the id orders them.
    await t.database.db.insertInto('audit_log').values(rows).execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/auditLog/audit.csv?entity=probe',
      headers: adminAuth,
    });
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(count);
    const written = lines.map((line) => /,probe,(probe-\d+),/.exec(line)?.[1]);
    expect(new Set(written).size).toBe(count);
    const newestFirst = [...rows].sort((a, b) => (a.id < b.id ? 1 : -1)).map((row) => row.entity_id);
    expect(written).toEqual(newestFirst);
    expect(lines[0]).toContain(`"{""index"":`);
    const page = await pageOf('entity=probe&limit=5&page=3');
    expect(page.totalDocs).toBe(count);
    expect(page.docs.map((row) => row.entityId)).toEqual(newestFirst.slice(10, 15));
  });
});
