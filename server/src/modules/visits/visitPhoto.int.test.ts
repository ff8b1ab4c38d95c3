import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckInData,
  type EvacuationList,
  type SyncPushRequest,
  type SyncPushResponse,
  type VisitDetail,
  type VisitList,
  VISITOR_PHOTO_BASE64_MAX,
  VISITOR_PHOTO_MAX_BYTES,
  newVisitCodes,
  uuidv7,
} from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  qrCodeKeyOf,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { encodeGreyJpeg, jpegOfSize, silhouetteJpeg } from '../../db/seed/jpeg.ts';
import { notifyHostsOfCheckIns } from '../lifecycle/lifecycle.service.ts';
import { createMailSender } from '../mail/mail.sender.ts';

// The visitor's photo (docs/check-in.md, "The visitor's photo"): sent with a phone's check-in or a
// kiosk's queued entry, checked by one rule (at most 40,960 bytes, a real JPEG of at most 1024
// pixels a side), refused on a phone and dropped on a kiosk (whose entry is never lost), written
// with the visit, served to staff who see the visit only, erased with it, and shown to the host.

let t: TestApp;
let smtp: SmtpSink;
let world: Awaited<ReturnType<typeof seedWorld>>;
const MOBILE_TOKEN = 'mt-photo-1';
let counter = 0;

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Photo Harbour' });
  const hq = await createBuilding(db, tenantId, 'Photo HQ');
  const annex = await createBuilding(db, tenantId, 'Photo Annex');
  const otherTenant = await createTenant(db, { name: 'Photo Elsewhere' });
  await createBuilding(db, otherTenant, 'Elsewhere');
  await setBuildingSettings(db, hq, {
    allowFreeTextHost: true,
    visitorPhoto: { VISITOR: 'OPTIONAL', CONTRACTOR: 'REQUIRED' },
  });
  await db.updateTable('buildings').set({ mobile_token: MOBILE_TOKEN }).where('id', '=', hq).execute();
  const host = await createPerson(db, tenantId, hq, { firstName: 'Hana', lastName: 'Host', email: 'hana@photo.test' });
  const admin = await createUser(db, { tenantId, role: 'ROLE_ADMIN' });
  const annexUser = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, annexUser.id, [annex]);
  const hqUser = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, hqUser.id, [hq]);
  const foreignAdmin = await createUser(db, { tenantId: otherTenant, role: 'ROLE_ADMIN' });
  return {
    tenantId,
    hq,
    host,
    key: await qrCodeKeyOf(db, hq),
    admin: bearer(await logInAs(t.app, admin.username)),
    hqUser: bearer(await logInAs(t.app, hqUser.username)),
    annexUser: bearer(await logInAs(t.app, annexUser.username)),
    foreignAdmin: bearer(await logInAs(t.app, foreignAdmin.username)),
    kiosk: await enrolledKiosk(t.app, hq),
  };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp();
  world = await seedWorld();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const base64 = (bytes: Buffer) => bytes.toString('base64');

function newLastName(label: string) {
  counter += 1;
  return `${label}${counter}`;
}

function phoneCheckIn(lastName: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/service/checkin',
    payload: {
      qrCodeKey: world.key,
      visitorType: 'VISITOR',
      mt: MOBILE_TOKEN,
      checkInForm: { firstName: 'Vera', lastName, host: 'Front desk' },
      scheduledDuration: 'PT1H',
      ...extra,
    },
  });
}

async function kioskPush(lastName: string, extra: Record<string, unknown> = {}) {
  const visitId = uuidv7();
  const body: SyncPushRequest = {
    deviceId: world.kiosk.deviceId,
    sentAt: new Date().toISOString(),
    qrCodeKey: world.key,
    mutations: [
      {
        mutationId: uuidv7(),
        deviceId: world.kiosk.deviceId,
        seq: ++counter,
        type: 'checkIn',
        visitId,
        occurredAt: new Date().toISOString(),
        payload: {
          qrCodeKey: world.key,
          visitorType: 'VISITOR',
          checkInForm: { firstName: 'Kim', lastName, host: 'Front desk' },
          scheduledDuration: 'PT1H',
          codes: newVisitCodes(),
          ...extra,
        },
      },
    ],
    pendingCount: 0,
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/sync/push',
    payload: body,
    headers: world.kiosk.headers,
  });
  expect(response.statusCode).toBe(200);
  const [result] = jsonOf<SyncPushResponse>(response).results;
  return { visitId, result, mutationId: body.mutations[0]!.mutationId };
}

