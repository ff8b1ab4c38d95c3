import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Role, uuidv7 } from '@vestibule/shared';
import type { LiveRollCallEvent, LiveVisitEvent } from '@vestibule/shared/contract';
import { buildApp } from '../../app.ts';
import { type DatabaseHandle, type Db, openDatabase } from '../../db/database.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import {
  assignBuildings,
  createBuilding,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { bearer, jsonOf, logInAs, testConfig } from '../../../test/helpers/test-app.ts';
import { type SseMessage, SseReader } from './sseReader.ts';

// Live updates on both databases: two app instances on one database, as behind a load
// balancer (on a PostgreSQL server each with its own pool and its own LISTEN connection; on the
// embedded database both on the one handle, each with its own LISTEN callbacks). Visits are
// written by plain SQL, as a job or a kiosk's sync writes them, and through the HTTP check-in.
//
// "Nothing arrives" is proven without waiting: the database delivers notifications in commit
// order, so once an event the client does see arrives after the one it must not see, the latter
// was not sent to it.

let shared: DatabaseHandle & { url: string | undefined };
let second: DatabaseHandle;
let one: FastifyInstance;
let two: FastifyInstance;
const readers: SseReader[] = [];

let tenantA: string;
let tenantB: string;
let hq: string;
let annex: string;
let otherCompany: string;
const tokens = {} as Record<'admin' | 'master' | 'supervisor' | 'user' | 'space' | 'tech' | 'masterB', string>;

