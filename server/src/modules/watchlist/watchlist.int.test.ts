// The watchlist (docs/watchlist.md): a company's list of people refused at the door or held until
// staff approve, matched by name (case, accents and word order aside), e-mail, phone or company on
// the visitor's channels: a phone, a kiosk online, a kiosk's entry synced later (held for review,
// whatever the action). A held visitor's host hears of them only once staff let them in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckInResponse,
  type VisitDetail,
  type Watchlist,
  type WatchlistEntry,
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
} from '../../../test/helpers/factories.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';
import {
  type TestApp,
  bearer,
  createTestApp,
  enrolledKiosk,
  jsonOf,
  logInAs,
  pushAsKiosk,
} from '../../../test/helpers/test-app.ts';
import { notifyHostsOfCheckIns } from '../lifecycle/lifecycle.service.ts';
import { createMailSender } from '../mail/mail.sender.ts';

let t: TestApp;
let smtp: SmtpSink;
let world: Awaited<ReturnType<typeof seedWorld>>;
const MOBILE_TOKEN = 'mt-watchlist-1';

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Watchful Ltd' });
  const hq = await createBuilding(db, tenantId, 'Watchful HQ');
  await db.updateTable('buildings').set({ mobile_token: MOBILE_TOKEN }).where('id', '=', hq).execute();
  const host = await createPerson(db, tenantId, hq, { firstName: 'Ada', lastName: 'Host', email: 'ada@watchful.test' });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const desk = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, desk.id, [hq]);
  const other = await createTenant(db);
  return {
    tenantId,
    hq,
    host,
    key: await qrCodeKeyOf(db, hq),
    master: bearer(await logInAs(t.app, master.username)),
    desk: bearer(await logInAs(t.app, desk.username)),
    otherMaster: bearer(
      await logInAs(t.app, (await createUser(db, { tenantId: other, role: 'ROLE_MASTER' })).username),
    ),
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

function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url: `/service${url}`, headers, payload });
}

async function listed(kind: string, value: string, action: 'DENY' | 'HOLD', reason = 'Banned after an incident') {
  const response = await call(world.master, 'POST', '/watchlist', { kind, value, action, reason });
  expect(response.statusCode).toBe(201);
  return jsonOf<WatchlistEntry>(response);
}

let counter = 0;
/** A visitor of their own (a new company each time, so only what a test lists matches). */
function visitor(firstName: string, lastName: string) {
  counter += 1;
  return { firstName, lastName, companyName: `Carrier ${counter}` };
}

function phoneCheckIn(person: Record<string, string>, link: { hostPersonId?: string } = {}) {
  return call({}, 'POST', '/checkin', {
    qrCodeKey: world.key,
    visitorType: 'VISITOR',
    mt: MOBILE_TOKEN,
    checkInForm: { host: 'Ada Host', ...person },
    scheduledDuration: 'PT1H',
    hostPersonId: world.host,
    ...link,
  });
}

/** A kiosk's push of one check-in made now (the test helper numbers and dates it). */
async function kioskPush(person: Record<string, string>) {
  const answer = await pushAsKiosk(t.app, world.kiosk, world.key, [
    {
      type: 'checkIn',
      visitId: uuidv7(),
      payload: {
        qrCodeKey: world.key,
        visitorType: 'VISITOR',
        checkInForm: { host: 'Ada Host', ...person },
        scheduledDuration: 'PT1H',
        hostPersonId: world.host,
        codes: newVisitCodes(),
      },
    },
  ]);
  return answer.results[0];
}

function visitOf(lastName: string) {
  return t.database.db
    .selectFrom('visits')
    .select([
      'id',
      'allowed',
      'refusal_reason',
      'checked_in_at',
      'watch_hold',
      'watchlist_entry_id',
      'host_notified_at',
    ])
    .where('tenant_id', '=', world.tenantId)
    .where('last_name', '=', lastName)
    .executeTakeFirstOrThrow();
}

