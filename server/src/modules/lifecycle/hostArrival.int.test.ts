import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HostCandidate,
  type SyncPushRequest,
  type SyncPushResponse,
  type VisitDetail,
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
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { createMailSender } from '../mail/mail.sender.ts';
import { notifyHostsOfCheckIns } from './lifecycle.service.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';

// The host is found and told (docs/check-in.md, "The host"; docs/visits.md, "Who is told"): the
// building's hosts are searched by staff, a kiosk and a phone; the host chosen is linked to the
// visit on every check-in path (a phone, a kiosk online or synced later, staff's fast check-in,
// staff checking an invitation in), checked against who can host the building; and the arrival
// notice reaches the linked host through the outbox and a real SMTP exchange, in their language,
// unless they chose not to be told.

/** A mail as a client reads it, with the addresses the SMTP exchange delivered it to. */
type Received = Omit<Email, 'to'> & { to: string[] };
let smtp: SmtpSink;
let t: TestApp;

const MOBILE_TOKEN = 'mt-hosts-1';
const WAIT_TEXT = 'in the lobby, ground floor';

let world: Awaited<ReturnType<typeof seedWorld>>;

async function namedUser(
  db: TestApp['database']['db'],
  tenantId: string,
  role: Parameters<typeof createUser>[1]['role'],
  name: [string, string],
  options: { blocked?: boolean; locale?: 'en' | 'fr' | 'es'; buildings?: string[] } = {},
) {
  const user = await createUser(db, { tenantId, role, blocked: options.blocked ?? false });
  await db
    .updateTable('users')
    .set({ first_name: name[0], last_name: name[1], user_locale: options.locale ?? 'en' })
    .where('id', '=', user.id)
    .execute();
  if (options.buildings) await assignBuildings(db, user.id, options.buildings);
  return { ...user, email: `${user.username}@example.test` };
}

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Harbour Holdings' });
  const hq = await createBuilding(db, tenantId, 'Harbour HQ');
  const annex = await createBuilding(db, tenantId, 'Harbour Annex');
  const otherTenant = await createTenant(db, { name: 'Elsewhere Inc' });
  const elsewhere = await createBuilding(db, otherTenant, 'Elsewhere');
  // HQ asks for a host of its directory; Annex, without a directory, lets one be typed.
  await setBuildingSettings(db, hq, {
    timeZoneId: 'Europe/Paris',
    allowFreeTextHost: false,
    hostNoticeWaitText: WAIT_TEXT,
  });
  await db.updateTable('buildings').set({ mobile_token: MOBILE_TOKEN }).where('id', '=', hq).execute();
  const person = (
    building: string,
    first: string,
    last: string,
    extra: Parameters<typeof createPerson>[3] = {},
    tenant = tenantId,
  ) => createPerson(db, tenant, building, { firstName: first, lastName: last, ...extra });
  const people = {
    ada: await person(hq, 'Ada', 'Lovelace', { email: 'ada@harbour.test', locale: 'fr' }),
    rita: await person(hq, 'Rita', 'Resident', { email: 'rita@harbour.test', visitorType: 'RESIDENT' }),
    quiet: await person(hq, 'Quentin', 'Quiet', { email: 'quentin@harbour.test' }),
    vic: await person(hq, 'Vic', 'Visitor', { email: 'vic@harbour.test', visitorType: 'VISITOR' }),
    gone: await person(hq, 'Grace', 'Gone', { email: 'grace@harbour.test', deactivated: true }),
    annexHost: await person(annex, 'Anne', 'Annex'),
    stranger: await person(elsewhere, 'Otto', 'Other', {}, otherTenant),
  };
  await db.updateTable('people').set({ department: 'Engineering' }).where('id', '=', people.ada).execute();
  await db.updateTable('people').set({ host_notice: 'NONE' }).where('id', '=', people.quiet).execute();
  const users = {
    morgan: await namedUser(db, tenantId, 'ROLE_MASTER', ['Morgan', 'Master'], { locale: 'es' }),
    frida: await namedUser(db, tenantId, 'ROLE_USER', ['Frida', 'Front'], { buildings: [hq] }),
    ulla: await namedUser(db, tenantId, 'ROLE_USER', ['Ulla', 'Unassigned'], { buildings: [annex] }),
    tess: await namedUser(db, tenantId, 'ROLE_TECH_1', ['Tess', 'Technical']),
    bob: await namedUser(db, tenantId, 'ROLE_USER', ['Bob', 'Blocked'], { blocked: true, buildings: [hq] }),
  };
  return {
    tenantId,
    hq,
    annex,
    people,
    users,
    keys: { hq: await qrCodeKeyOf(db, hq), annex: await qrCodeKeyOf(db, annex) },
    staff: bearer(await logInAs(t.app, users.frida.username)),
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

type Link = { hostPersonId?: string | null; hostUserId?: string | null };

let counter = 0;
/** A visitor of their own (a new last name each time), with their company. */
function visitor(label: string) {
  counter += 1;
  return { firstName: 'Vera', lastName: `${label}${counter}`, companyName: 'Acme Freight' };
}

/** The public check-in's body at HQ from a phone (the poster's mobile token). */
function phoneBody(person: ReturnType<typeof visitor>, host: string, link: Link, key = world.keys.hq) {
  return {
    qrCodeKey: key,
    visitorType: 'VISITOR',
    mt: MOBILE_TOKEN,
    checkInForm: { host, ...person },
    scheduledDuration: 'PT1H',
    ...link,
  };
}

function publicCall(url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: payload ? 'POST' : 'GET', url: `/service${url}`, payload, headers });
}

