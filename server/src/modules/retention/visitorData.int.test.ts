// The visitor acts for themselves (docs/privacy.md): from the visit's link, once the visit is
// over, they see everything it stores about them, download it as JSON or as a readable page, and
// erase it; the visit is then anonymised at once, its link shows nothing, and nothing anywhere
// names them, while the building keeps counting the visit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VisitorData, uuidv7 } from '@vestibule/shared';
import {
  createBuilding,
  createBuildingDocument,
  createSignature,
  createTenant,
  createVisit,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { tablesHolding } from '../../../test/helpers/personalData.ts';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/service/${url}` });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

const errorOf = (answer: { status: number; body: string }) => [
  answer.status,
  (JSON.parse(answer.body) as { errorCode?: string }).errorCode,
];

/** A visit of yesterday with everything a check-in can store, its photo, a signature and an e-mail. */
async function fullVisit(marker: string, over: boolean) {
  const db = t.database.db;
  const company = `Initech ${uuidv7().slice(-12)}`;
  const tenantId = await createTenant(db, { name: company });
  const buildingId = await createBuilding(db, tenantId, 'Initech Tower');
  const at = new Date(Date.now() - 24 * HOUR);
  const visitId = await createVisit(db, tenantId, buildingId, {
    first_name: 'Erin',
    last_name: `${marker}<script>`,
    email: `${marker.toLowerCase()}@example.test`,
    phone: '+1 514 555 0199',
    company_name: 'Acme',
    host: 'Hugh Host',
    checked_in_at: at,
    checked_out_at: over ? new Date(at.getTime() + HOUR) : null,
    check_in_form: JSON.stringify({ badgeNumber: `B-${marker}`, parking: true }),
    questionnaires_answers: JSON.stringify([
      {
        questionnaireId: uuidv7(),
        name: 'Health',
        items: [{ questionId: uuidv7(), question: 'Any **fever**?', questionType: 'YESNO', answer: 'NO' }],
      },
    ]),
    temp_measure1: 36.7,
    exit_temp_measure1: 36.5,
  });
  await db
    .insertInto('visit_photos')
    .values({ visit_id: visitId, tenant_id: tenantId, content: JPEG_BYTES, byte_size: JPEG_BYTES.length })
    .execute();
  const nda = await createBuildingDocument(db, tenantId, buildingId, { title: 'Site NDA', signMethod: 'DRAW' });
  await createSignature(db, {
    tenantId,
    buildingId,
    visitId,
    document: nda,
    signedAt: at,
    image: PNG_BYTES,
    signerKey: `${marker.toLowerCase()}@example.test`,
  });
  await db
    .insertInto('mail_outbox')
    .values({
      id: uuidv7(),
      tenant_id: tenantId,
      to_address: `${marker.toLowerCase()}@example.test`,
      subject: `Welcome, Erin ${marker}`,
      text_body: 'Your visit',
      locale: 'en',
      entity: 'visit',
      entity_id: visitId,
      status: 'SENT',
      sent_at: at,
    })
    .execute();
  const { public_identifier: publicIdentifier } = await db
    .selectFrom('visits')
    .select('public_identifier')
    .where('id', '=', visitId)
    .executeTakeFirstOrThrow();
  return { company, buildingId, visitId, publicIdentifier, at };
}

describe("the visitor's own data", () => {
  it('is shown only once the visit is over, and only for a visit the link names', async () => {
    const marker = `Open${uuidv7().slice(-8)}`;
    const open = await fullVisit(marker, false);
    expect(errorOf(await get(`visitorData/${open.publicIdentifier}`))).toEqual([409, 'MEETING_NOT_CHECKED_OUT']);
    expect(errorOf(await get(`visitorData/${open.publicIdentifier}/visit.html`))).toEqual([
      409,
      'MEETING_NOT_CHECKED_OUT',
    ]);
    const erase = await t.app.inject({ method: 'DELETE', url: `/service/visitorData/${open.publicIdentifier}` });
    expect([erase.statusCode, jsonOf<{ errorCode: string }>(erase).errorCode]).toEqual([
      409,
      'MEETING_NOT_CHECKED_OUT',
    ]);
    expect(errorOf(await get(`visitorData/${'x'.repeat(32)}`))).toEqual([404, 'NOT_FOUND']);
    // Nothing was erased by the refusals.
    const row = await t.database.db
      .selectFrom('visits')
      .select(['first_name', 'anonymised_at'])
      .where('id', '=', open.visitId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Erin', anonymised_at: null });
  });

  it('is seen, downloaded as JSON and as a readable page, then erased for good', async () => {
    const marker = `Mine${uuidv7().slice(-8)}`;
    const visit = await fullVisit(marker, true);
    const email = `${marker.toLowerCase()}@example.test`;

    const shown = await get(`visitorData/${visit.publicIdentifier}`);
    expect([shown.status, shown.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
    expect(shown.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(shown.body) as VisitorData;
    expect(data).toMatchObject({
      company: visit.company,
      building: { name: 'Initech Tower' },
      visitorType: 'VISITOR',
      firstName: 'Erin',
      lastName: `${marker}<script>`,
      email,
      phone: '+1 514 555 0199',
      companyName: 'Acme',
      host: 'Hugh Host',
      checkedInAt: visit.at.toISOString(),
      form: { badgeNumber: `B-${marker}`, parking: true },
      temperatures: { entry: [36.7], exit: [36.5] },
      photo: `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`,
      emails: [{ to: email, subject: `Welcome, Erin ${marker}`, sentAt: visit.at.toISOString() }],
    });
    expect(
      data.answers.flatMap((questionnaire) => questionnaire.items.map((item) => [item.question, item.answer])),
    ).toEqual([['Any **fever**?', 'NO']]);
    expect(data.signatures).toEqual([
      {
        document: 'Site NDA',
        version: 1,
        signedAt: visit.at.toISOString(),
        method: 'DRAW',
        typedName: null,
        image: `data:image/png;base64,${PNG_BYTES.toString('base64')}`,
      },
    ]);

    const json = await get(`visitorData/${visit.publicIdentifier}/visit.json`);
    expect(json.headers['content-disposition']).toBe('attachment; filename="visit.json"');
    expect(JSON.parse(json.body)).toEqual(data);

    // The readable copy in French: the visitor's words, every value escaped, photo and signature inline.
    const page = await get(`visitorData/${visit.publicIdentifier}/visit.html?lang=fr`);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-disposition']).toBe('attachment; filename="visit.html"');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('<h1>Vos données</h1>');
    expect(page.body).toContain(`${marker}&lt;script&gt;`);
    expect(page.body).not.toContain(`${marker}<script>`);
    expect(page.body).toContain('<dt>Any fever?</dt><dd>Non</dd>');
    expect(page.body).toContain('Site NDA, version 1');
    expect(page.body).toContain(`src="data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}"`);

    // Erased: the link shows nothing any more, nothing anywhere names the visitor.
    const erased = await t.app.inject({ method: 'DELETE', url: `/service/visitorData/${visit.publicIdentifier}` });
    expect([erased.statusCode, erased.json()]).toEqual([200, { ok: true }]);
    expect(errorOf(await get(`visitorData/${visit.publicIdentifier}`))).toEqual([404, 'NOT_FOUND']);
    const qrCodeKey = await qrCodeKeyOf(t.database.db, visit.buildingId);
    expect(errorOf(await get(`checkin/${qrCodeKey}/${visit.publicIdentifier}`))).toEqual([
      404,
      'CHECKIN_VISIT_NOT_FOUND',
    ]);
    expect(await tablesHolding(t.database.db, marker)).toEqual([]);
    const photos = await t.database.db
      .selectFrom('visit_photos')
      .select('visit_id')
      .where('visit_id', '=', visit.visitId)
      .execute();
    expect(photos).toEqual([]);

    // The building still counts the visit: its building, type and times stay.
    const kept = await t.database.db
      .selectFrom('visits')
      .select(['building_id', 'visitor_type', 'checked_in_at', 'checked_out_at', 'anonymised_at'])
      .where('id', '=', visit.visitId)
      .executeTakeFirstOrThrow();
    expect([kept.building_id, kept.visitor_type, kept.checked_in_at, kept.checked_out_at]).toEqual([
      visit.buildingId,
      'VISITOR',
      visit.at,
      new Date(visit.at.getTime() + HOUR),
    ]);
    expect(kept.anonymised_at).not.toBeNull();

    // Audited on the visit, by the visitor's own device, without what was erased.
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_channel', 'before', 'after'])
      .where('action', '=', 'VISITOR_DATA_ERASED')
      .where('entity_id', '=', visit.visitId)
      .execute();
    expect(audited).toEqual([{ actor_channel: 'OWN_DEVICE', before: null, after: null }]);

    // Erasing again: already nothing to erase.
    const again = await t.app.inject({ method: 'DELETE', url: `/service/visitorData/${visit.publicIdentifier}` });
    expect([again.statusCode, jsonOf<{ errorCode: string }>(again).errorCode]).toEqual([404, 'NOT_FOUND']);
  });
});
