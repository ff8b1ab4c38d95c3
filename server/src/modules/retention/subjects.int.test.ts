// A data-protection officer's requests about one person (docs/privacy.md, "Requests about a
// person"): found by e-mail, phone or name across the company's visits, directory and bookings'
// guests (never another company's), exported as one archive holding every record, and erased
// with nothing personal left anywhere while the building keeps counting the visits.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SubjectErased, type SubjectExport, type SubjectSearchResult, uuidv7 } from '@vestibule/shared';
import {
  createBooking,
  createBuilding,
  createBuildingDocument,
  createFloor,
  createPerson,
  createSignature,
  createSpace,
  createTenant,
  createUser,
  createVisit,
} from '../../../test/helpers/factories.ts';
import { tablesHolding } from '../../../test/helpers/personalData.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { audit } from '../audit/audit.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function tokenOf(tenantId: string, role: 'ROLE_MASTER' | 'ROLE_SUPERVISOR' = 'ROLE_MASTER') {
  return logInAs(t.app, (await createUser(t.database.db, { tenantId, role })).username);
}

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') {
  const response = await t.app.inject({
    method,
    url: `/service/privacy/${url}`,
    payload,
    headers: { ...bearer(token), 'accept-language': language },
  });
  return response;
}

async function search(token: string, q: string) {
  const response = await call(token, 'GET', `subjects?q=${encodeURIComponent(q)}`);
  return { status: response.statusCode, body: jsonOf<SubjectSearchResult & { errorCode?: string }>(response) };
}

const names = (rows: readonly { firstName: string | null; lastName: string | null }[]) =>
  rows.map((row) => `${row.firstName ?? ''} ${row.lastName ?? ''}`);

/**
 * A company holding one person four ways: a past visit (photo, signature, sent e-mail), an
 * invitation for tomorrow (a reminder waiting), a visit on site now, a directory record and a
 * booking's guest; a namesake with another address; and another company's visit of the same address.
 */