async function visitIdOf(lastName: string): Promise<string | undefined> {
  const row = await t.database.db
    .selectFrom('visits')
    .select('id')
    .where('last_name', '=', lastName)
    .executeTakeFirst();
  return row?.id;
}

async function storedPhoto(visitId: string): Promise<Buffer | undefined> {
  const row = await t.database.db
    .selectFrom('visit_photos')
    .select('content')
    .where('visit_id', '=', visitId)
    .executeTakeFirst();
  return row ? Buffer.from(row.content) : undefined;
}

const photoCall = (id: string, auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: `/service/meeting/${id}/photo`, headers: auth });

describe("the wizard's check-in data", () => {
  it('carries the building setting per person type, OFF when unset', async () => {
    const data = async (type: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/service/building/${world.key}/checkInData?visitorType=${type}&mt=${MOBILE_TOKEN}`,
      });
      expect(response.statusCode).toBe(200);
      return jsonOf<CheckInData>(response).photo;
    };
    expect([await data('VISITOR'), await data('CONTRACTOR'), await data('EMPLOYEE')]).toEqual([
      'OPTIONAL',
      'REQUIRED',
      'OFF',
    ]);
  });
});

describe('a phone check-in with a photo', () => {
  it('keeps the photo with the visit; staff fetch it and every list says it has one', async () => {
    const photo = silhouetteJpeg();
    const lastName = newLastName('Phone');
    const response = await phoneCheckIn(lastName, { photo: base64(photo) });
    expect(response.statusCode).toBe(200);
    const id = await visitIdOf(lastName);
    expect(id).toBeDefined();
    const visitId = id!;
    expect(await storedPhoto(visitId)).toEqual(photo);

    const served = await photoCall(visitId, world.admin);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.rawPayload).toEqual(photo);

    const detail = await t.app.inject({ method: 'GET', url: `/service/meeting/${visitId}`, headers: world.admin });
    expect(jsonOf<VisitDetail>(detail).hasPhoto).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: `/service/meeting?buildingId=${world.hq}&limit=100`,
      headers: world.admin,
    });
    expect(list.statusCode).toBe(200);
    const row = jsonOf<VisitList>(list).docs.find((doc) => doc.id === visitId);
    expect(row).toMatchObject({ hasPhoto: true });
    const evacuation = await t.app.inject({
      method: 'GET',
      url: `/service/evacuation/${world.hq}`,
      headers: world.admin,
    });
    expect(evacuation.statusCode).toBe(200);
    const people = jsonOf<EvacuationList>(evacuation).groups.flatMap((group) => group.people);
    expect(people.find((person) => person.visitId === visitId)).toMatchObject({ hasPhoto: true });
  });

  it('takes a photo of exactly 40,960 bytes and refuses one byte more with the code, writing nothing', async () => {
    const fits = newLastName('Fits');
    expect((await phoneCheckIn(fits, { photo: base64(jpegOfSize(VISITOR_PHOTO_MAX_BYTES)) })).statusCode).toBe(200);
    const fitsId = await visitIdOf(fits);
    expect(fitsId).toBeDefined();
    const kept = await storedPhoto(fitsId!);
    expect(kept).toBeDefined();
    expect(kept!.length).toBe(VISITOR_PHOTO_MAX_BYTES);

    const over = newLastName('Over');
    const refused = await phoneCheckIn(over, { photo: base64(jpegOfSize(VISITOR_PHOTO_MAX_BYTES + 1)) });
    expect(refused.statusCode).toBe(413);
    expect(jsonOf(refused).errorCode).toBe('VISITOR_PHOTO_TOO_BIG');
    expect(await visitIdOf(over)).toBeUndefined();

    // Text longer than any photo is refused by the schema with the same code.
    const far = newLastName('Far');
    const tooLong = await phoneCheckIn(far, { photo: 'A'.repeat(VISITOR_PHOTO_BASE64_MAX + 4) });
    expect(tooLong.statusCode).toBe(413);
    expect(jsonOf(tooLong).errorCode).toBe('VISITOR_PHOTO_TOO_BIG');
    expect(await visitIdOf(far)).toBeUndefined();
  });

  it('refuses what is not a JPEG (a text file renamed, a broken end, a huge frame) with VISITOR_PHOTO_INVALID_FORMAT', async () => {
    const text = Buffer.from('These are my notes, saved as photo.jpg\n');
    const cut = silhouetteJpeg().subarray(0, 300);
    const wide = encodeGreyJpeg(1032, 8, new Uint8Array(1032 * 8).fill(128));
    for (const bytes of [text, cut, wide]) {
      const lastName = newLastName('Bad');
      const refused = await phoneCheckIn(lastName, { photo: base64(bytes) });
      expect(refused.statusCode).toBe(415);
      expect(jsonOf(refused).errorCode).toBe('VISITOR_PHOTO_INVALID_FORMAT');
      expect(await visitIdOf(lastName)).toBeUndefined();
    }
    const notBase64 = newLastName('Bad');
    const refused = await phoneCheckIn(notBase64, { photo: 'data:image/jpeg;base64,AAAA' });
    expect(refused.statusCode).toBe(415);
    expect(await visitIdOf(notBase64)).toBeUndefined();
  });

  it('is required where the building requires it for the person type, and ignored where it is off', async () => {
    const missing = newLastName('Contractor');
    const refused = await phoneCheckIn(missing, {
      visitorType: 'CONTRACTOR',
      checkInForm: { firstName: 'Cora', lastName: missing, host: 'Front desk', contractorCompanyName: 'Fixit' },
    });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).errorCode).toBe('VISITOR_PHOTO_REQUIRED');
    expect(await visitIdOf(missing)).toBeUndefined();

    const given = newLastName('Contractor');
    const photo = silhouetteJpeg(100);
    const contractor = {
      visitorType: 'CONTRACTOR',
      checkInForm: { firstName: 'Cora', lastName: given, host: 'Front desk', contractorCompanyName: 'Fixit' },
    };
    expect((await phoneCheckIn(given, { ...contractor, photo: base64(photo) })).statusCode).toBe(200);
    expect(await storedPhoto((await visitIdOf(given))!)).toEqual(photo);

    // A visitor may go without one (OPTIONAL).
    const without = newLastName('Without');
    expect((await phoneCheckIn(without)).statusCode).toBe(200);
    const withoutId = await visitIdOf(without);
    expect(await storedPhoto(withoutId!)).toBeUndefined();
    expect((await photoCall(withoutId!, world.admin)).statusCode).toBe(404);
  });
});

describe("a kiosk's queued check-in", () => {
  it('keeps its photo', async () => {
    const photo = silhouetteJpeg(60);
    const { visitId, result } = await kioskPush(newLastName('Kiosk'), { photo: base64(photo) });
    expect(result).toMatchObject({ status: 'applied' });
    expect(await storedPhoto(visitId)).toEqual(photo);
    expect((await photoCall(visitId, world.hqUser)).rawPayload).toEqual(photo);
  });

  it('is never lost for its photo: a bad or oversized one is dropped and noted, a missing required one accepted', async () => {
    const cases: ((lastName: string) => Record<string, unknown>)[] = [
      () => ({ photo: base64(Buffer.from('not a picture at all')) }),
      () => ({ photo: base64(jpegOfSize(VISITOR_PHOTO_MAX_BYTES + 1)) }),
      () => ({ photo: 'A'.repeat(VISITOR_PHOTO_BASE64_MAX + 400) }),
      (lastName) => ({
        visitorType: 'CONTRACTOR',
        checkInForm: { firstName: 'Cora', lastName, host: 'Front desk', contractorCompanyName: 'Fixit' },
      }),
    ];
    const noted: (string | null)[] = [];
    for (const extraOf of cases) {
      const lastName = newLastName('Queued');
      const extra = extraOf(lastName);
      const { visitId, result, mutationId } = await kioskPush(lastName, extra);
      expect(result).toMatchObject({ status: 'applied' });
      expect(await visitIdOf(lastName)).toBe(visitId);
      expect(await storedPhoto(visitId)).toBeUndefined();
      const recorded = await t.database.db
        .selectFrom('applied_mutations')
        .select(['outcome', 'error_code', 'payload'])
        .where('mutation_id', '=', mutationId)
        .executeTakeFirstOrThrow();
      expect(recorded.outcome).toBe('applied');
      // The entry as recorded never keeps the photo's text.
      expect(JSON.stringify(recorded.payload)).not.toContain('AAAAAAAA');
      noted.push(recorded.error_code);
    }
    expect(noted).toEqual(['VISITOR_PHOTO_INVALID_FORMAT', 'VISITOR_PHOTO_TOO_BIG', 'VISITOR_PHOTO_TOO_BIG', null]);
  });
});

describe('who sees a photo', () => {
  it("answers 404 to another company and to a user of another building, as the visit's own call does", async () => {
    const { visitId } = await kioskPush(newLastName('Private'), { photo: base64(silhouetteJpeg()) });
    expect((await photoCall(visitId, world.admin)).statusCode).toBe(200);
    expect((await photoCall(visitId, world.hqUser)).statusCode).toBe(200);
    const foreign = await photoCall(visitId, world.foreignAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).not.toBe('image/jpeg');
    expect((await photoCall(visitId, world.annexUser)).statusCode).toBe(404);
    // Never without signing in.
    const anonymous = await t.app.inject({ method: 'GET', url: `/service/meeting/${visitId}/photo` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is erased with its visit', async () => {
    const { visitId } = await kioskPush(newLastName('Erased'), { photo: base64(silhouetteJpeg()) });
    expect(await storedPhoto(visitId)).toBeDefined();
    const removed = await t.app.inject({ method: 'DELETE', url: `/service/meeting/${visitId}`, headers: world.admin });
    expect(removed.statusCode).toBe(200);
    expect(await storedPhoto(visitId)).toBeUndefined();
    expect((await photoCall(visitId, world.admin)).statusCode).toBe(404);
  });
});

describe("the host's arrival notice", () => {
  it('shows the photo inline with its words, read from the visit when the message is sent', async () => {
    const photo = silhouetteJpeg(90);
    const lastName = newLastName('Guest');
    const response = await phoneCheckIn(lastName, {
      photo: base64(photo),
      hostPersonId: world.host,
      checkInForm: { firstName: 'Gus', lastName, host: 'Hana Host' },
    });
    expect(response.statusCode).toBe(200);
    const from = smtp.received.length;
    await notifyHostsOfCheckIns({ db: t.database.db, base: 'https://visits.example.test' }, new Date());
    // The outbox names the visit's photo; it holds no copy of it.
    const queued = await t.database.db
      .selectFrom('mail_attachments')
      .select(['content', 'visit_photo_of'])
      .where('visit_photo_of', '=', (await visitIdOf(lastName))!)
      .executeTakeFirstOrThrow();
    expect(queued.content).toBeNull();
    const sender = createMailSender(t.database.db, smtp.url);
    try {
      await sender.sendDue();
    } finally {
      sender.close();
    }
    const mails = await Promise.all(smtp.received.slice(from).map((message) => PostalMime.parse(message.raw)));
    const notice = mails.find((mail) => mail.subject?.includes(lastName));
    expect(notice).toBeDefined();
    const attachment = notice!.attachments.find((file) => file.contentId === '<visitor-photo>');
    expect(attachment).toBeDefined();
    expect(attachment!.mimeType).toBe('image/jpeg');
    expect(Buffer.from(attachment!.content as ArrayBuffer)).toEqual(photo);
    expect(notice!.html).toContain('src="cid:visitor-photo"');
    expect(notice!.html).toContain(`alt="Photo of Gus ${lastName}"`);
  });
});
