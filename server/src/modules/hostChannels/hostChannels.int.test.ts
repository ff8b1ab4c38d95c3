import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HostChannels } from '@vestibule/shared';
import {
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  setBuildingSettings,
} from '../../../test/helpers/factories.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { notifyHostsOfCheckIns } from '../lifecycle/lifecycle.service.ts';
import { createMailSender } from '../mail/mail.sender.ts';
import { createHostChannelSender } from './hostChannelSender.ts';

// Hosts told where they are (docs/host-notifications.md): a company's Slack, Teams and SMS
// settings, sealed and never answered; a host's arrival notice through the outbox to a real HTTP
// receiver on loopback (the Slack blocks, the Teams card, the SMS form and its Basic auth), retried
// under the outbox's rules, and its e-mail over a real SMTP exchange when it fails for good.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One receiver on loopback for every provider, by path: answers each request as told (200 by default). */
function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(path)?.shift() ?? 200;
      response.writeHead(status).end(status === 200 ? `ok ${path}` : `refused ${'x'.repeat(2000)}`);
    });
  });
  return new Promise<{ base: string; received: Received[]; answers: typeof answers; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          base: `http://127.0.0.1:${port}`,
          received,
          answers,
          close: () =>
            new Promise((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        });
      });
    },
  );
}

let t: TestApp;
let smtp: SmtpSink;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let world: Awaited<ReturnType<typeof seedWorld>>;