async function subjectFixture() {
  const db = t.database.db;
  const marker = `m${uuidv7().slice(-10)}`;
  const email = `zoe.${marker}@example.test`;
  const tenantId = await createTenant(db, { name: `Globex ${marker}` });
  const buildingId = await createBuilding(db, tenantId, 'Globex House');
  const yesterday = new Date(Date.now() - 24 * HOUR);
  const person = { first_name: 'Zoë', last_name: `Brontë-Lefèvre ${marker}` };
  const past = await createVisit(db, tenantId, buildingId, {
    ...person,
    email,
    phone: '+33 6 12 34 56 78',
    company_name: 'Initech',
    checked_in_at: yesterday,
    checked_out_at: new Date(yesterday.getTime() + HOUR),
  });
  await db
    .insertInto('visit_photos')
    .values({ visit_id: past, tenant_id: tenantId, content: JPEG_BYTES, byte_size: JPEG_BYTES.length })
    .execute();
  const nda = await createBuildingDocument(db, tenantId, buildingId, { title: 'Site NDA', signMethod: 'DRAW' });
  await createSignature(db, {
    tenantId,
    buildingId,
    visitId: past,
    document: nda,
    signedAt: yesterday,
    image: PNG_BYTES,
    signerKey: email,
  });
  const invited = await createVisit(db, tenantId, buildingId, {
    ...person,
    email: email.toUpperCase(),
    phone: '06 12 34 56 78',
    scheduled_at: new Date(Date.now() + 24 * HOUR),
  });
  const onSite = await createVisit(db, tenantId, buildingId, { ...person, checked_in_at: new Date() });
  const mail = (entity: string, entityId: string, status: 'SENT' | 'PENDING') =>
    db
      .insertInto('mail_outbox')
      .values({
        id: uuidv7(),
        tenant_id: tenantId,
        to_address: email,
        subject: `Hello Zoë ${marker}`,
        text_body: 'Your visit',
        locale: 'en',
        entity,
        entity_id: entityId,
        status,
        sent_at: status === 'SENT' ? yesterday : null,
      })
      .execute();
  await mail('visit', past, 'SENT');
  await mail('visit', invited, 'PENDING');
  const personId = await createPerson(db, tenantId, buildingId, {
    firstName: 'Zoe',
    lastName: `Bronte-Lefevre ${marker}`,
    email,
  });
  await db
    .updateTable('people')
    .set({ phone: '+33612345678', department: 'Sales' })
    .where('id', '=', personId)
    .execute();
  await audit(
    db,
    { userId: null, username: 'importer', actingAsId: null, clientIp: null },
    {
      tenantId,
      action: 'PERSON_CREATED',
      entity: 'person',
      entityId: personId,
      after: { firstName: 'Zoe', lastName: `Bronte-Lefevre ${marker}`, email, buildingId },
    },
  );
  const floorId = await createFloor(db, tenantId, buildingId);
  const spaceId = await createSpace(db, tenantId, floorId);
  const seriesId = await createBooking(db, {
    tenantId,
    spaceId,
    startsAt: new Date(Date.now() + 48 * HOUR),
    endsAt: new Date(Date.now() + 49 * HOUR),
  });
  await db
    .insertInto('space_booking_attendees')
    .values([
      { series_id: seriesId, position: 0, first_name: 'Hugh', last_name: 'Host', email: `hugh.${marker}@example.test` },
      { series_id: seriesId, position: 1, first_name: 'Zoë', last_name: `Brontë-Lefèvre ${marker}`, email },
    ])
    .execute();
  const namesake = await createVisit(db, tenantId, buildingId, {
    first_name: 'ZOE',
    last_name: `Bronte ${marker}`,
    email: `other.${marker}@example.test`,
    checked_in_at: yesterday,
    checked_out_at: yesterday,
  });
  const otherTenant = await createTenant(db);
  const elsewhereBuilding = await createBuilding(db, otherTenant);
  const elsewhere = await createVisit(db, otherTenant, elsewhereBuilding, {
    ...person,
    email,
    checked_in_at: yesterday,
    checked_out_at: yesterday,
  });
  return {
    marker,
    email,
    tenantId,
    buildingId,
    past,
    invited,
    onSite,
    personId,
    seriesId,
    namesake,
    elsewhere,
    elsewhereBuilding,
    otherTenant,
  };
}

