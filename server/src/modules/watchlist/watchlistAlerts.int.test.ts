// The watchlist's alerts (docs/watchlist.md, "Alerts"): a check-in that matches the company's
// watchlist, held or refused, on a phone, a kiosk online or a kiosk's synced entry, is told by
// e-mail to the building's security contacts, in the building's language, through the outbox and
// a real SMTP exchange; never with the entry's reason. A building without contacts tells nobody,
// and staff deciding a held visitor send no alert. The entry log's banner reads who waits at the
// door in the caller's buildings (GET /meetings/held), whatever its list shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime, { type Email } from 'postal-mime';
import {
  type CheckInResponse,
  type HeldVisitList,
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
  testBuildingSettings,
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
import { createMailSender } from '../mail/mail.sender.ts';

let t: TestApp;
let smtp: SmtpSink;
let world: Awaited<ReturnType<typeof seedWorld>>;
const REASON = 'Threatened the reception staff in March';
const GUARD = 'guard@watchful-alerts.test';
const DESK = 'desk@watchful-alerts.test';

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Alerted Ltd' });
  const paris = await createBuilding(db, tenantId, 'Alerted Paris');
  const annex = await createBuilding(db, tenantId, 'Quiet Annex');
  const tokens = { paris: 'mt-alerts-paris', annex: 'mt-alerts-annex' };
  await db.updateTable('buildings').set({ mobile_token: tokens.paris }).where('id', '=', paris).execute();
  await db.updateTable('buildings').set({ mobile_token: tokens.annex }).where('id', '=', annex).execute();
  const host = await createPerson(db, tenantId, paris, {
    firstName: 'Ada',
    lastName: 'Host',
    email: 'ada@alerted.test',
  });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const annexDesk = await createUser(db, { tenantId, role: 'ROLE_USER' });
  await assignBuildings(db, annexDesk.id, [annex]);
  const otherMaster = await createUser(db, { tenantId: await createTenant(db), role: 'ROLE_MASTER' });
  return {
    tenantId,
    paris,
    annex,
    host,
    tokens,
    keys: { paris: await qrCodeKeyOf(db, paris), annex: await qrCodeKeyOf(db, annex) },
    master: bearer(await logInAs(t.app, master.username)),
    annexDesk: bearer(await logInAs(t.app, annexDesk.username)),
    otherMaster: bearer(await logInAs(t.app, otherMaster.username)),
    kiosk: await enrolledKiosk(t.app, paris),
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

function call(headers: Record<string, string>, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url: `/service${url}`, headers, payload });
}

async function listed(kind: string, value: string, action: 'DENY' | 'HOLD') {
  const response = await call(world.master, 'POST', '/watchlist', { kind, value, action, reason: REASON });
  expect(response.statusCode).toBe(201);
  return jsonOf<WatchlistEntry>(response);
}

function phoneCheckIn(where: 'paris' | 'annex', person: Record<string, string>) {
  return call({}, 'POST', '/checkin', {
    qrCodeKey: world.keys[where],
    visitorType: 'VISITOR',
    mt: world.tokens[where],
    checkInForm: { host: 'Ada Host', ...person },
    scheduledDuration: 'PT1H',
  });
}

/** Sends what the outbox holds over SMTP; the messages received since `from`, parsed, with their recipients. */
async function delivered(from: number): Promise<{ to: string[]; mail: Email }[]> {
  const sender = createMailSender(t.database.db, smtp.url);
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
  return Promise.all(
    smtp.received.slice(from).map(async (message) => ({ to: message.to, mail: await PostalMime.parse(message.raw) })),
  );
}

/** The alerts among `messages`: those to the security contacts. */
const alerts = (messages: { to: string[]; mail: Email }[]) =>
  messages.filter((message) => message.to.includes(GUARD) || message.to.includes(DESK));

