// Webhooks (docs/webhooks.md): a company's endpoints get each subscribed event, written with its
// change, signed over the timestamp and body, at least once, in order per object, retried after
// failures and timeouts for a day, never another company's. A real HTTP receiver on loopback.
import { createHmac } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveryList,
  type WebhookEndpointWithSecret,
  type WebhookEndpoints,
  type WebhookPayload,
  parseWebhookSignature,
  webhookSignedText,
} from '@vestibule/shared';
import {
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { multipartForm } from '../../../test/helpers/multipart.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { deliverDue, pruneDelivered } from './webhookSender.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: answers each request as told (200 by default), keeps what it got. */
function startReceiver() {
  const received: Received[] = [];
  const answers: (number | 'hang')[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') hanging.push(response);
      else response.writeHead(answer).end(answer === 200 ? 'ok' : 'no');
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: typeof answers; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}/hooks`,
          received,
          answers,
          close: () =>
            new Promise((done) => {
              for (const response of hanging) response.destroy();
              server.closeAllConnections();
              server.close(() => done());
            }),
        });
      });
    },
  );
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let world: Awaited<ReturnType<typeof seedWorld>>;
const MOBILE_TOKEN = 'mt-webhooks-1';

async function seedWorld() {
  const db = t.database.db;
  const tenantId = await createTenant(db, { name: 'Hooked Ltd' });
  const hq = await createBuilding(db, tenantId, 'Hooked HQ');
  await db.updateTable('buildings').set({ mobile_token: MOBILE_TOKEN }).where('id', '=', hq).execute();
  const host = await createPerson(db, tenantId, hq, { firstName: 'Ada', lastName: 'Host', email: 'ada@hooked.test' });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const other = await createTenant(db, { name: 'Elsewhere Ltd' });
  const otherHq = await createBuilding(db, other, 'Elsewhere HQ');
  await db.updateTable('buildings').set({ mobile_token: MOBILE_TOKEN }).where('id', '=', otherHq).execute();
  return {
    tenantId,
    hq,
    host,
    key: await qrCodeKeyOf(db, hq),
    otherKey: await qrCodeKeyOf(db, otherHq),
    master: bearer(await logInAs(t.app, master.username)),
    otherMaster: bearer(
      await logInAs(t.app, (await createUser(db, { tenantId: other, role: 'ROLE_MASTER' })).username),
    ),
  };
}

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: '1' });
  world = await seedWorld();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  // Each test starts with no endpoint and nothing left to send.
  await t.database.db.deleteFrom('webhook_endpoints').execute();
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url: `/service${url}`, headers, payload });
}

async function subscribe(events: string[], headers = world.master, url = receiver.url) {
  const response = await call(headers, 'POST', '/webhooks', { url, events, description: 'CRM' });
  expect(response.statusCode).toBe(201);
  return jsonOf<WebhookEndpointWithSecret>(response);
}

let counter = 0;
async function checkIn(key = world.key) {
  counter += 1;
  const lastName = `Hooked-${counter}`;
  const response = await call({}, 'POST', '/checkin', {
    qrCodeKey: key,
    visitorType: 'VISITOR',
    mt: MOBILE_TOKEN,
    checkInForm: { firstName: 'Grace', lastName, host: 'Ada Host' },
    scheduledDuration: 'PT1H',
    ...(key === world.key ? { hostPersonId: world.host } : {}),
  });
  expect(response.statusCode).toBe(200);
  const visit = await t.database.db
    .selectFrom('visits')
    .select('id')
    .where('last_name', '=', lastName)
    .executeTakeFirstOrThrow();
  return visit.id;
}

const payloadOf = (received: Received) => JSON.parse(received.body) as WebhookPayload;

/** Whether `received` carries a valid signature of its body with `secret`. */
function signedWith(received: Received, secret: string): boolean {
  const parsed = parseWebhookSignature(String(received.headers[WEBHOOK_SIGNATURE_HEADER]));
  if (!parsed) return false;
  const expected = createHmac('sha256', secret)
    .update(webhookSignedText(parsed.timestamp, received.body))
    .digest('hex');
  return expected === parsed.signature && Math.abs(Date.now() / 1000 - parsed.timestamp) < 300;
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('webhook endpoints', () => {
  it('are HTTPS only, show their secret once, and keep it encrypted and out of the audit log', async () => {
    const plain = await call(world.master, 'POST', '/webhooks', {
      url: 'http://crm.example.test/hooks',
      events: ['visit.checked_in'],
    });
    expect([plain.statusCode, jsonOf<{ errorCode: string }>(plain).errorCode]).toEqual([
      400,
      'WEBHOOK_URL_NOT_ALLOWED',
    ]);
    const none = await call(world.master, 'POST', '/webhooks', { url: 'https://crm.example.test/hooks', events: [] });
    expect(none.statusCode).toBe(400);
    const made = await subscribe(['visit.checked_in'], world.master, 'https://crm.example.test/hooks');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = jsonOf<WebhookEndpoints>(await call(world.master, 'GET', '/webhooks'));
    expect(listed.endpoints.map((endpoint) => endpoint.url)).toEqual(['https://crm.example.test/hooks']);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const stored = await t.database.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(made.secret.slice(6));
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', made.endpoint.id)
      .execute();
    expect(audited.map((row) => row.action)).toEqual(['WEBHOOK_ENDPOINT_ADDED']);
    expect(JSON.stringify(audited)).not.toContain(made.secret.slice(6));
    // Another company's administrator does not see it, nor may change it.
    expect(jsonOf<WebhookEndpoints>(await call(world.otherMaster, 'GET', '/webhooks')).endpoints).toEqual([]);
    const foreign = await call(world.otherMaster, 'DELETE', `/webhooks/${made.endpoint.id}`);
    expect(foreign.statusCode).toBe(404);
    // A new secret replaces the old one and is shown once.
    const replaced = jsonOf<WebhookEndpointWithSecret>(
      await call(world.master, 'POST', `/webhooks/${made.endpoint.id}/secret`),
    );
    expect(replaced.secret).not.toBe(made.secret);
  });
});

describe('webhook deliveries', () => {
  it("send a signed visit.checked_in with the visit as its own call answers it, to the company's endpoint only", async () => {
    const mine = await subscribe(['visit.checked_in']);
    const theirs = await subscribe(['visit.checked_in'], world.otherMaster);
    const visitId = await checkIn();
    const elsewhere = await checkIn(world.otherKey);
    expect(await deliverDue(t.app.ctx)).toMatchObject({ sent: 2, delivered: 2 });
    const [first, second] = receiver.received;
    if (!first || !second) throw new Error('the receiver got fewer than two deliveries');
    const forMine = [first, second].find((received) => payloadOf(received).data.id === visitId);
    const forTheirs = [first, second].find((received) => payloadOf(received).data.id === elsewhere);
    if (!forMine || !forTheirs) throw new Error('a company did not get its own visit');
    expect(signedWith(forMine, mine.secret)).toBe(true);
    expect(signedWith(forMine, theirs.secret)).toBe(false);
    expect(signedWith(forTheirs, theirs.secret)).toBe(true);
    const payload = payloadOf(forMine);
    expect(payload).toMatchObject({ event: 'visit.checked_in', companyId: world.tenantId });
    expect(payload.data).toMatchObject({ id: visitId, firstName: 'Grace', status: 'IN' });
    expect(forMine.headers[WEBHOOK_EVENT_HEADER]).toBe('visit.checked_in');
    expect(forMine.headers[WEBHOOK_ID_HEADER]).toBe(payload.id);
    // Nothing is sent twice once delivered.
    expect(await deliverDue(t.app.ctx, later(3600))).toMatchObject({ sent: 0 });
  });

  it('retry after a 500 and after a timeout, with the same event id, then stop after a day as failed', async () => {
    await subscribe(['visit.checked_in']);
    await checkIn();
    receiver.answers.push(500, 'hang');
    expect(await deliverDue(t.app.ctx, new Date(), 500)).toMatchObject({ sent: 1, delivered: 0 });
    // Not due again before its wait.
    expect(await deliverDue(t.app.ctx, later(10), 500)).toMatchObject({ sent: 0 });
    expect(await deliverDue(t.app.ctx, later(31), 500)).toMatchObject({ sent: 1, delivered: 0 });
    expect(await deliverDue(t.app.ctx, later(120), 500)).toMatchObject({ sent: 1, delivered: 1 });
    const ids = receiver.received.map((received) => received.headers[WEBHOOK_ID_HEADER]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    const log = jsonOf<WebhookDeliveryList>(await call(world.master, 'GET', '/webhooks/deliveries'));
    const [delivery] = log.docs;
    if (!delivery) throw new Error('no delivery in the log');
    expect(delivery.status).toBe('DELIVERED');
    expect(delivery.attempts.map((attempt) => [attempt.statusCode, attempt.error !== null])).toEqual([
      [500, true],
      [null, true],
      [200, false],
    ]);
    expect(delivery.attempts[1]!.error).toContain('no answer');

    // A receiver that never answers well: failed once its day is over.
    await checkIn();
    receiver.answers.push(503, 503);
    await deliverDue(t.app.ctx, new Date(), 500);
    expect(await deliverDue(t.app.ctx, later(25 * 3600), 500)).toMatchObject({ sent: 1, failed: 1 });
    const failed = jsonOf<WebhookDeliveryList>(
      await call(world.master, 'GET', '/webhooks/deliveries?status=FAILED&page=1&limit=1'),
    );
    expect(failed.docs).toHaveLength(1);
    const all = jsonOf<WebhookDeliveryList>(await call(world.master, 'GET', '/webhooks/deliveries?page=2&limit=1'));
    expect([all.totalDocs, all.docs.length]).toEqual([2, 1]);
    // An administrator sends it again: pending, then delivered with the same event id.
    const again = await call(world.master, 'POST', `/webhooks/deliveries/${failed.docs[0]!.id}/redeliver`);
    expect(jsonOf<{ status: string }>(again).status).toBe('PENDING');
    receiver.received.length = 0;
    expect(await deliverDue(t.app.ctx, later(25 * 3600 + 1), 500)).toMatchObject({ sent: 1, delivered: 1 });
    expect(receiver.received[0]!.headers[WEBHOOK_ID_HEADER]).toBe(failed.docs[0]!.eventId);
  });

  it("keep a visit's events in order: its check-out waits until its check-in is delivered", async () => {
    await subscribe(['visit.checked_in', 'visit.checked_out']);
    const visitId = await checkIn();
    const out = await call(world.master, 'PATCH', `/meeting/${visitId}/check-out`, {});
    expect(out.statusCode).toBe(200);
    receiver.answers.push(500);
    expect(await deliverDue(t.app.ctx)).toMatchObject({ sent: 1, delivered: 0 });
    // The check-out is due but waits behind the check-in's retry.
    expect(await deliverDue(t.app.ctx, later(5))).toMatchObject({ sent: 0 });
    expect(await deliverDue(t.app.ctx, later(31))).toMatchObject({ sent: 1, delivered: 1 });
    expect(await deliverDue(t.app.ctx, later(32))).toMatchObject({ sent: 1, delivered: 1 });
    expect(receiver.received.map((received) => payloadOf(received).event)).toEqual([
      'visit.checked_in',
      'visit.checked_in',
      'visit.checked_out',
    ]);
  });

  it('tell only the events an endpoint subscribed to, people included, and nothing while paused', async () => {
    const made = await subscribe(['person.created', 'person.deactivated']);
    const created = await call(world.master, 'POST', '/person', {
      buildingId: world.hq,
      visitorType: 'VISITOR',
      firstName: 'Linus',
      lastName: 'Hooked',
    });
    expect(created.statusCode).toBe(201);
    const personId = jsonOf<{ id: string }>(created).id;
    await checkIn();
    await deliverDue(t.app.ctx);
    expect(receiver.received.map((received) => [payloadOf(received).event, payloadOf(received).data.id])).toEqual([
      ['person.created', personId],
    ]);
    const paused = await call(world.master, 'PATCH', `/webhooks/${made.endpoint.id}`, {
      url: receiver.url,
      events: ['person.created'],
      active: false,
    });
    expect(paused.statusCode).toBe(200);
    await call(world.master, 'POST', '/person', {
      buildingId: world.hq,
      visitorType: 'VISITOR',
      firstName: 'Paused',
      lastName: 'Hooked',
    });
    await deliverDue(t.app.ctx);
    expect(receiver.received).toHaveLength(1);
  });

  it('tell each person an import of the directory creates or changes, as their own calls answer them', async () => {
    await subscribe(['person.created', 'person.updated']);
    const form = multipartForm([
      {
        name: 'file',
        value: 'First name;Last name;Type;External id\r\nImre;Imported;VISITOR;IMP-1\r\nIrma;Imported;VISITOR;IMP-2',
        fileName: 'people.csv',
        contentType: 'text/csv',
      },
      {
        name: 'fields',
        value: JSON.stringify({
          columns: { firstName: 0, lastName: 1, visitorType: 2, externalId: 3 },
          datesFormat: 'dd/MM/yyyy',
          firstRow: 2,
          buildingId: world.hq,
          dryRun: false,
        }),
      },
    ]);
    const importFile = () =>
      t.app.inject({
        method: 'PATCH',
        url: '/service/people/upload',
        payload: form.payload,
        headers: { ...form.headers, ...world.master },
      });
    const first = await importFile();
    expect(first.statusCode, first.body).toBe(200);
    await deliverDue(t.app.ctx);
    const created = receiver.received.map((received) => payloadOf(received));
    expect(created.map((payload) => [payload.event, (payload.data as { firstName: string }).firstName]).sort()).toEqual(
      [
        ['person.created', 'Imre'],
        ['person.created', 'Irma'],
      ],
    );
    // The same file again changes the same people: told as updated, with the same ids.
    receiver.received.length = 0;
    expect((await importFile()).statusCode).toBe(200);
    await deliverDue(t.app.ctx);
    const updated = receiver.received.map((received) => payloadOf(received));
    expect(updated.map((payload) => payload.event)).toEqual(['person.updated', 'person.updated']);
    expect(updated.map((payload) => (payload.data as { id: string }).id).sort()).toEqual(
      created.map((payload) => (payload.data as { id: string }).id).sort(),
    );
  });

  it("forget a visit's deliveries when its visitor is erased, and every settled one after 30 days", async () => {
    await subscribe(['visit.checked_in']);
    const visitId = await checkIn();
    await deliverDue(t.app.ctx);
    const out = await call(world.master, 'PATCH', `/meeting/${visitId}/check-out`, {});
    expect(out.statusCode).toBe(200);
    const deliveriesOf = () =>
      t.database.db.selectFrom('webhook_deliveries').select('id').where('object_id', '=', visitId).execute();
    expect(await deliveriesOf()).toHaveLength(1);
    const erased = await call(world.master, 'POST', '/privacy/subjects/erase', {
      visitIds: [visitId],
      personIds: [],
      guests: [],
    });
    expect(erased.statusCode).toBe(200);
    expect(await deliveriesOf()).toEqual([]);

    const kept = await checkIn();
    await deliverDue(t.app.ctx);
    expect(await pruneDelivered(t.app.ctx, later(29 * 86_400))).toBe(0);
    expect(await pruneDelivered(t.app.ctx, later(31 * 86_400))).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db.selectFrom('webhook_deliveries').select('id').where('object_id', '=', kept).execute(),
    ).toEqual([]);
  });

  it('are not sent to an address that resolves to this machine, on a server that does not allow it', async () => {
    await subscribe(['visit.checked_in']);
    await checkIn();
    const strict = { db: t.app.ctx.db, config: { ...t.app.ctx.config, webhookAllowLoopback: false } };
    expect(await deliverDue(strict)).toMatchObject({ sent: 1, delivered: 0 });
    expect(receiver.received).toEqual([]);
    const log = jsonOf<WebhookDeliveryList>(await call(world.master, 'GET', '/webhooks/deliveries?status=PENDING'));
    expect(log.docs[0]!.attempts.map((attempt) => attempt.error)).toEqual([
      'address not allowed: it resolves to this machine',
    ]);
  });
});