const SLACK_PATH = '/services/T000/B000/slack-secret-path';
const TEAMS_PATH = '/webhookb2/teams-secret-path';
const SMS_PATH = '/2010-04-01/Accounts/AC123/Messages.json';
const OTHER_SLACK_PATH = '/services/OTHER/slack-other-secret';
const SMS_TOKEN = 'sms-auth-token-very-secret';

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Harbour Holdings' });
  const hq = await createBuilding(db, tenantId, 'Harbour HQ');
  await setBuildingSettings(db, hq, { timeZoneId: 'Europe/Paris' });
  const person = async (
    first: string,
    last: string,
    notice: string,
    extra: { locale?: 'en' | 'fr' | 'es'; phone?: string } = {},
  ) => {
    const id = await createPerson(db, tenantId, hq, {
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}@harbour.test`,
      ...(extra.locale ? { locale: extra.locale } : {}),
    });
    await db
      .updateTable('people')
      .set({ host_notice: notice as 'EMAIL', phone: extra.phone ?? null })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const people = {
    sam: await person('Sam', 'Slack', 'SLACK', { locale: 'fr' }),
    tina: await person('Tina', 'Teams', 'TEAMS', { locale: 'es' }),
    sid: await person('Sid', 'Sms', 'SMS', { phone: '+33 6 12 34 56 78' }),
    nora: await person('Nora', 'None', 'NONE'),
  };
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const other = await createTenant(db, { name: 'Elsewhere Inc' });
  const otherHq = await createBuilding(db, other, 'Elsewhere HQ');
  const otherMaster = await createUser(db, { tenantId: other, role: 'ROLE_MASTER' });
  const otherPerson = await createPerson(db, other, otherHq, {
    firstName: 'Otto',
    lastName: 'Other',
    email: 'otto@elsewhere.test',
  });
  await db.updateTable('people').set({ host_notice: 'SLACK' }).where('id', '=', otherPerson).execute();
  const otherTeams = await createPerson(db, other, otherHq, {
    firstName: 'Theo',
    lastName: 'Teamless',
    email: 'theo@elsewhere.test',
  });
  await db.updateTable('people').set({ host_notice: 'TEAMS' }).where('id', '=', otherTeams).execute();
  return {
    tenantId,
    hq,
    people,
    otherHq,
    otherPerson,
    otherTeams,
    master: bearer(await logInAs(t.app, master.username)),
    masterId: master.id,
    // The Mailbox is the administrators' (docs/roles.md).
    admin: bearer(await logInAs(t.app, (await createUser(db, { tenantId: null, role: 'ROLE_ADMIN' })).username)),
    otherMaster: bearer(await logInAs(t.app, otherMaster.username)),
  };
}

beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startSmtpSink();
  t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: '1' });
  world = await seedWorld();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
});
beforeEach(() => receiver.answers.clear());

function call(method: 'GET' | 'PATCH' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/service${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let counter = 0;
/** A visitor checked in at the desk for a host; answers their unique last name. */
async function checkIn(host: string, building = world.hq, headers = world.master): Promise<string> {
  counter += 1;
  const lastName = `Lang${counter}`;
  const response = await call('POST', '/meetingWithCheckIn', headers, {
    buildingId: building,
    visitorType: 'VISITOR',
    checkInForm: { host: 'Host', firstName: 'Vera', lastName, companyName: 'Acme <b>&</b> *Freight*' },
    hostPersonId: host,
  });
  expect(response.statusCode).toBe(200);
  return lastName;
}

/** The lifecycle's host notices as the job runs them, then one round of the outbox's sender. */
async function runNotices() {
  await notifyHostsOfCheckIns({ db: t.database.db, base: 'https://visits.example.test' }, new Date());
  await sendRound();
}

async function sendRound() {
  const sender = createMailSender(t.database.db, smtp.url, undefined, createHostChannelSender(t.app.ctx));
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
}

/** The outbox rows of a visitor (by last name), oldest first. */
function rowsAbout(lastName: string) {
  return t.database.db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'channel',
      'channel_to',
      'status',
      'attempts',
      'provider_status',
      'provider_answer',
      'to_address',
      'fallback_of',
    ])
    .where('text_body', 'like', `%${lastName}%`)
    .orderBy('created_at')
    .execute();
}

const receivedAt = (path: string, lastName: string) =>
  receiver.received.filter((request) => request.path === path && request.body.includes(lastName));

/** Makes a visitor's pending messages due now (the outbox's back-off waits minutes). */
async function makeDue(lastName: string) {
  await t.database.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000) })
    .where('text_body', 'like', `%${lastName}%`)
    .where('status', '=', 'PENDING')
    .execute();
}

const settings = {
  slackWebhookUrl: () => `${receiver.base}${SLACK_PATH}`,
  teamsWebhookUrl: () => `${receiver.base}${TEAMS_PATH}`,
  smsEndpointUrl: () => `${receiver.base}${SMS_PATH}`,
};

describe("a company's host channels", () => {
  it('are set by the company, answered without a secret, audited by field names only', async () => {
    const empty = await call('GET', '/hostChannels', world.master);
    expect(empty.statusCode).toBe(200);
    expect(jsonOf<HostChannels>(empty)).toMatchObject({ slack: { webhookUrlSet: false }, sms: { configured: false } });

    const saved = await call('PATCH', '/hostChannels', world.master, {
      slackWebhookUrl: settings.slackWebhookUrl(),
      teamsWebhookUrl: settings.teamsWebhookUrl(),
      smsEndpointUrl: settings.smsEndpointUrl(),
      smsAccount: 'AC123',
      smsAuthToken: SMS_TOKEN,
      smsFrom: '+1 416 555 0100',
    });
    expect(saved.statusCode).toBe(200);
    const read = await call('GET', '/hostChannels', world.master);
    for (const answer of [saved, read]) {
      expect(jsonOf<HostChannels>(answer)).toMatchObject({
        slack: { webhookUrlSet: true },
        teams: { webhookUrlSet: true },
        sms: { endpointUrlSet: true, authTokenSet: true, account: 'AC123', from: '+14165550100', configured: true },
      });
      for (const secret of ['secret-path', SMS_TOKEN, 'Messages.json', receiver.base])
        expect(answer.body).not.toContain(secret);
    }
    // Stored sealed, not in clear.
    const row = await t.database.db
      .selectFrom('host_channel_settings')
      .selectAll()
      .where('tenant_id', '=', world.tenantId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('secret');
    expect(row.slack_url_sealed).toMatch(/^v1\./);

    const audited = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'HOST_CHANNELS_CHANGED')
      .where('tenant_id', '=', world.tenantId)
      .execute();
    expect(audited).toHaveLength(1);
    const auditText = JSON.stringify(audited);
    for (const secret of ['secret-path', SMS_TOKEN, receiver.base]) expect(auditText).not.toContain(secret);
    expect(auditText).toContain('slackWebhookUrl');

    // Another company sees none of it.
    const other = await call('GET', '/hostChannels', world.otherMaster);
    expect(jsonOf<HostChannels>(other)).toMatchObject({ slack: { webhookUrlSet: false }, sms: { configured: false } });
  });

  it('refuses an address that is not HTTPS and a sender that is not a mobile number, changing nothing', async () => {
    const plain = await call('PATCH', '/hostChannels', world.master, {
      slackWebhookUrl: 'http://hooks.example.test/x',
    });
    expect([plain.statusCode, jsonOf(plain).errorCode]).toEqual([400, 'WEBHOOK_URL_NOT_ALLOWED']);
    const sender = await call('PATCH', '/hostChannels', world.master, { smsFrom: '0612' });
    expect([sender.statusCode, jsonOf(sender).errorCode]).toEqual([400, 'PHONE_NUMBER_INVALID']);
    const read = jsonOf<HostChannels>(await call('GET', '/hostChannels', world.master));
    expect(read.sms.from).toBe('+14165550100');
  });
});

describe('a host told by their channel', () => {
  it('Slack: a section block with the visitor, company, building and time, escaped, in French', async () => {
    const lastName = await checkIn(world.people.sam);
    await runNotices();
    const [request] = receivedAt(SLACK_PATH, lastName);
    expect(request).toBeDefined();
    expect(request!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request!.body) as {
      text: string;
      blocks: { type: string; text: { type: string; text: string } }[];
    };
    expect(body.text).toBe(`Vera ${lastName} est arrivé(e) à Harbour HQ`);
    expect(body.blocks).toHaveLength(1);
    expect(body.blocks[0]!.type).toBe('section');
    expect(body.blocks[0]!.text.type).toBe('mrkdwn');
    const text = body.blocks[0]!.text.text;
    expect(text).toContain(`*Visiteur:* Vera ${lastName}`);
    expect(text).toContain('*Entreprise:* Acme &lt;b&gt;&amp;&lt;/b&gt; *Freight*');
    expect(text).toContain('*Bâtiment:* Harbour HQ');
    expect(text).toMatch(/\*Heure:\* \d{2}:\d{2}/);
    expect(text).not.toContain('<b>');
    expect(await rowsAbout(lastName)).toEqual([
      expect.objectContaining({
        channel: 'SLACK',
        status: 'SENT',
        attempts: 1,
        provider_status: 200,
        provider_answer: `ok ${SLACK_PATH}`,
      }),
    ]);
    // No e-mail besides.
    expect(smtp.received.filter((mail) => mail.raw.includes(lastName))).toEqual([]);
  });

  it('Teams: a message with an Adaptive Card 1.4 (a TextBlock and a FactSet), in Spanish', async () => {
    const lastName = await checkIn(world.people.tina);
    await runNotices();
    const [request] = receivedAt(TEAMS_PATH, lastName);
    expect(request).toBeDefined();
    const body = JSON.parse(request!.body) as {
      type: string;
      attachments: {
        contentType: string;
        content: { type: string; version: string; body: Record<string, unknown>[] };
      }[];
    };
    expect(body.type).toBe('message');
    expect(body.attachments).toHaveLength(1);
    const card = body.attachments[0]!;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.content.body[0]).toMatchObject({ type: 'TextBlock', text: `Vera ${lastName} ha llegado a Harbour HQ` });
    expect(card.content.body[1]).toMatchObject({
      type: 'FactSet',
      facts: [
        { title: 'Visitante', value: `Vera ${lastName}` },
        { title: 'Empresa', value: 'Acme <b>&</b> \\*Freight\\*' },
        { title: 'Edificio', value: 'Harbour HQ' },
        { title: 'Hora', value: expect.stringMatching(/^\d{1,2}:\d{2}/) },
      ],
    });
    expect(await rowsAbout(lastName)).toEqual([
      expect.objectContaining({ channel: 'TEAMS', status: 'SENT', provider_status: 200 }),
    ]);
  });

  it('SMS: a form post with To, From and a short Body, with Basic auth', async () => {
    const lastName = await checkIn(world.people.sid);
    await runNotices();
    const [request] = receivedAt(SMS_PATH, lastName);
    expect(request).toBeDefined();
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`AC123:${SMS_TOKEN}`).toString('base64')}`);
    const form = new URLSearchParams(request!.body);
    expect(form.get('To')).toBe('+33612345678');
    expect(form.get('From')).toBe('+14165550100');
    const text = form.get('Body') ?? '';
    expect(text).toMatch(
      new RegExp(`^Vera ${lastName} \\(Acme <b>&</b> \\*Freight\\*\\) has arrived at Harbour HQ at \\d`),
    );
    expect(text.length).toBeLessThanOrEqual(160);
    expect(await rowsAbout(lastName)).toEqual([
      expect.objectContaining({ channel: 'SMS', channel_to: '+33612345678', status: 'SENT', provider_status: 200 }),
    ]);
    // The Mailbox's export says it too: the channel, the number and the provider's answer.
    const csv = await call('GET', '/mailbox/mailbox.csv', world.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',SMS +33612345678,200 ');
  });

  it('NONE: nothing is sent anywhere', async () => {
    const before = receiver.received.length;
    const mails = smtp.received.length;
    const lastName = await checkIn(world.people.nora);
    await runNotices();
    expect(await rowsAbout(lastName)).toEqual([]);
    expect(receiver.received.length).toBe(before);
    expect(smtp.received.length).toBe(mails);
  });

  it('tries again after a 500, under the outbox rules, and keeps the answer', async () => {
    receiver.answers.set(SLACK_PATH, [500]);
    const lastName = await checkIn(world.people.sam);
    await runNotices();
    const [failed] = await rowsAbout(lastName);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, provider_status: 500 });
    expect(failed!.provider_answer!.length).toBe(500);
    // Not due before its back-off.
    await sendRound();
    expect(receivedAt(SLACK_PATH, lastName)).toHaveLength(1);
    await makeDue(lastName);
    await sendRound();
    expect(receivedAt(SLACK_PATH, lastName)).toHaveLength(2);
    expect(await rowsAbout(lastName)).toEqual([
      expect.objectContaining({ channel: 'SLACK', status: 'SENT', attempts: 2, provider_status: 200 }),
    ]);
  });

  it('sends a pending message to the address as changed since it was queued', async () => {
    receiver.answers.set(SLACK_PATH, [503]);
    const lastName = await checkIn(world.people.sam);
    await runNotices();
    const moved = `${receiver.base}/services/MOVED/slack-moved-secret`;
    expect((await call('PATCH', '/hostChannels', world.master, { slackWebhookUrl: moved })).statusCode).toBe(200);
    await makeDue(lastName);
    await sendRound();
    expect(receivedAt('/services/MOVED/slack-moved-secret', lastName)).toHaveLength(1);
    expect(
      await call('PATCH', '/hostChannels', world.master, { slackWebhookUrl: settings.slackWebhookUrl() }),
    ).toMatchObject({
      statusCode: 200,
    });
  });

  it('a permanent refusal (400) fails at once and the e-mail goes instead, once, over SMTP', async () => {
    receiver.answers.set(SLACK_PATH, [400]);
    const lastName = await checkIn(world.people.sam);
    await runNotices();
    const rows = await rowsAbout(lastName);
    expect(rows).toEqual([
      expect.objectContaining({ channel: 'SLACK', status: 'FAILED', attempts: 1, provider_status: 400 }),
      expect.objectContaining({
        channel: 'EMAIL',
        status: 'PENDING',
        to_address: 'sam@harbour.test',
        fallback_of: rows[0]!.id,
      }),
    ]);
    await sendRound();
    const mails = smtp.received.filter((mail) => mail.raw.includes(lastName));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['sam@harbour.test']);
    expect((await PostalMime.parse(mails[0]!.raw)).subject).toBe(`Vera ${lastName} est arrivé(e) à Harbour HQ`);
    await sendRound();
    expect(smtp.received.filter((mail) => mail.raw.includes(lastName))).toHaveLength(1);
  });

  it('a message failing to its last attempt falls back to e-mail', async () => {
    receiver.answers.set(TEAMS_PATH, [503]);
    const lastName = await checkIn(world.people.tina);
    await notifyHostsOfCheckIns({ db: t.database.db, base: 'https://visits.example.test' }, new Date());
    // Nine attempts failed already: the tenth is the last.
    await t.database.db
      .updateTable('mail_outbox')
      .set({ attempts: 9 })
      .where('text_body', 'like', `%${lastName}%`)
      .execute();
    await sendRound();
    await sendRound();
    expect(await rowsAbout(lastName)).toEqual([
      expect.objectContaining({ channel: 'TEAMS', status: 'FAILED', attempts: 10, provider_status: 503 }),
      expect.objectContaining({ channel: 'EMAIL', status: 'SENT', to_address: 'tina@harbour.test' }),
    ]);
    expect(smtp.received.filter((mail) => mail.raw.includes(lastName)).map((mail) => mail.to)).toEqual([
      ['tina@harbour.test'],
    ]);
  });

  it("uses only the host's own company's settings; a channel it has not set falls back to e-mail", async () => {
    const before = receiver.received.length;
    const slackOfOther = await checkIn(world.otherPerson, world.otherHq, world.otherMaster);
    await runNotices();
    // The other company has no Slack address: nothing reaches this company's Slack.
    expect(receiver.received.length).toBe(before);
    const rows = await rowsAbout(slackOfOther);
    expect(rows[0]).toMatchObject({ channel: 'SLACK', status: 'FAILED', attempts: 1, provider_status: null });
    await sendRound();
    expect(smtp.received.filter((mail) => mail.raw.includes(slackOfOther)).map((mail) => mail.to)).toEqual([
      ['otto@elsewhere.test'],
    ]);

    // Once it sets its own, its hosts are told there.
    const own = `${receiver.base}${OTHER_SLACK_PATH}`;
    expect((await call('PATCH', '/hostChannels', world.otherMaster, { slackWebhookUrl: own })).statusCode).toBe(200);
    const told = await checkIn(world.otherPerson, world.otherHq, world.otherMaster);
    await runNotices();
    expect(receivedAt(OTHER_SLACK_PATH, told)).toHaveLength(1);
    expect(receivedAt(SLACK_PATH, told)).toEqual([]);
  });
});