/** The host notices as the job runs them, then the mail sender over SMTP: the subjects about `name` that reached Ada. */
async function hostNotices(name: string): Promise<string[]> {
  const from = smtp.received.length;
  await notifyHostsOfCheckIns({ db: t.database.db, base: 'https://visits.example.test' }, new Date());
  const sender = createMailSender(t.database.db, smtp.url);
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
  return smtp.received
    .slice(from)
    .filter((message) => message.to.includes('ada@watchful.test'))
    .map((message) => /^Subject: (.*)$/m.exec(message.raw.toString())?.[1] ?? '')
    .filter((subject) => subject.includes(name));
}

async function auditActions(entityId: string) {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('the watchlist', () => {
  it('is kept by administrators and corporate users: added, refused twice, changed and removed, audited without its words', async () => {
    const entry = await listed('NAME', 'Zoë Brontë-Lefèvre', 'HOLD', 'Unpaid invoices, see legal');
    expect(entry).toMatchObject({ kind: 'NAME', value: 'Zoë Brontë-Lefèvre', action: 'HOLD', matches: 0 });
    expect(entry.createdBy).toEqual(expect.any(String));

    // The same person another way round is the same entry.
    const twice = await call(world.master, 'POST', '/watchlist', {
      kind: 'NAME',
      value: 'LEFEVRE, zoe bronte',
      action: 'DENY',
      reason: 'Again',
    });
    expect([twice.statusCode, jsonOf(twice).errorCode]).toEqual([409, 'WATCHLIST_ENTRY_EXISTS']);
    for (const [kind, value, code] of [
      ['PHONE', '12-34', 'PHONE_IS_NOT_VALID'],
      ['EMAIL', 'nobody', 'EMAIL_IS_NOT_VALID'],
      ['NAME', ' - ', 'IS_EMPTY'],
    ]) {
      const refused = await call(world.master, 'POST', '/watchlist', { kind, value, action: 'DENY', reason: 'x' });
      expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([400, code]);
    }

    const changed = await call(world.master, 'PATCH', `/watchlist/${entry.id}`, {
      kind: 'NAME',
      value: 'Zoë Brontë-Lefèvre',
      action: 'DENY',
      reason: 'Unpaid invoices, see legal',
    });
    expect(jsonOf<WatchlistEntry>(changed).action).toBe('DENY');
    const list = jsonOf<Watchlist>(await call(world.master, 'GET', '/watchlist'));
    expect(list.entries.map((row) => [row.value, row.action])).toContainEqual(['Zoë Brontë-Lefèvre', 'DENY']);

    // Building staff never read it; another company's officer cannot reach its entries.
    expect((await call(world.desk, 'GET', '/watchlist')).statusCode).toBe(403);
    expect((await call(world.otherMaster, 'DELETE', `/watchlist/${entry.id}`)).statusCode).toBe(404);

    expect(jsonOf(await call(world.master, 'DELETE', `/watchlist/${entry.id}`))).toEqual({ ok: true });
    expect((await call(world.master, 'DELETE', `/watchlist/${entry.id}`)).statusCode).toBe(404);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', entry.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { action: 'WATCHLIST_ENTRY_ADDED', before: null, after: { kind: 'NAME', action: 'HOLD' } },
      {
        action: 'WATCHLIST_ENTRY_CHANGED',
        before: { kind: 'NAME', action: 'HOLD' },
        after: { kind: 'NAME', action: 'DENY' },
      },
      { action: 'WATCHLIST_ENTRY_REMOVED', before: { kind: 'NAME', action: 'DENY' }, after: null },
    ]);
  });

  it('refuses a DENY entry on a phone and a kiosk online, whatever the case and accents, recorded as refused', async () => {
    const entry = await listed('COMPANY', 'Société Générale Fret', 'DENY');
    const phone = await phoneCheckIn({ ...visitor('Pia', 'Phone'), companyName: 'SOCIETE generale fret' });
    expect(phone.statusCode).toBe(200);
    expect(jsonOf<CheckInResponse>(phone)).toMatchObject({
      allowed: false,
      checkIn: false,
      held: false,
      refusal: 'WATCHLIST',
      meetingIdentifier: null,
      message: 'Please see the reception.',
    });
    const refused = await visitOf('Phone');
    expect(refused).toMatchObject({
      allowed: false,
      refusal_reason: 'WATCHLIST',
      checked_in_at: null,
      watchlist_entry_id: entry.id,
    });
    expect(await auditActions(refused.id)).toEqual(['WATCHLIST_MATCHED']);

    const kiosk = await call(world.kiosk.headers, 'POST', '/checkinKiosk', {
      qrCodeKey: world.key,
      visitorType: 'VISITOR',
      checkInForm: { host: 'Ada Host', ...visitor('Kim', 'Kiosk'), companyName: 'Société  Générale, Fret' },
      scheduledDuration: 'PT1H',
      hostPersonId: world.host,
    });
    expect(jsonOf<CheckInResponse>(kiosk)).toMatchObject({ allowed: false, refusal: 'WATCHLIST' });
    // Someone else of another company is let in as ever.
    const other = await phoneCheckIn(visitor('Olga', 'Other'));
    expect(jsonOf<CheckInResponse>(other)).toMatchObject({ allowed: true, held: false, refusal: null });
    const counted = jsonOf<Watchlist>(await call(world.master, 'GET', '/watchlist')).entries.filter(
      (row) => row.id === entry.id,
    );
    expect(counted.map((row) => row.matches)).toEqual([2]);
  });

  it('holds a HOLD entry until staff approve: the host hears of the visitor only then', async () => {
    await listed('NAME', 'Hélène Hold-Back', 'HOLD');
    const response = await phoneCheckIn(visitor('back', 'HOLD HELENE'));
    expect(jsonOf<CheckInResponse>(response)).toMatchObject({
      allowed: false,
      held: true,
      refusal: null,
      publicIdentifier: null,
      message: 'Please wait at the reception: someone will be with you in a moment.',
    });
    const held = await visitOf('HOLD HELENE');
    expect(held).toMatchObject({ allowed: true, checked_in_at: null, watch_hold: 'HELD' });
    expect(await hostNotices('HOLD HELENE')).toEqual([]);

    // The entry log shows the visit held; the desk lets them in.
    const listedVisits = jsonOf<{ docs: { id: string; held: boolean }[] }>(
      await call(world.desk, 'GET', `/meeting?buildingId=${world.hq}&limit=50`),
    ).docs;
    expect(listedVisits.filter((row) => row.id === held.id).map((row) => row.held)).toEqual([true]);
    const approved = await call(world.desk, 'POST', `/meeting/${held.id}/approveHeld`);
    expect(approved.statusCode).toBe(200);
    expect(jsonOf<VisitDetail>(approved)).toMatchObject({ held: false, status: 'IN', allowed: true });
    expect(await hostNotices('HOLD HELENE')).toEqual(['back HOLD HELENE has arrived at Watchful HQ']);
    const again = await call(world.desk, 'POST', `/meeting/${held.id}/refuseHeld`);
    expect([again.statusCode, jsonOf(again).errorCode]).toEqual([409, 'VISIT_NOT_HELD']);
    expect(await auditActions(held.id)).toEqual(['WATCHLIST_MATCHED', 'WATCHLIST_HOLD_APPROVED']);
  });

  it('holds a kiosk entry synced later for review, even of a DENY entry; staff refuse it, and nobody is told', async () => {
    await listed('NAME', 'Dieter Denied', 'DENY');
    const result = await kioskPush(visitor('DIETER', 'denied'));
    // The kiosk is told, so its screen asks the visitor to wait.
    expect(result).toMatchObject({ status: 'applied', watch: 'HELD' });
    const held = await visitOf('denied');
    expect(held).toMatchObject({ allowed: true, checked_in_at: null, watch_hold: 'HELD' });
    const refused = await call(world.desk, 'POST', `/meeting/${held.id}/refuseHeld`);
    expect(jsonOf<VisitDetail>(refused)).toMatchObject({ held: false, allowed: false, refusal: 'WATCHLIST' });
    expect(await visitOf('denied')).toMatchObject({ allowed: false, refusal_reason: 'WATCHLIST', checked_in_at: null });
    expect(await hostNotices('DIETER denied')).toEqual([]);
    expect(await auditActions(held.id)).toEqual(['WATCHLIST_MATCHED', 'WATCHLIST_HOLD_REFUSED']);
  });
});