describe("the watchlist's alerts to the building's security contacts", () => {
  it("tells the contacts of a held and a refused visitor, in the building's language, without the reason or the visitor's contact details", async () => {
    // The building names its contacts and speaks French, through its settings like any other.
    const saved = await call(world.master, 'PATCH', `/building/${world.paris}/settings`, {
      ...testBuildingSettings(),
      defaultLocale: 'fr',
      timeZoneId: 'Europe/Paris',
      dateFormat: 'dd/MM/yyyy',
      timeFormat: 'HH:mm',
      securityContacts: `${GUARD}, ${DESK}`,
    });
    expect(saved.statusCode).toBe(200);
    const refusedList = await call(world.master, 'PATCH', `/building/${world.paris}/settings`, {
      ...testBuildingSettings(),
      securityContacts: `${GUARD}, nobody`,
    });
    expect([refusedList.statusCode, jsonOf(refusedList).errorCode]).toEqual([400, 'VALIDATION_FAILED']);

    await listed('NAME', 'Zoë Lefèvre', 'HOLD');
    await listed('COMPANY', 'Rogue Freight', 'DENY');
    const from = smtp.received.length;
    const held = await phoneCheckIn('paris', {
      firstName: 'zoe',
      lastName: 'LEFEVRE',
      email: 'zoe.private@example.test',
      phone: '+33 6 12 34 56 78',
    });
    expect(jsonOf<CheckInResponse>(held)).toMatchObject({ held: true, allowed: false });
    const refused = await phoneCheckIn('paris', {
      firstName: 'Rex',
      lastName: 'Roadman',
      companyName: 'ROGUE freight',
    });
    expect(jsonOf<CheckInResponse>(refused)).toMatchObject({ held: false, allowed: false, refusal: 'WATCHLIST' });

    const received = alerts(await delivered(from));
    // One message each, to both contacts together.
    expect(received.map((message) => [message.mail.subject, [...message.to].sort()])).toEqual([
      ['Liste de surveillance : zoe LEFEVRE retenu(e) à l’accueil de Alerted Paris', [DESK, GUARD]],
      ['Liste de surveillance : Rex Roadman refusé(e) à l’accueil de Alerted Paris', [DESK, GUARD]],
    ]);
    const [heldMail, refusedMail] = received.map((message) => message.mail.text ?? '');
    expect(heldMail).toMatch(
      /^zoe LEFEVRE s’est présenté\(e\) à Alerted Paris le \S+ \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \S+ et figure sur la liste de surveillance de l’entreprise par son nom\.$/m,
    );
    expect(heldMail).toContain('La personne est retenue : elle attend à l’accueil');
    expect(heldMail).toContain('Ouvrir le registre des entrées:\nhttp');
    expect(heldMail).toMatch(/\/check-in-out$/m);
    expect(refusedMail).toContain('par son entreprise.');
    expect(refusedMail).toContain('Entreprise : ROGUE freight');
    expect(refusedMail).toContain('Son arrivée a été refusée : on lui a demandé de s’adresser à l’accueil.');
    for (const message of received) {
      const whole = `${message.mail.subject ?? ''}\n${message.mail.text ?? ''}\n${message.mail.html ?? ''}`;
      expect(whole).not.toContain(REASON);
      expect(whole).not.toContain('zoe.private@example.test');
      expect(whole).not.toContain('12 34 56 78');
    }
  });

  it("tells them of a kiosk's entries, online and synced (held for review, the visitor perhaps inside), and not of staff's decision", async () => {
    await listed('EMAIL', 'kim.kiosk@example.test', 'DENY');
    await listed('PHONE', '+33 7 99 88 77 66', 'DENY');
    const from = smtp.received.length;
    const online = await call(world.kiosk.headers, 'POST', '/checkinKiosk', {
      qrCodeKey: world.keys.paris,
      visitorType: 'VISITOR',
      checkInForm: { host: 'Ada Host', firstName: 'Kim', lastName: 'Kiosk', email: 'Kim.Kiosk@example.test' },
      scheduledDuration: 'PT1H',
    });
    expect(jsonOf<CheckInResponse>(online)).toMatchObject({ allowed: false, refusal: 'WATCHLIST' });
    const answer = await pushAsKiosk(t.app, world.kiosk, world.keys.paris, [
      {
        type: 'checkIn',
        visitId: uuidv7(),
        payload: {
          qrCodeKey: world.keys.paris,
          visitorType: 'VISITOR',
          checkInForm: { host: 'Ada Host', firstName: 'Sid', lastName: 'Synced', phone: '07 99 88 77 66' },
          scheduledDuration: 'PT1H',
          codes: newVisitCodes(),
        },
      },
    ]);
    expect(answer.results[0]).toMatchObject({ status: 'applied', watch: 'HELD' });

    const received = alerts(await delivered(from));
    expect(received.map((message) => message.mail.subject)).toEqual([
      'Liste de surveillance : Kim Kiosk refusé(e) à l’accueil de Alerted Paris',
      'Liste de surveillance : Sid Synced retenu(e) à l’accueil de Alerted Paris',
    ]);
    const [kioskMail, syncedMail] = received.map((message) => message.mail.text ?? '');
    expect(kioskMail).toContain('par son adresse e-mail.');
    expect(kioskMail).not.toContain('sans réseau');
    expect(syncedMail).toContain('par son numéro de téléphone.');
    expect(syncedMail).toContain('la personne est peut-être déjà à l’intérieur.');

    // Staff let the synced visitor in: nobody is alerted again.
    const visit = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('tenant_id', '=', world.tenantId)
      .where('last_name', '=', 'Synced')
      .executeTakeFirstOrThrow();
    const later = smtp.received.length;
    expect((await call(world.master, 'POST', `/meeting/${visit.id}/approveHeld`)).statusCode).toBe(200);
    expect(alerts(await delivered(later))).toEqual([]);
  });

  it('tells nobody where the building names no security contact', async () => {
    await listed('NAME', 'Quentin Quiet', 'HOLD');
    const response = await phoneCheckIn('annex', { firstName: 'Quentin', lastName: 'Quiet' });
    expect(jsonOf<CheckInResponse>(response)).toMatchObject({ held: true });
    const visit = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('building_id', '=', world.annex)
      .where('last_name', '=', 'Quiet')
      .executeTakeFirstOrThrow();
    const queued = await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('entity', '=', 'visit')
      .where('entity_id', '=', visit.id)
      .execute();
    expect(queued).toEqual([]);
  });
});