describe('the choice of SMS needs a mobile number', () => {
  it('on a profile and on a person of the directory', async () => {
    const profile = (payload: Record<string, unknown>) => call('PATCH', '/profile', world.master, payload);
    const missing = await profile({ hostNotice: 'SMS', phone: null });
    expect([missing.statusCode, jsonOf(missing).errorCode]).toEqual([400, 'PHONE_NUMBER_REQUIRED']);
    const bad = await profile({ hostNotice: 'SMS', phone: '06 12' });
    expect([bad.statusCode, jsonOf(bad).errorCode]).toEqual([400, 'PHONE_NUMBER_INVALID']);
    // The number stored stands for a change of the choice alone.
    expect((await profile({ phone: '+44 7700 900123' })).statusCode).toBe(200);
    const chosen = await profile({ hostNotice: 'SMS' });
    expect([chosen.statusCode, jsonOf(chosen).hostNotice]).toEqual([200, 'SMS']);
    const cleared = await profile({ phone: '' });
    expect([cleared.statusCode, jsonOf(cleared).errorCode]).toEqual([400, 'PHONE_NUMBER_REQUIRED']);

    const person = (payload: Record<string, unknown>) =>
      call('PATCH', `/person/${world.people.nora}`, world.master, payload);
    const noNumber = await person({ hostNotice: 'SMS' });
    expect([noNumber.statusCode, jsonOf(noNumber).errorCode]).toEqual([400, 'PHONE_NUMBER_REQUIRED']);
    const withNumber = await person({ hostNotice: 'TEAMS', phone: '+33 1 23 45 67 89' });
    expect([withNumber.statusCode, jsonOf(withNumber).hostNotice]).toEqual([200, 'TEAMS']);
    const back = await person({ hostNotice: 'NONE' });
    expect(back.statusCode).toBe(200);
  });
});
