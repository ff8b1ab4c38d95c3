import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import {
  assignBuildings,
  createBuilding,
  createFloor,
  createSpace,
  createTenant,
  createUser,
} from '../../../test/helpers/factories.ts';
import { bearer, logInAs, testConfig } from '../../../test/helpers/test-app.ts';

// Two instances behind one database (docs/space-booking.md, "No double booking"): on a
// PostgreSQL server each has its own pool; on the embedded database they share the handle.
// The exclusion constraint, not the instances, keeps a slot to one booking.
let shared: DatabaseHandle & { url: string | undefined };
let second: DatabaseHandle;
let one: FastifyInstance;
let two: FastifyInstance;

beforeAll(async () => {
  shared = await createTestDatabase();
  second = shared.url ? await openDatabase({ databaseUrl: shared.url, dataDir: 'memory://', poolSize: 5 }) : shared;
  one = await buildApp({ config: testConfig(), database: shared, logger: false });
  two = await buildApp({ config: testConfig(), database: second, logger: false });
  await Promise.all([one.ready(), two.ready()]);
});
afterAll(async () => {
  await one.close();
  await two.close();
  if (second !== shared) await second.close();
  await shared.close();
});

describe('twenty bookings of one slot at once, through two instances', () => {
  it('keeps exactly one and answers TIME_CONFLICT to the nineteen others', async () => {
    const db = shared.db;
    const tenantId = await createTenant(db, { name: 'Rush Corp' });
    const buildingId = await createBuilding(db, tenantId, 'Rush Tower');
    const spaceId = await createSpace(db, tenantId, await createFloor(db, tenantId, buildingId, 'Ground'), 'Hot desk');
    const headers: { authorization: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(db, { tenantId, role: 'ROLE_USER' });
      await assignBuildings(db, user.id, [buildingId]);
      headers.push(bearer(await logInAs(i % 2 === 0 ? one : two, user.username)));
    }
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    startsAt.setUTCHours(14, 0, 0, 0);
    const payload = {
      spaceId,
      title: 'Rush',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? one : two).inject({
          method: 'POST',
          url: '/service/spacebooking',
          headers: headers[i % headers.length],
          payload,
        }),
      ),
    );
    const outcomes = responses.map((response) =>
      response.statusCode === 200
        ? 'booked'
        : `${response.statusCode} ${(response.json() as { errorCode: string }).errorCode}`,
    );
    expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === '409 TIME_CONFLICT')).toHaveLength(19);
    const rows = await db.selectFrom('space_bookings').select('status').where('space_id', '=', spaceId).execute();
    expect(rows).toEqual([{ status: 'APPROVED' }]);
  });
});