describe('who waits at the door, for the entry log', () => {
  const heldNames = async (headers: Record<string, string>) => {
    const response = await call(headers, 'GET', '/meetings/held');
    expect(response.statusCode).toBe(200);
    return jsonOf<HeldVisitList>(response).docs.map((visit) => [visit.lastName, visit.buildingName, visit.held]);
  };

  it("lists the visitors held in the caller's buildings of their company, the longest waiting first, until staff decide", async () => {
    await listed('NAME', 'Wanda Waiting', 'HOLD');
    await listed('NAME', 'Paul Patient', 'HOLD');
    expect(
      jsonOf<CheckInResponse>(await phoneCheckIn('paris', { firstName: 'Wanda', lastName: 'Waiting' })),
    ).toMatchObject({ held: true });
    expect(
      jsonOf<CheckInResponse>(await phoneCheckIn('annex', { firstName: 'Paul', lastName: 'Patient' })),
    ).toMatchObject({ held: true });

    // The company's officer sees every building's; held visitors of the earlier tests wait too.
    const everyone = await heldNames(world.master);
    expect(everyone).toEqual(
      expect.arrayContaining([
        ['Waiting', 'Alerted Paris', true],
        ['Patient', 'Quiet Annex', true],
      ]),
    );
    expect(everyone.findIndex((row) => row[0] === 'Waiting')).toBeLessThan(
      everyone.findIndex((row) => row[0] === 'Patient'),
    );
    const first = jsonOf<HeldVisitList>(await call(world.master, 'GET', '/meetings/held')).docs[0];
    expect(Date.parse(first!.heldSince)).not.toBeNaN();
    // The desk of the annex sees the annex's only; another company's officer sees none.
    expect(await heldNames(world.annexDesk)).toEqual([
      ['Quiet', 'Quiet Annex', true],
      ['Patient', 'Quiet Annex', true],
    ]);
    expect(await heldNames(world.otherMaster)).toEqual([]);

    const paul = await t.database.db
      .selectFrom('visits')
      .select('id')
      .where('building_id', '=', world.annex)
      .where('last_name', '=', 'Patient')
      .executeTakeFirstOrThrow();
    expect((await call(world.annexDesk, 'POST', `/meeting/${paul.id}/refuseHeld`)).statusCode).toBe(200);
    expect(await heldNames(world.annexDesk)).toEqual([['Quiet', 'Quiet Annex', true]]);
  });
});
