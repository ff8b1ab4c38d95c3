// Reads on a replica (docs/scale.md, "Reads on a replica"): lists, reports and exports read the
// streaming replica when there is one, but a session's read after its own change is never stale,
// on any instance; a replica gone leaves the primary to answer. On the PostgreSQL server of the
// suite, the replica is that server's own (TEST_READ_DATABASE_URL); the embedded database has
// none, and every read is the primary's.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleList } from '@vestibule/shared';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, primaryLogPosition, replicaHasReplayed } from '../src/db/database.ts';
import { createTestDatabase } from './helpers/database.ts';
import { createBuilding, createTenant, createUser } from './helpers/factories.ts';
import { bearer, jsonOf, logInAs, testConfig } from './helpers/test-app.ts';

let database: DatabaseHandle & { url: string | undefined };
let one: FastifyInstance;
let two: FastifyInstance;
let buildingId: string;
let writer: string;
let reader: string;

beforeAll(async () => {
  database = await createTestDatabase({ withReplica: true });
  // Two instances on the one database and replica: a change on one, the next read on the other.
  one = await buildApp({ config: testConfig(), database, logger: false });
  two = await buildApp({ config: testConfig(), database, logger: false });
  await Promise.all([one.ready(), two.ready()]);
  const tenantId = await createTenant(database.db);
  buildingId = await createBuilding(database.db, tenantId, 'Replica lobby');
  writer = await logInAs(one, (await createUser(database.db, { tenantId, role: 'ROLE_MASTER' })).username);
  reader = await logInAs(one, (await createUser(database.db, { tenantId, role: 'ROLE_MASTER' })).username);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await database.close();
});

async function peopleNamed(app: FastifyInstance, token: string, lastName: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/service/people?search=${lastName}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<PeopleList>(response).docs.map((person) => person.lastName ?? '');
}

async function addPerson(lastName: string): Promise<void> {
  const response = await one.inject({
    method: 'POST',
    url: '/service/person',
    headers: bearer(writer),
    payload: { firstName: 'Rita', lastName, visitorType: 'EMPLOYEE', defaultDuration: 480, buildingId },
  });
  expect(response.statusCode).toBe(201);
}

/** Until the replica has replayed what the primary holds now (a deadline, not a pause). */
async function replicaCaughtUp(replica: NonNullable<DatabaseHandle['replica']>): Promise<void> {
  const lsn = await primaryLogPosition(database.db);
  const deadline = Date.now() + 20_000;
  while (!(await replicaHasReplayed(replica, lsn))) {
    if (Date.now() > deadline) throw new Error(`the replica did not replay ${lsn} in 20 s`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Until the replica's replay, asked to pause, has paused (it finishes the record at hand first). */
async function replayPaused(replica: NonNullable<DatabaseHandle['replica']>): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const state = await sql<{ state: string }>`select pg_get_wal_replay_pause_state() as state`.execute(replica);
    if (state.rows[0]?.state === 'paused') return;
    if (Date.now() > deadline) throw new Error('the replica did not pause in 20 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('reads on a replica', () => {
  it('has a replica on the PostgreSQL server of the suite, none on the embedded database', () => {
    expect(database.replica !== undefined).toBe(process.env.TEST_READ_DATABASE_URL !== undefined);
  });

  it("never shows a session a list older than its own change, on either instance; others' lists may lag", async () => {
    const replica = database.replica;
    if (replica) {
      await replicaCaughtUp(replica);
      // The replica stops replaying: whatever is written now, it does not have.
      await sql`select pg_wal_replay_pause()`.execute(replica);
      await replayPaused(replica);
    }
    try {
      await addPerson('Fresh');
      // The writer reads the list at once, on the instance that wrote and on the other.
      expect(await peopleNamed(one, writer, 'Fresh')).toEqual(['Fresh']);
      expect(await peopleNamed(two, writer, 'Fresh')).toEqual(['Fresh']);
      // Another session's list is the replica's: without the change while the replica lags.
      expect(await peopleNamed(two, reader, 'Fresh')).toEqual(replica ? [] : ['Fresh']);
    } finally {
      if (replica) await sql`select pg_wal_replay_resume()`.execute(replica);
    }
    if (replica) await replicaCaughtUp(replica);
    expect(await peopleNamed(two, reader, 'Fresh')).toEqual(['Fresh']);
  });

  it('answers from the primary while the replica cannot be reached', async () => {
    // An instance whose replica address answers nothing: lists still answer, from the primary.
    const cut = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 2_000,
    });
    cut.on('error', () => undefined);
    const three = await buildApp({
      config: testConfig(),
      database: { ...database, replica: new Kysely({ dialect: new PostgresDialect({ pool: cut }) }) },
      logger: false,
    });
    try {
      await addPerson('Alone');
      expect(await peopleNamed(three, reader, 'Alone')).toEqual(['Alone']);
    } finally {
      await three.close();
      await cut.end();
    }
  });
});