describe('requests about a person', () => {
  it('finds the company’s records by e-mail, phone or name (case, accents and order aside), never another company’s', async () => {
    const f = await subjectFixture();
    const token = await tokenOf(f.tenantId);

    const byEmail = await search(token, `  ZOE.${f.marker}@Example.test `);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.matchedBy).toBe('email');
    expect(byEmail.body.visits.map((visit) => [visit.id, visit.state])).toEqual([
      [f.invited, 'INVITED'],
      [f.past, 'OUT'],
    ]);
    expect(byEmail.body.people.map((person) => [person.id, person.phone])).toEqual([[f.personId, '+33612345678']]);
    expect(byEmail.body.guests.map((guest) => [guest.seriesId, guest.position, guest.booking])).toEqual([
      [f.seriesId, 1, 'Test booking'],
    ]);
    expect(byEmail.body.truncated).toBe(false);

    const byPhone = await search(token, '06 12 34 56 78');
    expect(byPhone.body.matchedBy).toBe('phone');
    expect(byPhone.body.visits.map((visit) => visit.id)).toEqual([f.invited, f.past]);
    expect(byPhone.body.people.map((person) => person.id)).toEqual([f.personId]);
    expect(byPhone.body.guests).toEqual([]);

    const byName = await search(token, `LEFEVRE ${f.marker} zoë`);
    expect(byName.body.matchedBy).toBe('name');
    expect(byName.body.visits.map((visit) => visit.id).sort()).toEqual([f.invited, f.onSite, f.past].sort());
    expect(names(byName.body.people)).toEqual([`Zoe Bronte-Lefevre ${f.marker}`]);
    expect(names(byName.body.guests)).toEqual([`Zoë Brontë-Lefèvre ${f.marker}`]);
    const wider = await search(token, `bronte ${f.marker} ZOE`);
    expect(wider.body.visits.map((visit) => visit.id)).toContain(f.namesake);

    // Another company's officer finds only their own visit of the address.
    const theirs = await search(await tokenOf(f.otherTenant), f.email);
    expect(theirs.body.visits.map((visit) => visit.id)).toEqual([f.elsewhere]);
    expect([theirs.body.people, theirs.body.guests]).toEqual([[], []]);

    // Too short a search, and a supervisor (one building's staff), are refused.
    expect([(await search(token, 'zo')).status, (await search(token, 'zo')).body.errorCode]).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    const supervisor = await tokenOf(f.tenantId, 'ROLE_SUPERVISOR');
    expect((await search(supervisor, f.email)).status).toBe(403);
  });

  it('exports every chosen record as one archive: the data in full as JSON and a readable summary', async () => {
    const f = await subjectFixture();
    const token = await tokenOf(f.tenantId);
    const selection = {
      visitIds: [f.past, f.invited],
      personIds: [f.personId],
      guests: [{ seriesId: f.seriesId, position: 1 }],
    };

    // A record of another company in the choice: not found, nothing exported or audited.
    const refused = await call(token, 'POST', 'subjects/export', { ...selection, visitIds: [f.past, f.elsewhere] });
    expect([refused.statusCode, jsonOf<{ errorCode: string }>(refused).errorCode]).toEqual([404, 'NOT_FOUND']);

    const response = await call(token, 'POST', 'subjects/export', selection, 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="person-data.zip"');
    expect(response.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['data.json', 'summary.html']);
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as SubjectExport;
    expect(data.company).toBe(`Globex ${f.marker}`);
    expect(data.visits.map((visit) => [visit.id, visit.state, visit.email])).toEqual([
      [f.past, 'OUT', f.email],
      [f.invited, 'INVITED', f.email.toUpperCase()],
    ]);
    const [past] = data.visits;
    expect(past).toMatchObject({
      firstName: 'Zoë',
      phone: '+33 6 12 34 56 78',
      companyName: 'Initech',
      photo: `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`,
      signatures: [
        { document: 'Site NDA', version: 1, image: `data:image/png;base64,${PNG_BYTES.toString('base64')}` },
      ],
      emails: [{ to: f.email, subject: `Hello Zoë ${f.marker}` }],
    });
    expect(data.people).toEqual([
      expect.objectContaining({ id: f.personId, email: f.email, phone: '+33612345678', department: 'Sales' }),
    ]);
    expect(data.guests).toEqual([
      expect.objectContaining({ seriesId: f.seriesId, position: 1, booking: 'Test booking', email: f.email }),
    ]);
    const summary = strFromU8(files['summary.html'] ?? new Uint8Array());
    expect(summary).toContain('<html lang="fr">');
    expect(summary).toContain('<h1>Données détenues sur une personne</h1>');
    expect(summary).toContain('2 visites, 1 fiches de l’annuaire et 1 inscriptions');
    expect(summary).toContain('Visite à Globex House');
    expect(summary).toContain('<dd>Sales</dd>');
    expect(summary).toContain(`src="data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}"`);

    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'after'])
      .where('tenant_id', '=', f.tenantId)
      .where('action', 'in', ['SUBJECT_DATA_EXPORTED', 'SUBJECT_DATA_ERASED'])
      .execute();
    expect(audited).toEqual([
      { action: 'SUBJECT_DATA_EXPORTED', entity_id: f.tenantId, after: { visits: 2, people: 1, guests: 1 } },
    ]);
  });

  it('erases the chosen records: nothing names the person anywhere, the building still counts the visits', async () => {
    const f = await subjectFixture();
    const token = await tokenOf(f.tenantId);
    const db = t.database.db;
    const erase = (selection: object) => call(token, 'POST', 'subjects/erase', selection);

    // A visitor still on site is not erased (the evacuation list needs them): nothing changes.
    const onSite = await erase({ visitIds: [f.past, f.onSite], personIds: [f.personId], guests: [] });
    expect([onSite.statusCode, jsonOf<{ errorCode: string }>(onSite).errorCode]).toEqual([
      409,
      'MEETING_NOT_CHECKED_OUT',
    ]);
    expect(await tablesHolding(db, `zoe.${f.marker}`)).toContain('people.email');
    // Nothing chosen: refused.
    const empty = await erase({ visitIds: [], personIds: [], guests: [] });
    expect([empty.statusCode, jsonOf<{ errorCode: string }>(empty).errorCode]).toEqual([400, 'VALIDATION_FAILED']);

    const done = await erase({
      visitIds: [f.past, f.invited],
      personIds: [f.personId],
      guests: [{ seriesId: f.seriesId, position: 1 }],
    });
    expect([done.statusCode, jsonOf<SubjectErased>(done)]).toEqual([200, { visits: 2, people: 1, guests: 1 }]);

    // The address is left only with the other company: its visit, and its report's first visit.
    expect(await tablesHolding(db, `zoe.${f.marker}`)).toEqual(['person_first_visits.person_key', 'visits.email']);
    const holding = await db.selectFrom('visits').select('id').where('email', '=', f.email).execute();
    expect(holding).toEqual([{ id: f.elsewhere }]);
    const firstVisits = await db
      .selectFrom('person_first_visits')
      .select('building_id')
      .where('person_key', '=', `e:${f.email}`)
      .execute();
    expect(firstVisits).toEqual([{ building_id: f.elsewhereBuilding }]);
    // Its name stays only on the visit on site, which was not chosen.
    const named = await db.selectFrom('visits').select('id').where('last_name', 'like', `%${f.marker}`).execute();
    expect(named.map((row) => row.id).sort()).toEqual([f.elsewhere, f.namesake, f.onSite].sort());

    const visits = await db
      .selectFrom('visits')
      .select(['id', 'building_id', 'checked_in_at', 'cancelled_at', 'anonymised_at'])
      .where('id', 'in', [f.past, f.invited])
      .orderBy('checked_in_at')
      .execute();
    expect(visits.map((visit) => [visit.id, visit.building_id, visit.anonymised_at !== null])).toEqual([
      [f.past, f.buildingId, true],
      [f.invited, f.buildingId, true],
    ]);
    // The entry log says the visit is anonymised, in its list and its detail.
    const detail = await t.app.inject({ method: 'GET', url: `/service/meeting/${f.past}`, headers: bearer(token) });
    expect(jsonOf<{ anonymised: boolean; firstName: string | null }>(detail)).toMatchObject({
      anonymised: true,
      firstName: null,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/service/meeting?buildingId=${f.buildingId}&limit=50`,
      headers: bearer(token),
    });
    const rows = jsonOf<{ docs: { id: string; anonymised: boolean }[] }>(list).docs;
    expect(
      rows
        .filter((row) => row.anonymised)
        .map((row) => row.id)
        .sort(),
    ).toEqual([f.invited, f.past].sort());
    // The invitation nobody will come for is cancelled; its waiting reminder is gone.
    expect(visits.map((visit) => visit.cancelled_at !== null)).toEqual([false, true]);
    const mails = await db.selectFrom('mail_outbox').select('id').where('to_address', '=', f.email).execute();
    expect(mails).toEqual([]);
    const people = await db.selectFrom('people').select('id').where('id', '=', f.personId).execute();
    expect(people).toEqual([]);
    const guests = await db
      .selectFrom('space_booking_attendees')
      .select(['position', 'first_name'])
      .where('series_id', '=', f.seriesId)
      .execute();
    expect(guests).toEqual([{ position: 0, first_name: 'Hugh' }]);

    const audited = await db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('tenant_id', '=', f.tenantId)
      .where('action', '=', 'SUBJECT_DATA_ERASED')
      .execute();
    expect(audited).toEqual([{ action: 'SUBJECT_DATA_ERASED', after: { visits: 2, people: 1, guests: 1 } }]);

    // The same choice again: those records hold nothing more.
    const again = await erase({ visitIds: [f.past], personIds: [], guests: [] });
    expect([again.statusCode, jsonOf<{ errorCode: string }>(again).errorCode]).toEqual([404, 'NOT_FOUND']);
  });
});
