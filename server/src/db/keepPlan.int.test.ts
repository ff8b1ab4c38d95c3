// A check-in's insert keeps its plan on a PostgreSQL server (a statement prepared per
// connection). Another instance may migrate the table while this one runs: check-ins must go on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CheckInResponse } from '@vestibule/shared';
import { sql } from 'kysely';
import { createBuilding, createTenant, qrCodeKeyOf } from '../../test/helpers/factories.ts';
import { type TestApp, createTestApp, jsonOf } from '../../test/helpers/test-app.ts';

let t: TestApp;
let qrCodeKey: string;
let buildingId: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await createTenant(t.database.db, { name: 'Plan Corp' });
  buildingId = await createBuilding(t.database.db, tenantId, 'Plan HQ');
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
});

afterAll(() => t.close());

async function checkIn(lastName: string): Promise<{ status: number } & CheckInResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/checkin',
    payload: {
      qrCodeKey,
      visitorType: 'VISITOR',
      checkInForm: { firstName: 'Ada', lastName, host: 'Grace', email: `${lastName.toLowerCase()}@example.test` },
      questionnairesAnswers: [],
    },
  });
  return { status: response.statusCode, ...jsonOf<CheckInResponse>(response) };
}

it('checks people in before and after the visits table gains a column, and refuses a second open visit', async () => {
  // Several check-ins: every connection of the pool that serves one prepares the insert.
  for (const name of ['Lovelace', 'Byron', 'Somerville', 'Babbage', 'Herschel', 'Fairfax', 'King']) {
    expect(await checkIn(name)).toMatchObject({ status: 200, allowed: true });
  }
  await sql`alter table visits add column plan_probe text`.execute(t.database.db);
  try {
    for (const name of ['Hopper', 'Noether', 'Curie', 'Meitner', 'Franklin', 'Goodall', 'Carson']) {
      const outcome = await checkIn(name);
      expect(outcome).toMatchObject({ status: 200, allowed: true, entryLogItem: { lastName: name } });
    }
    const again = await checkIn('Hopper');
    expect(again).toMatchObject({ status: 208, allowed: false, errorCode: 'CHECKEDIN' });
  } finally {
    await sql`alter table visits drop column plan_probe`.execute(t.database.db);
  }
  const { count } = await t.database.db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('building_id', '=', buildingId)
    .executeTakeFirstOrThrow();
  expect(count).toBe(14);
});