function baseOf(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function ticketFor(
  app: FastifyInstance,
  token: string,
  body: { buildingId?: string } = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/service/live/ticket',
    headers: { ...bearer(token), ...headers },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.statusCode} ${response.body}`);
  return jsonOf<{ ticket: string }>(response).ticket;
}

/** Opens a stream and waits for its `ready`; answers the reader and what came before `ready`. */
async function connect(
  app: FastifyInstance,
  token: string,
  options: { buildingId?: string; lastEventId?: string; query?: boolean; headers?: Record<string, string> } = {},
): Promise<{ reader: SseReader; before: SseMessage[]; ready: { resumed: boolean } }> {
  const ticket = await ticketFor(app, token, options.buildingId ? { buildingId: options.buildingId } : {}, {
    ...options.headers,
  });
  const query = new URLSearchParams({ ticket });
  if (options.lastEventId && options.query) query.set('lastEventId', options.lastEventId);
  const headers: Record<string, string> =
    options.lastEventId && !options.query ? { 'last-event-id': options.lastEventId } : {};
  const opened = await SseReader.open(`${baseOf(app)}/service/live/visits?${query}`, headers);
  if (!opened.reader) throw new Error(`stream refused: ${opened.status}`);
  readers.push(opened.reader);
  const before: SseMessage[] = [];
  const ready = await opened.reader.nextOf('ready', 5000, before);
  return { reader: opened.reader, before, ready: JSON.parse(ready.data) as { resumed: boolean } };
}

async function insertVisit(
  db: Db,
  tenantId: string,
  buildingId: string,
  values: { checkedIn?: boolean; lastName?: string } = {},
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('visits')
    .values({
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      identifier: id.slice(-8),
      public_identifier: id,
      pin: '1234',
      visitor_type: 'VISITOR',
      last_name: values.lastName ?? 'Live',
      source: 'KIOSK',
      checked_in_at: values.checkedIn === false ? null : new Date(),
    })
    .execute();
  return id;
}

async function nextVisit(reader: SseReader, timeoutMs = 1000): Promise<LiveVisitEvent> {
  const message = await reader.nextOf('visit', timeoutMs);
  const event = JSON.parse(message.data) as LiveVisitEvent;
  expect(message.id).toBe(String(event.seq));
  return event;
}

/** The visits a stream receives up to and including `marker`. */
async function visitsUntil(reader: SseReader, marker: string): Promise<(string | null)[]> {
  const ids: (string | null)[] = [];
  while (ids.at(-1) !== marker) ids.push((await nextVisit(reader)).visitId);
  return ids;
}

beforeAll(async () => {
  shared = await createTestDatabase();
  second = shared.url ? await openDatabase({ databaseUrl: shared.url, dataDir: 'memory://', poolSize: 3 }) : shared;
  one = await buildApp({ config: testConfig(), database: shared, logger: false });
  two = await buildApp({ config: testConfig(), database: second, logger: false });
  await Promise.all([one.listen({ port: 0, host: '127.0.0.1' }), two.listen({ port: 0, host: '127.0.0.1' })]);
  const db = shared.db;
  tenantA = await createTenant(db, { name: 'Live A' });
  tenantB = await createTenant(db, { name: 'Live B' });
  hq = await createBuilding(db, tenantA, 'Live HQ');
  annex = await createBuilding(db, tenantA, 'Live Annex');
  otherCompany = await createBuilding(db, tenantB, 'Live Elsewhere');
  const users: [keyof typeof tokens, Role, string, string[]][] = [
    ['admin', 'ROLE_ADMIN', tenantA, []],
    ['master', 'ROLE_MASTER', tenantA, []],
    ['supervisor', 'ROLE_SUPERVISOR', tenantA, [hq]],
    ['user', 'ROLE_USER', tenantA, [annex]],
    ['space', 'ROLE_SPACE', tenantA, [hq]],
    ['tech', 'ROLE_TECH_1', tenantA, []],
    ['masterB', 'ROLE_MASTER', tenantB, []],
  ];
  for (const [name, role, tenantId, buildings] of users) {
    const user = await createUser(db, { tenantId, role });
    await assignBuildings(db, user.id, buildings);
    tokens[name] = await logInAs(one, user.username);
  }
});

afterAll(async () => {
  for (const reader of readers) reader.close();
  await one.close();
  await two.close();
  if (second !== shared) await second.close();
  await shared.close();
});

describe('live updates of visits', () => {
  it('brings a visit inserted by plain SQL (a job, a sync) to a connected client within a second', async () => {
    const { reader, ready } = await connect(one, tokens.master);
    expect(ready.resumed).toBe(false);
    const started = performance.now();
    const visitId = await insertVisit(shared.db, tenantA, hq);
    const event = await nextVisit(reader);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(event).toMatchObject({ tenantId: tenantA, buildingId: hq, visitId, kind: 'checkedIn', count: 1 });
    expect(new Date(event.at).toISOString()).toBe(event.at);
    reader.close();
  });

  it('names what an update did: check-out, check-in back, other changes; a notice stamp alone is not announced', async () => {
    const { reader } = await connect(one, tokens.master);
    const visitId = await insertVisit(shared.db, tenantA, hq, { checkedIn: false });
    expect(await nextVisit(reader)).toMatchObject({ visitId, kind: 'created' });
    const update = (values: Record<string, unknown>) =>
      shared.db.updateTable('visits').set(values).where('id', '=', visitId).execute();
    await update({ checked_in_at: new Date() });
    expect(await nextVisit(reader)).toMatchObject({ visitId, kind: 'checkedIn' });
    await update({ checked_out_at: new Date(), checkout_method: 'AUTO_TIMEOUT' });
    expect(await nextVisit(reader)).toMatchObject({ visitId, kind: 'checkedOut' });
    await update({ checked_out_at: null, checkout_method: null });
    expect(await nextVisit(reader)).toMatchObject({ visitId, kind: 'checkedIn' });
    await update({ overdue_alert_sent_at: new Date(), updated_at: new Date() });
    await update({ comments: 'Badge 12' });
    expect(await nextVisit(reader)).toMatchObject({ visitId, kind: 'updated' });
    await shared.db.deleteFrom('visits').where('id', '=', visitId).execute();
    expect(await nextVisit(reader)).toMatchObject({ visitId, kind: 'deleted' });
    reader.close();
  });

  it('announces a statement over many visits once per building and kind (a job checking out 40 visits)', async () => {
    const { reader } = await connect(one, tokens.master);
    const many = [];
    for (let i = 0; i < 30; i++) many.push(uuidv7());
    const rows = [
      ...many.map((id) => ({ id, building: hq })),
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => ({ id: uuidv7(), building: annex })),
    ];
    await shared.db
      .insertInto('visits')
      .values(
        rows.map(({ id, building }) => ({
          id,
          tenant_id: tenantA,
          building_id: building,
          identifier: id.slice(-8),
          public_identifier: id,
          pin: '1234',
          visitor_type: 'VISITOR' as const,
          source: 'KIOSK' as const,
          checked_in_at: new Date(),
        })),
      )
      .execute();
    const inserted = [await nextVisit(reader), await nextVisit(reader)].sort((a, b) => b.count - a.count);
    expect(inserted.map(({ buildingId, count, visitId, kind }) => ({ buildingId, count, visitId, kind }))).toEqual([
      { buildingId: hq, count: 30, visitId: null, kind: 'checkedIn' },
      { buildingId: annex, count: 10, visitId: null, kind: 'checkedIn' },
    ]);
    await shared.db
      .updateTable('visits')
      .set({ checked_out_at: new Date(), checkout_method: 'AUTO_TIMEOUT' })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const checkedOut = [await nextVisit(reader), await nextVisit(reader)].map((e) => [e.buildingId, e.kind, e.count]);
    expect(checkedOut).toEqual(
      expect.arrayContaining([
        [hq, 'checkedOut', 30],
        [annex, 'checkedOut', 10],
      ]),
    );
    reader.close();
  });

  it('brings a check-in made through instance one (HTTP) and a check-out written through instance two to clients of the other', async () => {
    const onTwo = await connect(two, tokens.master);
    const onOne = await connect(one, tokens.master);
    const qrCodeKey = await qrCodeKeyOf(shared.db, hq);
    const started = performance.now();
    const checkIn = await one.inject({
      method: 'POST',
      url: '/service/checkin',
      payload: {
        qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Ana', lastName: 'Across', host: 'Bob Host', email: 'ana.across@example.test' },
        questionnairesAnswers: [],
      },
    });
    expect(checkIn.statusCode).toBe(200);
    const seenOnTwo = await nextVisit(onTwo.reader);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(seenOnTwo).toMatchObject({ buildingId: hq, kind: 'checkedIn' });
    expect(await nextVisit(onOne.reader)).toEqual(seenOnTwo);
    // Written through the second instance's own pool (on the embedded database, the one handle).
    await second.db
      .updateTable('visits')
      .set({ checked_out_at: new Date(), checkout_method: 'STAFF' })
      .where('id', '=', seenOnTwo.visitId ?? '')
      .execute();
    expect(await nextVisit(onOne.reader)).toMatchObject({ visitId: seenOnTwo.visitId, kind: 'checkedOut' });
    expect(await nextVisit(onTwo.reader)).toMatchObject({ visitId: seenOnTwo.visitId, kind: 'checkedOut' });
    onOne.reader.close();
    onTwo.reader.close();
  });

  it("sends nobody another company's visits or those of a building not assigned to them", async () => {
    const master = await connect(one, tokens.master);
    const supervisor = await connect(two, tokens.supervisor);
    const user = await connect(one, tokens.user);
    const space = await connect(two, tokens.space);
    const masterB = await connect(one, tokens.masterB);
    const annexOnly = await connect(two, tokens.master, { buildingId: annex });
    const elsewhere = await insertVisit(shared.db, tenantB, otherCompany);
    const inAnnex = await insertVisit(shared.db, tenantA, annex);
    const inHq = await insertVisit(shared.db, tenantA, hq);
    const seen = async (reader: SseReader, count: number) => {
      const ids: (string | null)[] = [];
      for (let i = 0; i < count; i++) ids.push((await nextVisit(reader)).visitId);
      return ids;
    };
    expect(await seen(master.reader, 2)).toEqual([inAnnex, inHq]);
    expect(await seen(supervisor.reader, 1)).toEqual([inHq]);
    expect(await seen(space.reader, 1)).toEqual([inHq]);
    expect(await seen(user.reader, 1)).toEqual([inAnnex]);
    expect(await seen(annexOnly.reader, 1)).toEqual([inAnnex]);
    expect(await seen(masterB.reader, 1)).toEqual([elsewhere]);
    // The user's stream: a later HQ visit is still not theirs; the next event they get is the annex's.
    await insertVisit(shared.db, tenantA, hq);
    const laterAnnex = await insertVisit(shared.db, tenantA, annex);
    expect(await seen(user.reader, 1)).toEqual([laterAnnex]);
    for (const stream of [master, supervisor, user, space, masterB, annexOnly]) stream.reader.close();
  });

  it("lets an administrator follow the company chosen in the tab, and nobody else's", async () => {
    const admin = await connect(two, tokens.admin, { headers: { 'x-vestibule-tenant': tenantB } });
    await insertVisit(shared.db, tenantA, hq);
    const elsewhere = await insertVisit(shared.db, tenantB, otherCompany);
    expect((await nextVisit(admin.reader)).visitId).toBe(elsewhere);
    admin.reader.close();
  });

  it('follows a change of assigned buildings at once', async () => {
    const db = shared.db;
    const user = await createUser(db, { tenantId: tenantA, role: 'ROLE_USER' });
    await assignBuildings(db, user.id, [annex]);
    const token = await logInAs(one, user.username);
    const stream = await connect(two, token);
    await assignBuildings(db, user.id, [hq]);
    // The stream reads the user's buildings again on the assignment's notice: an HQ visit written
    // before that read is done may be missed, so HQ visits are written, each followed by an annex
    // visit that marks how far the stream got, until one arrives.
    let sawHq = false;
    for (let i = 0; i < 20 && !sawHq; i++) {
      const inHq = await insertVisit(db, tenantA, hq);
      const marker = await insertVisit(db, tenantA, annex);
      sawHq = (await visitsUntil(stream.reader, marker)).includes(inHq);
    }
    expect(sawHq).toBe(true);
    await db.deleteFrom('user_buildings').where('user_id', '=', user.id).where('building_id', '=', annex).execute();
    let sawAnnex = true;
    for (let i = 0; i < 20 && sawAnnex; i++) {
      const inAnnex = await insertVisit(db, tenantA, annex);
      const marker = await insertVisit(db, tenantA, hq);
      sawAnnex = (await visitsUntil(stream.reader, marker)).includes(inAnnex);
    }
    expect(sawAnnex).toBe(false);
    stream.reader.close();
  });

  it('ends a stream opened for one building when that building is no longer assigned', async () => {
    const db = shared.db;
    const user = await createUser(db, { tenantId: tenantA, role: 'ROLE_SUPERVISOR' });
    await assignBuildings(db, user.id, [annex]);
    const stream = await connect(one, await logInAs(one, user.username), { buildingId: annex });
    await db.deleteFrom('user_buildings').where('user_id', '=', user.id).execute();
    await stream.reader.ended;
  });
});

describe('catching up after a reconnect', () => {
  it('sends the events missed since Last-Event-ID, on the same instance and on another one', async () => {
    const first = await connect(one, tokens.supervisor);
    await insertVisit(shared.db, tenantA, hq);
    await nextVisit(first.reader);
    const lastEventId = first.reader.lastEventId ?? '';
    first.reader.close();
    await first.reader.ended;
    const missed = [await insertVisit(shared.db, tenantA, hq), await insertVisit(shared.db, tenantA, annex)];
    missed.push(await insertVisit(shared.db, tenantA, hq));
    // A client of the instance on which the last of them has surely arrived.
    const witness = await connect(one, tokens.supervisor);
    const marker = await insertVisit(shared.db, tenantA, hq);
    expect((await nextVisit(witness.reader)).visitId).toBe(marker);
    for (const [app, query] of [
      [one, false],
      [two, false],
      [two, true],
    ] as const) {
      const again = await connect(app, tokens.supervisor, { lastEventId, query });
      expect(again.ready.resumed).toBe(true);
      const replayed = again.before.map((message) => (JSON.parse(message.data) as LiveVisitEvent).visitId);
      expect(replayed).toEqual([missed[0], missed[2], marker]);
      again.reader.close();
    }
    witness.reader.close();
  });

  it("catches up a client that had seen no event yet from the instance's start, on that instance only", async () => {
    const fresh = await buildApp({ config: testConfig(), database: second, logger: false });
    await fresh.listen({ port: 0, host: '127.0.0.1' });
    try {
      const quiet = await connect(fresh, tokens.masterB);
      const cursor = quiet.reader.lastEventId ?? '';
      expect(cursor).toMatch(/^start-/);
      quiet.reader.close();
      // A client of the instance on which the missed visit has surely arrived.
      const witness = await connect(fresh, tokens.masterB);
      const missed = await insertVisit(shared.db, tenantB, otherCompany);
      expect((await nextVisit(witness.reader)).visitId).toBe(missed);
      const again = await connect(fresh, tokens.masterB, { lastEventId: cursor });
      expect(again.ready.resumed).toBe(true);
      expect(again.before.map((message) => (JSON.parse(message.data) as LiveVisitEvent).visitId)).toEqual([missed]);
      const elsewhere = await connect(one, tokens.masterB, { lastEventId: cursor });
      expect(elsewhere.ready.resumed).toBe(false);
      expect(elsewhere.before.map((message) => message.event)).toEqual(['resync']);
      for (const reader of [witness.reader, again.reader, elsewhere.reader]) reader.close();
    } finally {
      await fresh.close();
    }
  });

  it('tells a client to reload (resync) when its last event is older than what the instance kept', async () => {
    for (const lastEventId of ['0', 'start-of-another-instance', 'junk']) {
      const again = await connect(two, tokens.master, { lastEventId });
      expect(again.ready.resumed).toBe(false);
      expect(again.before.map((message) => message.event)).toEqual(['resync']);
      again.reader.close();
    }
  });
  it('on a PostgreSQL server, tells its clients to resync when the LISTEN connection was lost, and goes on', async () => {
    const stream = await connect(two, tokens.master);
    // The embedded database runs in this process: its LISTEN has no connection to lose.
    const onServer = shared.kind === 'postgres';
    const resyncs: SseMessage[] = [];
    if (onServer) {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where application_name = 'vestibule-listen' and datname = current_database()`.execute(shared.db);
      resyncs.push(await stream.reader.nextOf('resync', 5000));
    }
    expect(resyncs.map((message) => /^start-/.test(message.id ?? ''))).toEqual(onServer ? [true] : []);
    const visitId = await insertVisit(shared.db, tenantA, hq);
    expect((await nextVisit(stream.reader)).visitId).toBe(visitId);
    stream.reader.close();
  });
});

