import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import type { Visits } from '../../db/tables.generated.ts';
import { createBuilding, createTenant, createVisit, setBuildingSettings } from '../../../test/helpers/factories.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';

// The attendance report's months (docs/reports.md, "How the attendance report stays fast") are
// correct by construction: after any mix of visit changes, `person_attendance_months` equals the
// months recounted from the visits on each building's clock. Runs on PGlite, and on a PostgreSQL
// server with TEST_DATABASE_URL.

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let db: Db;
let tenantId: string;
let tower: string;
let depot: string;
const people = Array.from({ length: 6 }, () => uuidv7());

const visit = (buildingId: string, values: Partial<Insertable<Visits>>) =>
  createVisit(db, tenantId, buildingId, values);

interface Month {
  building_id: string;
  month: string;
  person_id: string;
  days: number[];
}

/** The bits of a month as the days they stand for (bit d-1 for day d). */
const daysOf = (bits: number) =>
  Array.from({ length: 31 }, (_, i) => i + 1).filter((d) => (bits & (1 << (d - 1))) !== 0);

async function kept(): Promise<Month[]> {
  const { rows } = await sql<{ building_id: string; month: string; person_id: string; days: number }>`
    select building_id, to_char(month, 'YYYY-MM-DD') as month, person_id, days from person_attendance_months
    order by 1, 2, 3`.execute(db);
  return rows.map((row) => ({ ...row, days: daysOf(row.days) }));
}

/** The months counted from the visits: each check-in's day on its building's clock. */
async function recounted(): Promise<Month[]> {
  const { rows } = await sql<{ building_id: string; month: string; person_id: string; days: number[] }>`
    select building_id, to_char(date_trunc('month', local), 'YYYY-MM-DD') as month, person_id,
        array_agg(distinct extract(day from local)::int order by extract(day from local)::int) as days
      from (select v.building_id, v.person_id, v.checked_in_at at time zone (b.settings->>'timeZoneId') as local
              from visits v join buildings b on b.id = v.building_id
             where v.person_id is not null and v.checked_in_at is not null) t
     group by 1, 2, 3 order by 1, 2, 3`.execute(db);
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  tenantId = await createTenant(db, { name: 'Harbour Offices' });
  tower = await createBuilding(db, tenantId, 'Harbour Tower');
  depot = await createBuilding(db, tenantId, 'Harbour Depot');
  await setBuildingSettings(db, tower, { timeZoneId: 'America/Toronto' });
  await setBuildingSettings(db, depot, { timeZoneId: 'Asia/Tokyo' });
});

afterAll(async () => {
  await database.close();
});

describe('attendance months', () => {
  it('equal a recount from the visits after a mixed workload', async () => {
    const ids: string[] = [];
    // Each person comes in on some days of May and June 2026, at 9:00 Toronto (13:00 UTC).
    for (const [index, person] of people.entries()) {
      for (let day = 1 + index; day <= 60; day += 3 + index) {
        const at = new Date(Date.UTC(2026, 4, day, 13, 0));
        ids.push(await visit(day % 2 === 0 ? tower : depot, { person_id: person, checked_in_at: at }));
      }
    }
    // One statement of many rows, two visits of one person on a day, a visit of nobody's.
    await db
      .insertInto('visits')
      .values(
        [0, 1, 2].map((n) => {
          const id = uuidv7();
          return {
            id,
            tenant_id: tenantId,
            building_id: tower,
            identifier: `BATCH${n}`,
            public_identifier: id,
            pin: '1234',
            visitor_type: 'EMPLOYEE',
            source: 'KIOSK',
            person_id: n < 2 ? people[0]! : null,
            checked_in_at: new Date(Date.UTC(2026, 5, 10, 13 + n)),
          };
        }),
      )
      .execute();
    expect(await kept()).toEqual(await recounted());
    expect((await kept()).length).toBeGreaterThan(12);

    // An invitation checked in (its check-in set by an update), one cancelled before it came.
    const invited = await visit(tower, { person_id: people[1]!, scheduled_at: new Date('2026-06-24T13:00:00Z') });
    await visit(tower, { person_id: people[1]!, scheduled_at: new Date('2026-06-25T13:00:00Z') });
    await db
      .updateTable('visits')
      .set({ checked_in_at: new Date('2026-06-24T13:05:00Z') })
      .where('id', '=', invited)
      .execute();
    // A check-out changes nothing the months hold.
    await db
      .updateTable('visits')
      .set({ checked_out_at: new Date('2026-06-24T17:00:00Z') })
      .where('id', '=', invited)
      .execute();
    // 2026-05-31 23:30 in Toronto (June 1 in UTC) and a visit moved across the month's end.
    await visit(tower, { person_id: people[2]!, checked_in_at: new Date('2026-06-01T03:30:00Z') });
    await db
      .updateTable('visits')
      .set({ checked_in_at: new Date('2026-07-01T04:30:00Z') })
      .where('id', '=', ids[3]!)
      .execute();
    // A visit given to another person, one moved to the other building, two deleted, a visit's
    // person forgotten (the directory record removed).
    await db.updateTable('visits').set({ person_id: people[5]! }).where('id', '=', ids[4]!).execute();
    await db.updateTable('visits').set({ building_id: depot }).where('id', '=', ids[6]!).execute();
    await db.deleteFrom('visits').where('id', 'in', [ids[0]!, ids[9]!]).execute();
    await db.updateTable('visits').set({ person_id: null }).where('id', '=', ids[11]!).execute();
    // Every visit of one person deleted: their months are gone.
    await db.deleteFrom('visits').where('person_id', '=', people[4]!).execute();
    expect(await kept()).toEqual(await recounted());
    expect((await kept()).some((month) => month.person_id === people[4])).toBe(false);
    const mayInToronto = (await kept()).find(
      (month) => month.person_id === people[2] && month.month === '2026-05-01' && month.building_id === tower,
    );
    expect(mayInToronto).toBeDefined();
    expect(mayInToronto!.days).toContain(31);

    // The Tower moves to Tokyo's clock: 9:00 in Toronto is 22:00 the same day in Tokyo, 23:30 on
    // May 31 in Toronto is June 1 in Tokyo.
    await setBuildingSettings(db, tower, { timeZoneId: 'Asia/Tokyo' });
    expect(await kept()).toEqual(await recounted());
    const mayOfTower = (await kept()).find(
      (month) => month.person_id === people[2] && month.month === '2026-05-01' && month.building_id === tower,
    );
    expect(mayOfTower).toBeDefined();
    expect(mayOfTower!.days).not.toContain(31);
  });
});