function staffCall(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url: `/service${url}`, headers: world.staff, payload });
}

/** A kiosk's push of one check-in made at `occurredAt` (now: online; earlier: synced after a network cut). */
async function kioskPush(person: ReturnType<typeof visitor>, host: string, link: Link, occurredAt = new Date()) {
  const body: SyncPushRequest = {
    deviceId: world.kiosk.deviceId,
    sentAt: new Date().toISOString(),
    qrCodeKey: world.keys.hq,
    mutations: [
      {
        mutationId: uuidv7(),
        deviceId: world.kiosk.deviceId,
        seq: ++counter,
        type: 'checkIn',
        visitId: uuidv7(),
        occurredAt: occurredAt.toISOString(),
        payload: {
          qrCodeKey: world.keys.hq,
          visitorType: 'VISITOR',
          checkInForm: { host, ...person },
          scheduledDuration: 'PT1H',
          codes: newVisitCodes(),
          ...link,
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
  return jsonOf<SyncPushResponse>(response).results[0];
}

async function visitOf(lastName: string) {
  return t.database.db
    .selectFrom('visits')
    .select(['id', 'host', 'host_person_id', 'host_user_id', 'check_in_form', 'checked_in_at', 'host_notified_at'])
    .where('last_name', '=', lastName)
    .executeTakeFirstOrThrow();
}

const visitCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The lifecycle's host notices as the job runs them, then the mail sender over SMTP: what reached each inbox. */
async function runHostNotices(): Promise<Received[]> {
  const from = smtp.received.length;
  await notifyHostsOfCheckIns({ db: t.database.db, base: 'https://visits.example.test' }, new Date());
  const sender = createMailSender(t.database.db, smtp.url);
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
  return Promise.all(
    smtp.received.slice(from).map(async (message) => ({ ...(await PostalMime.parse(message.raw)), to: message.to })),
  );
}

/** The mails about one visitor (by their unique last name). */
const about = (mails: Received[], lastName: string) => mails.filter((mail) => mail.text?.includes(lastName));

/** The one mail of a list (one, and only one, is expected). */
function theOne(mails: Received[]): Received {
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error('no mail');
  return mail;
}

/** A time on HQ's clock (Paris), as the e-mail writes its hours and minutes. */
function parisTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

function names(docs: HostCandidate[]) {
  return docs.map((host) => `${host.firstName} ${host.lastName}`);
}

describe("finding the building's hosts", () => {
  it('answers staff the people who can host and the users who see the building, by name, with their department only', async () => {
    const search = async (name: string) => {
      const response = await staffCall(
        'GET',
        `/meeting/building/${world.hq}/employee?name=${encodeURIComponent(name)}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('@');
      return jsonOf<{ docs: HostCandidate[] }>(response).docs;
    };
    expect(await search('ada')).toEqual([
      { personId: world.people.ada, userId: null, firstName: 'Ada', lastName: 'Lovelace', department: 'Engineering' },
    ]);
    expect(await search('LOVE')).toHaveLength(1);
    // A resident hosts; a visitor of the directory and a deactivated employee do not.
    expect(names(await search('r'))).toEqual(['Rita Resident']);
    expect(await search('vic')).toEqual([]);
    expect(await search('grace')).toEqual([]);
    // Users: the corporate user (the whole company) and the one assigned to HQ, without a department.
    expect(await search('mor')).toEqual([
      { personId: null, userId: world.users.morgan.id, firstName: 'Morgan', lastName: 'Master', department: null },
    ]);
    expect(names(await search('front'))).toEqual(['Frida Front']);
    // Not a host of HQ: a user of another building, a technical user, a blocked user, another building's person.
    for (const name of ['ulla', 'tess', 'bob', 'anne', 'otto']) expect(await search(name)).toEqual([]);
  });

  it("answers a kiosk and a phone the same hosts by the channel's proofs, at most ten, nobody for no name", async () => {
    const kiosk = (name: string) =>
      publicCall(`/building/${world.keys.hq}/hosts?kiosk=true&name=${name}`, undefined, world.kiosk.headers);
    const found = await kiosk('ri');
    expect(found.statusCode).toBe(200);
    expect(names(jsonOf<{ docs: HostCandidate[] }>(found).docs)).toEqual(['Rita Resident']);
    expect(found.body).not.toContain('@');
    // A kiosk without its credential, a phone without the poster's mobile token: refused.
    const anonymousKiosk = await publicCall(`/building/${world.keys.hq}/hosts?kiosk=true&name=ri`);
    expect([anonymousKiosk.statusCode, jsonOf(anonymousKiosk).errorCode]).toEqual([401, 'KIOSK_ENROLMENT_REQUIRED']);
    const oldPoster = await publicCall(`/building/${world.keys.hq}/hosts?name=ri`);
    expect([oldPoster.statusCode, jsonOf(oldPoster).errorCode]).toEqual([410, 'CHECKIN_LINK_EXPIRED']);
    const phone = (name: string) =>
      publicCall(`/building/${world.keys.hq}/hosts?mt=${MOBILE_TOKEN}&name=${encodeURIComponent(name)}`);
    expect(names(jsonOf<{ docs: HostCandidate[] }>(await phone('morgan m')).docs)).toEqual(['Morgan Master']);
    expect(jsonOf<{ docs: HostCandidate[] }>(await phone('')).docs).toEqual([]);

    for (let i = 0; i < 12; i++)
      await createPerson(t.database.db, world.tenantId, world.hq, { firstName: 'Zed', lastName: `Zimmer ${i}` });
    expect(jsonOf<{ docs: HostCandidate[] }>(await phone('zim')).docs).toHaveLength(10);
  });

  it('caches the hosts in the kiosk configuration, a new version when a user is given the building', async () => {
    const read = (etag?: string) =>
      publicCall(`/sync/config/${world.keys.hq}`, undefined, {
        ...world.kiosk.headers,
        ...(etag ? { 'if-none-match': etag } : {}),
      });
    const first = await read();
    const { hosts } = jsonOf<{ hosts: HostCandidate[] }>(first);
    expect(hosts).toContainEqual({
      personId: world.people.ada,
      userId: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      department: 'Engineering',
    });
    expect(names(hosts)).toEqual(expect.arrayContaining(['Rita Resident', 'Morgan Master', 'Frida Front']));
    expect(names(hosts)).not.toEqual(expect.arrayContaining(['Ulla Unassigned']));
    expect(JSON.stringify(hosts)).not.toContain('@');
    const etag = first.headers.etag as string;
    expect((await read(etag)).statusCode).toBe(304);
    await assignBuildings(t.database.db, world.users.ulla.id, [world.hq]);
    const changed = await read(etag);
    expect(changed.statusCode).toBe(200);
    expect(names(jsonOf<{ hosts: HostCandidate[] }>(changed).hosts)).toContain('Ulla Unassigned');
    await t.database.db
      .deleteFrom('user_buildings')
      .where('user_id', '=', world.users.ulla.id)
      .where('building_id', '=', world.hq)
      .execute();
  });

  it('limits the public host search per address, as the other public calls', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
    try {
      const url = `/service/building/${newVisitCodes().publicIdentifier}/hosts?name=a`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the host linked on every check-in path', () => {
  it('refuses a link that is not a host of the building, and a host typed where the building asks for its directory, writing nothing', async () => {
    const before = await visitCount();
    const { people, users } = world;
    const refusals: [Link, string][] = [
      [{ hostPersonId: people.vic }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostPersonId: people.gone }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostPersonId: people.annexHost }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostPersonId: people.stranger }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostPersonId: uuidv7() }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostUserId: users.ulla.id }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostUserId: users.tess.id }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostUserId: users.bob.id }, 'MEETING_HOST_NOT_EMPLOYEE'],
      [{ hostPersonId: people.ada, hostUserId: users.morgan.id }, 'VALIDATION_FAILED'],
      [{}, 'HOST_NOT_CHOSEN'],
    ];
    for (const [link, code] of refusals) {
      const response = await publicCall('/checkin', phoneBody(visitor('Refused'), 'Elena', link));
      expect([response.statusCode, jsonOf(response).errorCode, link]).toEqual([400, code, link]);
    }
    // At the desk too, and in a kiosk's entry when it syncs.
    const fast = await staffCall('POST', '/meetingWithCheckIn', {
      buildingId: world.hq,
      visitorType: 'VISITOR',
      checkInForm: { host: 'Vic Visitor', ...visitor('Refused') },
      hostPersonId: people.vic,
    });
    expect([fast.statusCode, jsonOf(fast).errorCode]).toEqual([400, 'MEETING_HOST_NOT_EMPLOYEE']);
    const synced = await kioskPush(visitor('Refused'), 'Grace Gone', { hostPersonId: people.gone });
    expect(synced).toMatchObject({ status: 'rejected', errorCode: 'MEETING_HOST_NOT_EMPLOYEE' });
    expect(await visitCount()).toBe(before);
  });

  it('keeps a host typed freely where the building allows it, unlinked, and tells nobody', async () => {
    const person = visitor('FreeText');
    const response = await publicCall('/checkin', phoneBody(person, 'Elena from accounts', {}, world.keys.annex));
    expect(response.statusCode).toBe(200);
    expect(await visitOf(person.lastName)).toMatchObject({
      host: 'Elena from accounts',
      host_person_id: null,
      host_user_id: null,
    });
    expect(about(await runHostNotices(), person.lastName)).toEqual([]);
  });

  it('a phone: links the host chosen by the name the building knows, and tells them in French with who, company, type, where and when', async () => {
    const person = visitor('Phone');
    const response = await publicCall('/checkin', phoneBody(person, 'ada', { hostPersonId: world.people.ada }));
    expect(response.statusCode).toBe(200);
    const visit = await visitOf(person.lastName);
    expect(visit).toMatchObject({ host: 'Ada Lovelace', host_person_id: world.people.ada, host_user_id: null });
    expect(visit.check_in_form).toMatchObject({ host: 'Ada Lovelace' });

    const mail = theOne(about(await runHostNotices(), person.lastName));
    expect(mail.to).toEqual(['ada@harbour.test']);
    expect(mail.subject).toBe(`Vera ${person.lastName} est arrivé(e) à Harbour HQ`);
    const checkedIn = new Date(visit.checked_in_at as Date);
    expect(mail.text).toContain(`Vera ${person.lastName} s’est enregistré(e) à Harbour HQ à ${parisTime(checkedIn)}`);
    expect(mail.text).toContain('Entreprise : Acme Freight');
    expect(mail.text).toContain('Type : Visiteur');
    expect(mail.text).toContain(`Où la personne attend : ${WAIT_TEXT}`);
    expect((await visitOf(person.lastName)).host_notified_at).not.toBeNull();
    // Told once: the next run sends nothing more.
    expect(about(await runHostNotices(), person.lastName)).toEqual([]);
  });

  it('a kiosk online: links a resident host and tells her', async () => {
    const person = visitor('KioskOnline');
    expect(await kioskPush(person, 'Rita Resident', { hostPersonId: world.people.rita })).toMatchObject({
      status: 'applied',
    });
    expect(await visitOf(person.lastName)).toMatchObject({ host_person_id: world.people.rita });
    const mails = about(await runHostNotices(), person.lastName);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [['rita@harbour.test'], `Vera ${person.lastName} has arrived at Harbour HQ`],
    ]);
    expect(theOne(mails).text).toContain(`Where they wait: ${WAIT_TEXT}`);
  });

  it("a kiosk synced after a network cut: the link is checked at sync and the user host told in Spanish, with the check-in's time", async () => {
    const person = visitor('KioskLater');
    const occurredAt = new Date(Date.now() - 3 * 3_600_000);
    expect(await kioskPush(person, 'Morgan Master', { hostUserId: world.users.morgan.id }, occurredAt)).toMatchObject({
      status: 'applied',
    });
    expect(await visitOf(person.lastName)).toMatchObject({
      host: 'Morgan Master',
      host_person_id: null,
      host_user_id: world.users.morgan.id,
    });
    const mail = theOne(about(await runHostNotices(), person.lastName));
    expect(mail.to).toEqual([world.users.morgan.email]);
    expect(mail.subject).toBe(`Vera ${person.lastName} ha llegado a Harbour HQ`);
    expect(mail.text).toContain(`registró su entrada en Harbour HQ a las ${parisTime(occurredAt)}`);
    expect(mail.text).toContain('Tipo: Visitante');
  });

  it("staff's fast check-in: links the user host picked and tells them", async () => {
    const person = visitor('Desk');
    const response = await staffCall('POST', '/meetingWithCheckIn', {
      buildingId: world.hq,
      visitorType: 'VISITOR',
      checkInForm: { host: 'Frida Front', ...person },
      hostUserId: world.users.frida.id,
    });
    expect(response.statusCode).toBe(200);
    expect(await visitOf(person.lastName)).toMatchObject({ host: 'Frida Front', host_user_id: world.users.frida.id });
    const mails = about(await runHostNotices(), person.lastName);
    expect(mails.map((mail) => mail.to)).toEqual([[world.users.frida.email]]);
    expect(theOne(mails).text).toContain('Company: Acme Freight');
  });

  it("staff checking an invitation in: keeps the invitation's host, a user, and tells them", async () => {
    const person = visitor('Invited');
    const invited = await staffCall('POST', '/meeting', {
      buildingId: world.hq,
      visitorType: 'CONTRACTOR',
      ...person,
      hostUserId: world.users.morgan.id,
      scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      scheduledDuration: 'PT1H',
    });
    expect(invited.statusCode).toBe(201);
    const visit = jsonOf<VisitDetail>(invited);
    expect(visit).toMatchObject({ host: 'Morgan Master', hostPersonId: null, hostUserId: world.users.morgan.id });
    // The invitation's own host stands without a new choice, the form keeping its name.
    const checkIn = await staffCall('PATCH', `/meeting/${visit.id}/check-in`, {
      checkInForm: {
        host: 'Morgan Master',
        firstName: 'Vera',
        lastName: person.lastName,
        contractorCompanyName: 'Acme Freight',
      },
      scheduledDuration: 'PT1H',
    });
    expect([checkIn.statusCode, jsonOf(checkIn).allowed]).toEqual([200, true]);
    expect(await visitOf(person.lastName)).toMatchObject({ host_user_id: world.users.morgan.id });
    const mails = about(await runHostNotices(), person.lastName);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [[world.users.morgan.email], `Vera ${person.lastName} ha llegado a Harbour HQ`],
    ]);
    expect(theOne(mails).text).toContain('Tipo: Contratista');
  });

  it('tells nobody when the host chose not to be told, yet the visit is linked and claimed once', async () => {
    const person = visitor('Quiet');
    const response = await publicCall(
      '/checkin',
      phoneBody(person, 'Quentin Quiet', { hostPersonId: world.people.quiet }),
    );
    expect(response.statusCode).toBe(200);
    expect(await visitOf(person.lastName)).toMatchObject({ host_person_id: world.people.quiet });
    expect(about(await runHostNotices(), person.lastName)).toEqual([]);
    expect((await visitOf(person.lastName)).host_notified_at).not.toBeNull();
  });

  it("follows a user's own choice from their profile", async () => {
    const token = await logInAs(t.app, world.users.frida.username);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/service/profile',
      headers: bearer(token),
      payload: { hostNotice: 'NONE' },
    });
    expect([saved.statusCode, jsonOf(saved).hostNotice]).toEqual([200, 'NONE']);
    const person = visitor('QuietUser');
    await kioskPush(person, 'Frida Front', { hostUserId: world.users.frida.id });
    expect(about(await runHostNotices(), person.lastName)).toEqual([]);
    await t.database.db
      .updateTable('users')
      .set({ host_notice: 'EMAIL' })
      .where('id', '=', world.users.frida.id)
      .execute();
  });
});
