import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_COUNT_CAP, type VisitList, type VisitStatus, visitStatus, visitStatuses } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf, tenantWithBuilding } from '../../../test/helpers/test-app.ts';

// The entry log's list filters and pages in the database: correct beyond the 5,000 rows an
// in-memory filter would cap at, with statuses equal to the shared rule's. The count stops at
// VISIT_COUNT_CAP (`totalCapped`); the pages go on to the last row.

const ROWS = 5_200;

let t: TestApp;
let auth: { authorization: string };
let tenantId: string;
let buildingId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, buildingId, auth } = await tenantWithBuilding(t, { tenant: 'Busy Lobby Inc', building: 'Busy Lobby' }));
  // One statement for every row: six kinds of visit, in turn, each a second older than the last;
  // among those not arrived, some cancelled, some refused at the door, some awaited with no time
  // and their answers given ahead (some of those marked lapsed by the expiry).
  await sql`
    insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type,
      first_name, last_name, scheduled_at, scheduled_duration, checked_in_at, checked_out_at, cancelled_at,
      allowed, questionnaires_answered_at, expired_at, source, created_at, updated_at)
    select gen_random_uuid(), ${tenantId}, ${buildingId}, 'B' || lpad(i::text, 7, '0'), 'busy-' || i, '1234',
      case when (i / 6) % 2 = 0 then 'VISITOR' else 'CONTRACTOR' end,
      'Guest', 'Number' || i,
      case i % 6 when 3 then now() + interval '30 minutes' when 4 then now() + interval '2 days'
        when 5 then (case when i % 5 = 0 then null else now() - interval '3 hours' end) else null end,
      case when i % 7 = 0 then null else 'PT1H' end,
      case i % 6 when 0 then now() - interval '4 hours' when 1 then now() - interval '2 hours'
        when 2 then now() - interval '10 minutes' else null end,
      case i % 6 when 0 then now() - interval '3 hours' else null end,
      case when i % 6 = 4 and i % 5 = 0 then now() else null end,
      not (i % 6 in (3, 4, 5) and i % 13 = 0),
      case when i % 6 in (3, 5) and i % 7 = 1 then now() - interval '20 minutes' else null end,
      case when i % 6 = 5 and i % 7 = 1 and i % 4 = 3 then now() - interval '10 minutes' else null end,
      'KIOSK', now() - make_interval(secs => i), now()
    from generate_series(1, ${ROWS}) as i`.execute(t.database.db);
});
afterAll(() => t.close());

async function page(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/service/meeting?${query}`, headers: auth });
  expect(response.statusCode).toBe(200);
  return jsonOf<VisitList>(response);
}

describe('GET /service/meeting beyond 5,000 rows', () => {
  it('counts every row and pages to the last one, newest first', async () => {
    const first = await page('limit=500&page=1');
    expect(first).toMatchObject({ totalDocs: VISIT_COUNT_CAP + 1, totalCapped: true });
    expect(first.docs).toHaveLength(500);
    expect(first.docs[0]).toMatchObject({ lastName: 'Number1' });
    const last = await page('limit=500&page=11');
    expect(last.docs).toHaveLength(ROWS - 10 * 500);
    expect(last.docs.at(-1)).toMatchObject({ lastName: `Number${ROWS}` });
    const oldestFirst = await page('limit=1&order=1');
    expect(oldestFirst.docs[0]).toMatchObject({ lastName: `Number${ROWS}` });
  });

  it('filters each status in SQL exactly as the shared rule derives it', async () => {
    const now = new Date();
    const rows = await t.database.db
      .selectFrom('visits')
      .select([
        'scheduled_at',
        'scheduled_duration',
        'checked_in_at',
        'checked_out_at',
        'cancelled_at',
        'allowed',
        'expired_at',
        'questionnaires_answered_at',
      ])
      .where('building_id', '=', buildingId)
      .execute();
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    const expected = Object.fromEntries(visitStatuses.map((status) => [status, 0])) as Record<VisitStatus, number>;
    for (const row of rows) {
      const status = visitStatus(
        {
          scheduledAt: iso(row.scheduled_at),
          scheduledDuration: row.scheduled_duration,
          checkedInAt: iso(row.checked_in_at),
          checkedOutAt: iso(row.checked_out_at),
          cancelledAt: iso(row.cancelled_at),
          allowed: row.allowed,
          expiredAt: iso(row.expired_at),
          questionnairesAnsweredAt: iso(row.questionnaires_answered_at),
        },
        now,
        'America/Toronto',
      );
      expected[status] += 1;
    }
    expect(expected.LATE).toBeGreaterThan(500);
    // The statuses of visits not arrived have rows to compare (TODAY depends on the hour of the run).
    for (const status of ['SOON', 'EXPECTED', 'OK', 'EXPIRED', 'CANCELLED', 'REFUSED'] as const)
      expect(expected[status], status).toBeGreaterThan(0);
    const counted = {} as Record<VisitStatus, number>;
    for (const status of visitStatuses) {
      const answer = await page(`status=${status.toLowerCase()}&limit=500`);
      // Past the cap, the pages are counted: every row of the status, to the last page.
      let total = answer.totalDocs;
      if (answer.totalCapped) {
        total = 0;
        for (let number = 1; ; number++) {
          const rows = (await page(`status=${status.toLowerCase()}&limit=500&page=${number}`)).docs.length;
          total += rows;
          if (rows < 500) break;
        }
      }
      counted[status] = total;
      expect({ status, shown: [...new Set(answer.docs.map((doc) => doc.status))] }).toEqual({
        status,
        shown: answer.totalDocs > 0 ? [status] : [],
      });
    }
    expect(counted).toEqual(expected);
  });

  it('combines a status with the other filters and search', async () => {
    const lateVisitors = await page('status=late&visitorType=VISITOR&limit=1');
    const lateContractors = await page('status=late&visitorType=CONTRACTOR&limit=1');
    const lateAll = await page('status=late&limit=1');
    expect(lateVisitors.totalDocs).toBeGreaterThan(0);
    expect(lateVisitors.totalDocs + lateContractors.totalDocs).toBe(lateAll.totalDocs);
    const one = await page('search=Number5173');
    expect(one.docs.map((doc) => doc.lastName)).toEqual(['Number5173']);
  });
});
