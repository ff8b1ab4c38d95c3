// Signed documents (docs/check-in.md, "Signed documents"): staff keep a building's documents and
// their versions; a visitor online signs the current versions or is refused; a kiosk's queued
// check-in keeps what it signed; staff read a visit's signatures, and nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuildingDocument,
  type CheckInData,
  type CheckInResponse,
  type DocumentVersion,
  type DocumentVersionSummary,
  type SignedDocument,
  type SyncPushResponse,
  type VisitDetail,
  uuidv7,
} from '@vestibule/shared';
import {
  createBuilding,
  createBuildingDocument,
  createTenant,
  createUser,
  createVisit,
  qrCodeKeyOf,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { pngImage } from '../../../test/helpers/images.ts';
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

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
let admin: { authorization: string };
/** Another company, with a document and a signed visit of its own. */
let other: { buildingId: string; documentId: string; versionId: string; visitId: string; signatureId: string };
let visitor = 0;

const png = pngImage(40, 20).toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, buildingId, auth: admin } = await tenantWithBuilding(t, { tenant: 'Docs Corp', building: 'Docs HQ' }));
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
  const db = t.database.db;
  const otherTenant = await createTenant(db, { name: 'Elsewhere' });
  const otherBuilding = await createBuilding(db, otherTenant, 'Elsewhere HQ');
  const otherDocument = await createBuildingDocument(db, otherTenant, otherBuilding);
  const otherVisit = await createVisit(db, otherTenant, otherBuilding, { first_name: 'Else', last_name: 'Where' });
  const signatureId = uuidv7();
  await db
    .insertInto('visit_document_signatures')
    .values({
      id: signatureId,
      tenant_id: otherTenant,
      building_id: otherBuilding,
      visit_id: otherVisit,
      document_id: otherDocument.documentId,
      version_id: otherDocument.versionId,
      signed_at: new Date(),
      method: 'DRAW',
      image: pngImage(10, 10),
      signer_key: 'else where',
    })
    .execute();
  other = { buildingId: otherBuilding, ...otherDocument, visitId: otherVisit, signatureId };
});
afterAll(() => t.close());

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/service${url}`,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, body: (json ? jsonOf<T>(response) : undefined) as T, raw: response };
}

/** The value, or the test fails here. */
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

const titlesOf = (data: CheckInData) => (data.documents ?? []).map((d) => d.title);
const pngStart = pngImage(40, 20).subarray(0, 8);

async function addDocument(values: Record<string, unknown>) {
  const created = await call<BuildingDocument>('POST', `/building/${buildingId}/document`, {
    kind: 'NDA',
    title: 'Non-disclosure agreement',
    visitorTypes: ['VISITOR'],
    signMethod: 'TYPE',
    body: '# NDA\n\nKeep it secret.',
    ...values,
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** A new visitor's online check-in on their phone. */
async function phoneCheckIn(extra: Record<string, unknown> = {}, name?: { firstName: string; lastName: string }) {
  visitor += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/checkin',
    payload: {
      qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: {
        firstName: name?.firstName ?? 'Doc',
        lastName: name?.lastName ?? `Visitor ${visitor}`,
        host: 'Host',
      },
      ...extra,
    },
  });
  return { status: response.statusCode, body: jsonOf<CheckInResponse & { errorCode?: string }>(response) };
}

function typed(document: BuildingDocument, name = 'Doc Visitor') {
  return {
    documentId: document.id,
    versionId: document.currentVersion.id,
    signedAt: new Date().toISOString(),
    method: 'TYPE',
    typedName: name,
  };
}

async function signaturesOfVisitNamed(lastName: string) {
  return t.database.db
    .selectFrom('visit_document_signatures')
    .innerJoin('visits', 'visits.id', 'visit_document_signatures.visit_id')
    .select([
      'visit_document_signatures.id',
      'visit_document_signatures.visit_id',
      'visit_document_signatures.version_id',
      'visit_document_signatures.method',
      'visit_document_signatures.typed_name',
      'visit_document_signatures.image',
      'visit_document_signatures.signer_key',
    ])
    .where('visits.last_name', '=', lastName)
    .execute();
}

async function visitCountNamed(lastName: string) {
  const rows = await t.database.db.selectFrom('visits').select('id').where('last_name', '=', lastName).execute();
  return rows.length;
}

async function setActive(document: BuildingDocument, active: boolean) {
  const {
    currentVersion: _v,
    id: _i,
    buildingId: _b,
    hasSignatures: _h,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = document;
  const updated = await call<BuildingDocument>('PATCH', `/buildingDocument/${document.id}`, { ...rest, active });
  expect(updated.status).toBe(200);
  return updated.body;
}

describe('a building’s documents and their versions (staff)', () => {
  it('publishes a new version as a new row: the old one kept, the current one the highest', async () => {
    const document = await addDocument({ title: 'Versioned', visitorTypes: ['EMPLOYEE'] });
    expect(document.currentVersion.version).toBe(1);
    const published = await call<BuildingDocument>('POST', `/buildingDocument/${document.id}/version`, {
      body: 'Second text',
    });
    expect(published.status).toBe(201);
    expect(published.body.currentVersion.version).toBe(2);
    expect(published.body.currentVersion.body).toBe('Second text');
    expect(published.body.currentVersion.id).not.toBe(document.currentVersion.id);

    const versions = await call<DocumentVersionSummary[]>('GET', `/buildingDocument/${document.id}/version`);
    expect(versions.body.map((v) => v.version)).toEqual([2, 1]);
    const first = await call<DocumentVersion>('GET', `/buildingDocument/${document.id}/version/1`);
    expect(first.body.body).toBe('# NDA\n\nKeep it secret.');
    expect(first.body.id).toBe(document.currentVersion.id);
    expect((await call('GET', `/buildingDocument/${document.id}/version/3`)).status).toBe(404);

    const list = await call<BuildingDocument[]>('GET', `/building/${buildingId}/document`);
    const listed = list.body.find((d) => d.id === document.id);
    expect(listed).toMatchObject({ title: 'Versioned', currentVersion: { version: 2, body: 'Second text' } });

    // Unsigned: deleted with its versions.
    const deleted = await call<{ outcome: string }>('DELETE', `/buildingDocument/${document.id}`);
    expect(deleted.body.outcome).toBe('deleted');
    const left = await t.database.db
      .selectFrom('building_document_versions')
      .select('id')
      .where('document_id', '=', document.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('changes a document’s settings without touching its text', async () => {
    const document = await addDocument({ title: 'Settings', visitorTypes: ['EMPLOYEE'] });
    const updated = await setActive({ ...document, title: 'Settings renamed', signMethod: 'DRAW' }, false);
    expect(updated).toMatchObject({ title: 'Settings renamed', signMethod: 'DRAW', active: false });
    expect(updated.currentVersion.id).toBe(document.currentVersion.id);
    await call('DELETE', `/buildingDocument/${document.id}`);
  });

  it('never serves another company’s documents (404)', async () => {
    expect((await call('GET', `/building/${other.buildingId}/document`)).status).toBe(404);
    expect((await call('GET', `/buildingDocument/${other.documentId}/version`)).status).toBe(404);
    expect((await call('GET', `/buildingDocument/${other.documentId}/version/1`)).status).toBe(404);
    expect((await call('POST', `/buildingDocument/${other.documentId}/version`, { body: 'Mine now' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/buildingDocument/${other.documentId}`)).status).toBe(404);
  });

  it('answers 404 to a supervisor for a document of a building not assigned to them', async () => {
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const token = bearer(await logInAs(t.app, supervisor.username));
    const document = await addDocument({ title: 'Not yours', visitorTypes: ['EMPLOYEE'] });
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/buildingDocument/${document.id}/version`,
      headers: token,
    });
    expect(response.statusCode).toBe(404);
    await call('DELETE', `/buildingDocument/${document.id}`);
  });
});

describe('signing at check-in', () => {
  let nda: BuildingDocument;

  beforeAll(async () => {
    nda = await addDocument({ title: 'NDA', visitorTypes: ['VISITOR', 'CONTRACTOR'], sortOrder: 1 });
  });

  it('gives the wizard the active documents of the person type at their current version, in order, and the resign period', async () => {
    const rules = await addDocument({
      kind: 'SITE_RULES',
      title: 'Site rules',
      visitorTypes: ['CONTRACTOR'],
      sortOrder: 0,
    });
    const data = async (type: string) =>
      jsonOf<CheckInData>(
        await t.app.inject({ method: 'GET', url: `/service/building/${qrCodeKey}/checkInData?visitorType=${type}` }),
      );
    expect(titlesOf(await data('VISITOR'))).toEqual(['NDA']);
    const contractor = await data('CONTRACTOR');
    expect(titlesOf(contractor)).toEqual(['Site rules', 'NDA']);
    expect(must(contractor.documents).at(1)).toEqual({
      documentId: nda.id,
      versionId: nda.currentVersion.id,
      version: 1,
      kind: 'NDA',
      title: 'NDA',
      body: '# NDA\n\nKeep it secret.',
      signMethod: 'TYPE',
    });
    expect(contractor.resignDays).toBe(365);

    // The kiosk's cached configuration carries them too.
    const kiosk = await enrolledKiosk(t.app, buildingId);
    const config = await t.app.inject({
      method: 'GET',
      url: `/service/sync/config/${qrCodeKey}`,
      headers: kiosk.headers,
    });
    expect(config.statusCode).toBe(200);
    const cached = jsonOf<{ checkInData: Record<string, CheckInData> }>(config).checkInData;
    expect(titlesOf(must(cached.CONTRACTOR))).toEqual(['Site rules', 'NDA']);

    // An inactive document is asked of nobody.
    await setActive(rules, false);
    expect(titlesOf(await data('CONTRACTOR'))).toEqual(['NDA']);
  });

  it('refuses a visitor online without a signature of the current version, and writes nothing', async () => {
    const refused = await phoneCheckIn({}, { firstName: 'No', lastName: 'Signature' });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('DOCUMENT_SIGNATURE_REQUIRED');
    expect(await visitCountNamed('Signature')).toBe(0);
  });

  it('records a typed signature from a phone check-in, with the visit', async () => {
    const done = await phoneCheckIn(
      { signatures: [typed(nda, 'Typed Signer')] },
      { firstName: 'Typed', lastName: 'Signer' },
    );
    expect(done.status).toBe(200);
    expect(done.body.allowed).toBe(true);
    const rows = await signaturesOfVisitNamed('Signer');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      version_id: nda.currentVersion.id,
      method: 'TYPE',
      typed_name: 'Typed Signer',
      image: null,
      signer_key: 'typed signer',
    });
  });

  it('refuses a drawn signature that is not a PNG with its code, and writes nothing', async () => {
    const notPng = Buffer.from('GIF89a this is not a png at all, just text').toString('base64');
    const refused = await phoneCheckIn(
      { signatures: [{ ...typed(nda), method: 'DRAW', typedName: null, image: notPng }] },
      { firstName: 'Fake', lastName: 'Drawing' },
    );
    expect(refused.status).toBe(415);
    expect(refused.body.errorCode).toBe('DOCUMENT_SIGNATURE_NOT_PNG');
    expect(await visitCountNamed('Drawing')).toBe(0);
    expect(await signaturesOfVisitNamed('Drawing')).toEqual([]);
  });

  it('refuses an image over the size limit with its code, never a 500', async () => {
    const big = Buffer.alloc(31_000, 1).toString('base64');
    const refused = await phoneCheckIn(
      { signatures: [{ ...typed(nda), method: 'DRAW', typedName: null, image: big }] },
      { firstName: 'Big', lastName: 'Drawing' },
    );
    expect(refused.status).toBe(413);
    expect(refused.body.errorCode).toBe('DOCUMENT_SIGNATURE_TOO_BIG');
  });

  it('refuses a signature of another building’s document version', async () => {
    const refused = await phoneCheckIn(
      { signatures: [typed(nda), { ...typed(nda), documentId: other.documentId, versionId: other.versionId }] },
      { firstName: 'Wrong', lastName: 'Building' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('DOCUMENT_VERSION_UNKNOWN');
    expect(await visitCountNamed('Building')).toBe(0);
  });

  it('does not ask again within the resign period, and asks again for a new version', async () => {
    const db = t.database.db;
    // Signed last week, on an earlier visit.
    const earlier = await createVisit(db, tenantId, buildingId, { first_name: 'Back', last_name: 'Again' });
    await db
      .insertInto('visit_document_signatures')
      .values({
        id: uuidv7(),
        tenant_id: tenantId,
        building_id: buildingId,
        visit_id: earlier,
        document_id: nda.id,
        version_id: nda.currentVersion.id,
        signed_at: new Date(Date.now() - 7 * 86_400_000),
        method: 'TYPE',
        typed_name: 'Back Again',
        signer_key: 'back again',
      })
      .execute();
    const lookup = async (body: Record<string, unknown>, url = `/service/checkin/${qrCodeKey}/signedDocuments`) =>
      jsonOf<{ versionIds: string[] }>(
        await t.app.inject({ method: 'POST', url, payload: { visitorType: 'VISITOR', ...body } }),
      );
    expect((await lookup({ firstName: ' back ', lastName: 'AGAIN' })).versionIds).toEqual([nda.currentVersion.id]);
    // Nobody else's signatures are told.
    expect((await lookup({ firstName: 'Someone', lastName: 'Else' })).versionIds).toEqual([]);
    expect((await lookup({})).versionIds).toEqual([]);
    // A kiosk asks on its own channel, with its credential.
    const kiosk = await enrolledKiosk(t.app, buildingId);
    const byKiosk = await t.app.inject({
      method: 'POST',
      url: `/service/checkinKiosk/${qrCodeKey}/signedDocuments`,
      headers: kiosk.headers,
      payload: { visitorType: 'VISITOR', firstName: 'Back', lastName: 'Again' },
    });
    expect(jsonOf<{ versionIds: string[] }>(byKiosk).versionIds).toEqual([nda.currentVersion.id]);
    const noCredential = await t.app.inject({
      method: 'POST',
      url: `/service/checkinKiosk/${qrCodeKey}/signedDocuments`,
      payload: { visitorType: 'VISITOR', firstName: 'Back', lastName: 'Again' },
    });
    expect(noCredential.statusCode).toBe(401);

    const spared = await phoneCheckIn({}, { firstName: 'Back', lastName: 'Again' });
    expect(spared.status).toBe(200);
    await db.updateTable('visits').set({ checked_out_at: new Date() }).where('last_name', '=', 'Again').execute();

    // Every visit asks when the building says 0 days.
    await setBuildingSettings(db, buildingId, { documentResignDays: 0 });
    expect((await phoneCheckIn({}, { firstName: 'Back', lastName: 'Again' })).body.errorCode).toBe(
      'DOCUMENT_SIGNATURE_REQUIRED',
    );
    await setBuildingSettings(db, buildingId, {});

    // A new version: signed before, asked again.
    const published = await call<BuildingDocument>('POST', `/buildingDocument/${nda.id}/version`, {
      body: '# NDA\n\nKeep it secret, version two.',
    });
    nda = published.body;
    expect((await lookup({ firstName: 'Back', lastName: 'Again' })).versionIds).toEqual([]);
    const asked = await phoneCheckIn({}, { firstName: 'Back', lastName: 'Again' });
    expect(asked.body.errorCode).toBe('DOCUMENT_SIGNATURE_REQUIRED');
  });

  it('records a kiosk’s queued check-in whatever it signed: an older version kept, an invalid image dropped', async () => {
    const kiosk = await enrolledKiosk(t.app, buildingId);
    const v1 = await call<DocumentVersion>('GET', `/buildingDocument/${nda.id}/version/1`);
    const entry = (lastName: string, signatures: unknown[]) => ({
      type: 'checkIn' as const,
      visitId: uuidv7(),
      payload: {
        qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Kiosk', lastName, host: 'Host' },
        signatures,
      },
    });
    const drawnOld = {
      documentId: nda.id,
      versionId: v1.body.id,
      signedAt: new Date().toISOString(),
      method: 'DRAW',
      image: png,
    };
    const notPng = { ...drawnOld, image: Buffer.from('not an image, plain text').toString('base64') };
    const tooBig = { ...drawnOld, image: Buffer.alloc(40_000, 7).toString('base64') };
    const { results } = await pushAsKiosk(t.app, kiosk, qrCodeKey, [
      entry('Queued-Old', [drawnOld]),
      entry('Queued-Bad', [notPng]),
      entry('Queued-Huge', [tooBig]),
      entry('Queued-None', []),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const old = await signaturesOfVisitNamed('Queued-Old');
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ version_id: v1.body.id, method: 'DRAW', signer_key: 'kiosk queued-old' });
    const oldImage = must(must(old[0]).image);
    expect(Buffer.from(oldImage.subarray(0, 8))).toEqual(pngStart);
    expect(await signaturesOfVisitNamed('Queued-Bad')).toEqual([]);
    expect(await signaturesOfVisitNamed('Queued-Huge')).toEqual([]);
    expect(await visitCountNamed('Queued-Bad')).toBe(1);
    expect(await visitCountNamed('Queued-Huge')).toBe(1);
    expect(await visitCountNamed('Queued-None')).toBe(1);
  });

  it('refuses a phone’s pushed check-in without its signature, recording the refusal with its code', async () => {
    const deviceId = uuidv7();
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/sync/push',
      payload: {
        deviceId,
        sentAt: new Date().toISOString(),
        qrCodeKey,
        channel: 'ownDevice',
        mutations: [
          {
            mutationId: uuidv7(),
            deviceId,
            seq: 1,
            type: 'checkIn',
            visitId: uuidv7(),
            occurredAt: new Date().toISOString(),
            payload: {
              qrCodeKey,
              visitorType: 'VISITOR',
              checkInForm: { firstName: 'Phone', lastName: 'Unsigned', host: 'Host' },
            },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf<SyncPushResponse>(response).results).toEqual([
      expect.objectContaining({ status: 'rejected', errorCode: 'DOCUMENT_SIGNATURE_REQUIRED' }),
    ]);
    expect(await visitCountNamed('Unsigned')).toBe(0);
  });

  it('shows staff a visit’s signatures, its signed document and its drawn image; deleting the document then deactivates it', async () => {
    const done = await phoneCheckIn(
      {
        signatures: [
          {
            documentId: nda.id,
            versionId: nda.currentVersion.id,
            signedAt: new Date().toISOString(),
            method: 'DRAW',
            image: png,
          },
        ],
      },
      { firstName: 'Drawn', lastName: 'Signer' },
    );
    expect(done.status).toBe(200);
    const row = must((await signaturesOfVisitNamed('Signer')).find((r) => r.method === 'DRAW'));
    const visitId = row.visit_id;
    const signatureId = row.id;

    const detail = await call<VisitDetail>('GET', `/meeting/${visitId}`);
    expect(detail.body.signatures).toEqual([
      expect.objectContaining({
        title: 'NDA',
        kind: 'NDA',
        version: 2,
        method: 'DRAW',
        typedName: null,
        hasImage: true,
      }),
    ]);
    const signed = await call<SignedDocument>('GET', `/meetingSignature/${signatureId}`);
    expect(signed.body).toMatchObject({
      body: '# NDA\n\nKeep it secret, version two.',
      firstName: 'Drawn',
      lastName: 'Signer',
      version: 2,
      buildingName: 'Docs HQ',
    });
    const image = await call('GET', `/meetingSignature/${signatureId}/image`);
    expect(image.status).toBe(200);
    expect(image.raw.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.raw.rawPayload.subarray(0, 8))).toEqual(pngStart);

    // A typed signature has no image; another company's signature is never served.
    const typedRow = must((await signaturesOfVisitNamed('Signer')).find((r) => r.method === 'TYPE'));
    expect((await call('GET', `/meetingSignature/${typedRow.id}`)).status).toBe(200);
    expect((await call('GET', `/meetingSignature/${typedRow.id}/image`)).status).toBe(404);
    expect((await call('GET', `/meetingSignature/${other.signatureId}/image`)).status).toBe(404);
    expect((await call('GET', `/meetingSignature/${other.signatureId}`)).status).toBe(404);
    // A supervisor sees the signatures of their assigned buildings' visits only.
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    const asSupervisor = await t.app.inject({
      method: 'GET',
      url: `/service/meetingSignature/${signatureId}/image`,
      headers: bearer(await logInAs(t.app, supervisor.username)),
    });
    expect(asSupervisor.statusCode).toBe(404);

    // Signed: deactivated, never deleted.
    const removed = await call<{ outcome: string }>('DELETE', `/buildingDocument/${nda.id}`);
    expect(removed.body.outcome).toBe('deactivated');
    const list = await call<BuildingDocument[]>('GET', `/building/${buildingId}/document`);
    expect(list.body.find((d) => d.id === nda.id)).toMatchObject({ active: false, hasSignatures: true });
    expect(await signaturesOfVisitNamed('Signer')).toHaveLength(2);
  });

  it('lists the signed documents in the visits CSV', async () => {
    const csv = await call('GET', '/meetings/meetings.csv');
    expect(csv.status).toBe(200);
    const lines = csv.raw.body.split('\r\n');
    expect(lines[0]).toContain('Signed documents');
    const line = lines.find((l) => l.includes('Queued-Old'));
    expect(line).toContain('NDA v1');
    const drawn = lines.find((l) => l.includes('Drawn') && l.includes('Signer'));
    expect(drawn).toContain('NDA v2');
    const none = lines.find((l) => l.includes('Queued-None'));
    expect(none).not.toContain('NDA');
  });
});