describe('stream access', () => {
  it('opens only with a genuine ticket of a live session', async () => {
    const url = `${baseOf(one)}/service/live/visits`;
    const refusal = async (query: string) => {
      const opened = await SseReader.open(`${url}${query}`);
      return opened.reader ? 200 : [opened.status, (JSON.parse(opened.body) as { errorCode: string }).errorCode];
    };
    expect(await refusal('')).toEqual([400, 'MISSING']);
    expect(await refusal('?ticket=nope')).toEqual([401, 'BAD_TOKEN']);
    const ticket = await ticketFor(one, tokens.master);
    expect(await refusal(`?ticket=${encodeURIComponent(ticket.replace(tenantA, tenantB))}`)).toEqual([
      401,
      'BAD_TOKEN',
    ]);
    // Signed out: the ticket issued before opens nothing.
    const user = await createUser(shared.db, { tenantId: tenantA, role: 'ROLE_MASTER' });
    const token = await logInAs(one, user.username);
    const leaked = await ticketFor(one, token);
    await one.inject({ method: 'POST', url: '/service/logout', headers: bearer(token) });
    expect(await refusal(`?ticket=${encodeURIComponent(leaked)}`)).toEqual([401, 'BAD_TOKEN']);
    // A bearer token is not a ticket, and a ticket is not a bearer token.
    expect(await refusal(`?ticket=${encodeURIComponent(tokens.master)}`)).toEqual([401, 'BAD_TOKEN']);
    const asBearer = await one.inject({ method: 'GET', url: '/service/token', headers: bearer(ticket) });
    expect(asBearer.statusCode).toBe(401);
  });

  it("gives tickets for the buildings a user sees only: another company's or an unassigned one is 404", async () => {
    const ask = (token: string, buildingId: string) =>
      one.inject({ method: 'POST', url: '/service/live/ticket', headers: bearer(token), payload: { buildingId } });
    expect((await ask(tokens.master, otherCompany)).statusCode).toBe(404);
    expect((await ask(tokens.supervisor, annex)).statusCode).toBe(404);
    expect((await ask(tokens.space, annex)).statusCode).toBe(404);
    expect((await ask(tokens.supervisor, hq)).statusCode).toBe(200);
    expect((await ask(tokens.master, annex)).statusCode).toBe(200);
    const tech = await one.inject({
      method: 'POST',
      url: '/service/live/ticket',
      headers: bearer(tokens.tech),
      payload: {},
    });
    expect(tech.statusCode).toBe(403);
  });

  it('ends a stream whose session was signed out, at the next rescope', async () => {
    const user = await createUser(shared.db, { tenantId: tenantA, role: 'ROLE_USER' });
    await assignBuildings(shared.db, user.id, [hq]);
    const token = await logInAs(two, user.username);
    const stream = await connect(two, token);
    const other = await connect(two, tokens.supervisor);
    await two.inject({ method: 'POST', url: '/service/logout', headers: bearer(token) });
    await two.liveHub.rescopeAll();
    await stream.reader.ended;
    // Others go on.
    const visitId = await insertVisit(shared.db, tenantA, hq);
    expect((await nextVisit(other.reader)).visitId).toBe(visitId);
    other.reader.close();
  });

  it('keeps idle streams open with heartbeat comments', async () => {
    const stream = await connect(one, tokens.supervisor);
    one.liveHub.heartbeat();
    const visitId = await insertVisit(shared.db, tenantA, hq);
    expect((await nextVisit(stream.reader)).visitId).toBe(visitId);
    expect(stream.reader.comments).toContain('ping');
    stream.reader.close();
  });

  it('ends every stream when the server closes, without holding the close', async () => {
    const third = await buildApp({ config: testConfig(), database: shared, logger: false });
    await third.listen({ port: 0, host: '127.0.0.1' });
    const streams = [await connect(third, tokens.master), await connect(third, tokens.supervisor)];
    expect(third.liveHub.streamCount).toBe(2);
    await third.close();
    await Promise.all(streams.map((stream) => stream.reader.ended));
    expect(third.liveHub.streamCount).toBe(0);
  });
});

describe('live updates of roll calls', () => {
  async function nextRollCall(reader: SseReader, timeoutMs = 1000): Promise<LiveRollCallEvent> {
    const message = await reader.nextOf('rollCall', timeoutMs);
    const event = JSON.parse(message.data) as LiveRollCallEvent;
    expect(message.id).toBe(String(event.seq));
    return event;
  }

  /** A warden's call on the evacuation list (as the company's corporate user). */
  async function warden(method: 'POST' | 'PUT', url: string, payload?: object): Promise<{ id: string }> {
    const response = await one.inject({
      method,
      url: `/service/evacuation/${url}`,
      headers: bearer(tokens.master),
      payload,
    });
    expect(response.statusCode).toBe(200);
    return jsonOf<{ id: string }>(response);
  }

  it("brings a roll call's start, marks and end to every warden who sees the building, and to nobody else", async () => {
    const master = await connect(two, tokens.master);
    const supervisor = await connect(one, tokens.supervisor);
    const space = await connect(two, tokens.space, { buildingId: hq });
    const user = await connect(one, tokens.user);
    const masterB = await connect(two, tokens.masterB);
    const visitId = await insertVisit(shared.db, tenantA, hq);
    const rollCall = await warden('POST', `${hq}/rollCall`, { reason: 'ALARM' });
    await warden('PUT', `${hq}/rollCall/${rollCall.id}/marks/${visitId}`, { status: 'PRESENT' });
    await warden('POST', `${hq}/rollCall/${rollCall.id}/end`);
    for (const stream of [master, supervisor, space]) {
      const events = [
        await nextRollCall(stream.reader),
        await nextRollCall(stream.reader),
        await nextRollCall(stream.reader),
      ];
      expect(
        events.map(({ buildingId, rollCallId, kind, count }) => ({ buildingId, rollCallId, kind, count })),
      ).toEqual(
        ['started', 'marked', 'ended'].map((kind) => ({ buildingId: hq, rollCallId: rollCall.id, kind, count: 1 })),
      );
    }
    // The annex's user and the other company get their own buildings' roll calls only: their first
    // roll-call event is the one of their building, started after HQ's.
    const inAnnex = await warden('POST', `${annex}/rollCall`, { reason: 'DRILL' });
    expect(await nextRollCall(user.reader)).toMatchObject({
      buildingId: annex,
      rollCallId: inAnnex.id,
      kind: 'started',
    });
    const masterOfB = await one.inject({
      method: 'POST',
      url: `/service/evacuation/${otherCompany}/rollCall`,
      headers: bearer(tokens.masterB),
      payload: { reason: 'DRILL' },
    });
    expect(await nextRollCall(masterB.reader)).toMatchObject({
      buildingId: otherCompany,
      rollCallId: jsonOf<{ id: string }>(masterOfB).id,
    });
    // The HQ-only stream never saw the annex's.
    await warden('POST', `${annex}/rollCall/${inAnnex.id}/end`);
    const marker = await insertVisit(shared.db, tenantA, hq);
    const skipped: SseMessage[] = [];
    expect(JSON.parse((await space.reader.nextOf('visit', 1000, skipped)).data)).toMatchObject({ visitId: marker });
    expect(skipped.map((message) => message.event)).toEqual([]);
    for (const stream of [master, supervisor, space, user, masterB]) stream.reader.close();
  });

  it('catches a reconnecting warden up on roll-call marks and visits alike, in the order they happened', async () => {
    const first = await connect(one, tokens.supervisor);
    const visitId = await insertVisit(shared.db, tenantA, hq);
    await nextVisit(first.reader);
    const lastEventId = first.reader.lastEventId ?? '';
    first.reader.close();
    await first.reader.ended;
    // Missed while away: a roll call started, a person marked, another person checked in.
    const rollCall = await warden('POST', `${hq}/rollCall`, { reason: 'DRILL' });
    await warden('PUT', `${hq}/rollCall/${rollCall.id}/marks/${visitId}`, { status: 'ABSENT' });
    const arrived = await insertVisit(shared.db, tenantA, hq);
    const witness = await connect(two, tokens.supervisor);
    const marker = await insertVisit(shared.db, tenantA, hq);
    expect((await nextVisit(witness.reader)).visitId).toBe(marker);
    const again = await connect(two, tokens.supervisor, { lastEventId });
    expect(again.ready.resumed).toBe(true);
    expect(
      again.before.map((message) => {
        const data = JSON.parse(message.data) as { kind: string; visitId?: string | null };
        return `${message.event}:${data.kind}${message.event === 'visit' ? `:${data.visitId}` : ''}`;
      }),
    ).toEqual(['rollCall:started', 'rollCall:marked', `visit:checkedIn:${arrived}`, `visit:checkedIn:${marker}`]);
    await warden('POST', `${hq}/rollCall/${rollCall.id}/end`);
    for (const reader of [witness.reader, again.reader]) reader.close();
  });
});
