import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type VisitCounter,
  type VisitList,
  VISIT_COUNT_CAP,
  newBuildingSettings,
  uuidv7,
  visitCounters,
} from '@vestibule/shared';
import { createBuilding } from '../../../test/helpers/factories.ts';
import { type TestApp, createTestApp, jsonOf, tenantWithBuilding } from '../../../test/helpers/test-app.ts';
import { type Seed, caller, errorOf, invite, seedVisits } from './visits.test-fixtures.ts';
import { listVisits, visitStats } from './visits.service.ts';

// The entry log's reads (both databases): filters, sort, the capped count, the
// counters on a building's own day, meetings.csv streamed by keyset and read back by a CSV
// parser, and never a visit of another company or of a building the user was not assigned.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
});
afterAll(() => t.close());

let n = 0;
/** A visit written as a check-in or a job would (no API): the fields given, codes unique. */
async function visit(tenantId: string, buildingId: string, values: Record<string, unknown> = {}) {
  n++;
  const id = uuidv7();
  await t.database.db
    .insertInto('visits')
    .values({
      id,
      tenant_id: tenantId,
      building_id: buildingId,
      identifier: `E${String(n).padStart(7, '0')}`,
      public_identifier: `entry-log-${id}`,
      pin: '1234',
      visitor_type: 'VISITOR',
      source: 'KIOSK',
      ...values,
    })
    .execute();
  return id;
}

const list = async (role: Parameters<typeof call>[0], query: string) => {
  const response = await call(role, 'GET', `/meeting?${query}`);
  expect(response.statusCode).toBe(200);
  return jsonOf<VisitList>(response);
};

describe('GET /meeting: filters, sort and scope', () => {
  let annexVisit: string;
  let otherVisit: string;

  beforeAll(async () => {
    const now = Date.now();
    await visit(seed.tenantA, seed.hq, {
      first_name: 'Zoe',
      last_name: 'Filter',
      email: 'zoe@filters.test',
      company_name: 'Northwind',
      host_person_id: seed.people.ada,
      host: 'Ada Lovelace',
      checked_in_at: new Date(now - HOUR),
      scheduled_duration: 'PT30M',
      scheduled_at: new Date(now - 40 * 24 * HOUR),
    });
    await visit(seed.tenantA, seed.hq, {
      first_name: 'Yann',
      last_name: 'Filter',
      email: 'yann@filters.test',
      company_name: 'Southwind',
      visitor_type: 'CONTRACTOR',
      scheduled_at: new Date(now + 3 * 24 * HOUR),
    });
    await visit(seed.tenantA, seed.hq, { first_name: 'Xena', last_name: null, email: 'xena@filters.test' });
    annexVisit = await visit(seed.tenantA, seed.annex, { first_name: 'Walt', last_name: 'Filter' });
    otherVisit = await visit(seed.tenantB, seed.other, { first_name: 'Vic', last_name: 'Filter' });
  });

  it("shows an admin the company's visits only, a supervisor and a space user their buildings' only", async () => {
    const names = async (role: Parameters<typeof call>[0]) =>
      (await list(role, 'search=filter&sort=firstName&order=1')).docs.map((doc) => doc.firstName);
    expect(await names('ROLE_ADMIN')).toEqual(['Walt', 'Yann', 'Zoe']);
    expect(await names('ROLE_SUPERVISOR')).toEqual(['Yann', 'Zoe']);
    expect(await names('ROLE_SPACE')).toEqual(['Yann', 'Zoe']);
    const everything = JSON.stringify(await list('ROLE_ADMIN', 'limit=500'));
    expect(everything).not.toContain(otherVisit);
    expect(JSON.stringify(await list('ROLE_USER', 'limit=500'))).not.toContain(annexVisit);
  });

  it('filters by host, company, type, building and search (a name, an e-mail, a visit code)', async () => {
    const first = async (query: string) => (await list('ROLE_ADMIN', query)).docs.map((doc) => doc.firstName);
    expect(await first(`hostPersonId=${seed.people.ada}&search=filter`)).toEqual(['Zoe']);
    expect(await first('companyName=NORTH')).toEqual(['Zoe']);
    expect(await first('search=filter&visitorType=CONTRACTOR')).toEqual(['Yann']);
    expect(await first(`search=filter&buildingId=${seed.annex}`)).toEqual(['Walt']);
    expect(await first('search=yann@')).toEqual(['Yann']);
    const code = (await list('ROLE_ADMIN', 'search=xena')).docs[0]?.identifier ?? '';
    expect(await first(`search=${code.toLowerCase()}`)).toEqual(['Xena']);
    expect(await first('search=%25')).toEqual([]);
  });

  it('sorts by one column either way, rows without the value last going up; order 0 is the default', async () => {
    const hq = `buildingId=${seed.hq}&limit=500`;
    const up = (await list('ROLE_SUPERVISOR', `${hq}&sort=lastName&order=1`)).docs.map((doc) => doc.lastName);
    const down = (await list('ROLE_SUPERVISOR', `${hq}&sort=lastName&order=-1`)).docs.map((doc) => doc.lastName);
    expect(up.at(-1)).toBeNull();
    expect(down[0]).toBeNull();
    const named = up.filter((name): name is string => name !== null);
    expect(named).toEqual([...named].sort());
    expect(down.filter((name) => name !== null)).toEqual([...named].reverse());
    const newest = (await list('ROLE_SUPERVISOR', 'search=filter&sort=lastName&order=0')).docs.map((d) => d.firstName);
    expect(newest).toEqual(['Yann', 'Zoe']);
  });

  it('filters a date range on the chosen date (ordered by it), at most 30 days', async () => {
    const from = new Date(Date.now() + 2 * 24 * HOUR).toISOString();
    const to = new Date(Date.now() + 20 * 24 * HOUR).toISOString();
    const scheduled = await list('ROLE_ADMIN', `dateFilter=scheduledAt&from=${from}&to=${to}&search=filter`);
    expect(scheduled.docs.map((doc) => doc.firstName)).toEqual(['Yann']);
    const tooLong = await call(
      'ROLE_ADMIN',
      'GET',
      `/meeting?from=${new Date(Date.now() - 31 * 24 * HOUR - 2 * HOUR).toISOString()}&to=${new Date().toISOString()}`,
    );
    expect(errorOf(tooLong)).toEqual([400, 'DATE_RANGE_TOO_LONG']);
    const backwards = await call('ROLE_ADMIN', 'GET', `/meeting?from=${to}&to=${from}`);
    expect(errorOf(backwards)).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers the front desk fields of each row', async () => {
    const [zoe] = (await list('ROLE_ADMIN', 'search=zoe')).docs;
    expect(zoe).toMatchObject({
      companyName: 'Northwind',
      hostPersonId: seed.people.ada,
      host: 'Ada Lovelace',
      isInvitation: false,
      cancelledAt: null,
      checkoutMethod: null,
      status: 'LATE',
    });
  });
});

describe('the count and meetings.csv at ten thousand visits', () => {
  /** Ten batches of meetings.csv and more, past the count's cap. */
  const ROWS = 10_050;
  let big: Awaited<ReturnType<typeof tenantWithBuilding>>;

  beforeAll(async () => {
    big = await tenantWithBuilding(t, { tenant: 'Big Lobby Inc', building: 'Big Lobby' });
    // Seven last names (ties for the keyset), a check-in time on two rows out of three (nulls).
    await sql`
      insert into visits (id, tenant_id, building_id, identifier, public_identifier, pin, visitor_type,
        first_name, last_name, checked_in_at, source, created_at)
      select gen_random_uuid(), ${big.tenantId}, ${big.buildingId}, 'C' || lpad(i::text, 7, '0'), 'big-' || i, '1234',
        'VISITOR', 'Guest', 'Name' || (i % 7), case when i % 3 = 0 then null else now() - make_interval(mins => i) end,
        'KIOSK', now() - make_interval(secs => i)
      from generate_series(1, ${ROWS}) as i`.execute(t.database.db);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/service${url}`, headers: { ...big.auth, ...headers } });

  it(`counts exactly up to ${VISIT_COUNT_CAP} rows and then says the count is capped`, async () => {
    const capped = jsonOf<VisitList>(await get('/meeting?limit=5'));
    expect(capped).toMatchObject({ totalDocs: VISIT_COUNT_CAP + 1, totalCapped: true });
    const exact = jsonOf<VisitList>(await get('/meeting?limit=5&search=c0000017'));
    expect(exact).toMatchObject({ totalDocs: 1, totalCapped: false });
    expect(exact.docs.map((doc) => doc.identifier)).toEqual(['C0000017']);
  });

  it('streams every row once, in the list order, and parses back with a CSV parser', async () => {
    const response = await get('/meetings/meetings.csv', { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('meetings.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows.slice(0, 1).map((heading) => heading.slice(0, 4))).toEqual([['Code', 'Prénom', 'Nom', 'Courriel']]);
    const codes = rows.slice(1).map((row) => row[0]);
    expect(codes).toHaveLength(ROWS);
    expect(codes.slice(0, 3)).toEqual(['C0000001', 'C0000002', 'C0000003']);
    expect(new Set(codes).size).toBe(ROWS);
  });

  it('walks a sort with ties and empty values exactly (keyset on the value and the id)', async () => {
    for (const query of [
      'sort=lastName&order=1',
      'sort=lastName&order=-1',
      'sort=checkedInAt&order=-1',
      'sort=checkedInAt&order=1',
    ]) {
      const rows = parse((await get(`/meetings/meetings.csv?${query}`)).body, { bom: true }) as string[][];
      const codes = rows.slice(1).map((row) => row[0]);
      expect({ query, rows: codes.length, distinct: new Set(codes).size }).toEqual({
        query,
        rows: ROWS,
        distinct: ROWS,
      });
      const page = jsonOf<VisitList>(await get(`/meeting?${query}&limit=3`)).docs.map((doc) => doc.identifier);
      expect(codes.slice(0, 3)).toEqual(page);
    }
  });

  it("writes the list's filters only, of the caller's buildings, and refuses a range over 30 days", async () => {
    const rows = parse((await call('ROLE_SUPERVISOR', 'GET', '/meetings/meetings.csv?search=filter')).body, {
      bom: true,
    }) as string[][];
    expect(
      rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(['Yann', 'Zoe']);
    const from = new Date(Date.now() - 40 * 24 * HOUR).toISOString();
    expect(errorOf(await get(`/meetings/meetings.csv?from=${from}&to=${new Date().toISOString()}`))).toEqual([
      400,
      'DATE_RANGE_TOO_LONG',
    ]);
  });
});

describe('GET /meetingStats/{buildingId}', () => {
  it("counts on the building's own day (Tokyo), not UTC's", async () => {
    const tokyo = await createBuilding(t.database.db, seed.tenantA, 'Tokyo');
    await t.database.db
      .updateTable('buildings')
      .set({ settings: JSON.stringify({ ...newBuildingSettings(), timeZoneId: 'Asia/Tokyo' }) })
      .where('id', '=', tokyo)
      .execute();
    // 23:30 on 5 March in Tokyo; that day there runs from 4 March 15:00 to 5 March 15:00 UTC.
    const now = new Date('2026-03-05T14:30:00Z');
    const at = (iso: string) => new Date(iso);
    const v = (values: Record<string, unknown>) => visit(seed.tenantA, tokyo, values);
    await v({ checked_in_at: at('2026-03-05T14:00:00Z'), scheduled_duration: 'PT1H' }); // in, leaving at 15:00
    await v({ checked_in_at: at('2026-03-05T10:00:00Z'), scheduled_duration: 'PT8H' }); // in
    await v({ checked_in_at: at('2026-03-05T08:00:00Z'), scheduled_duration: 'PT1H' }); // in, overdue
    await v({ scheduled_at: at('2026-03-05T14:50:00Z'), scheduled_duration: 'PT1H' }); // expected today
    await v({ scheduled_at: at('2026-03-05T15:10:00Z'), scheduled_duration: 'PT1H' }); // tomorrow in Tokyo
    await v({ scheduled_at: at('2026-03-05T13:00:00Z'), scheduled_duration: 'PT30M' }); // over: expired
    await v({ scheduled_at: at('2026-03-05T14:45:00Z'), cancelled_at: at('2026-03-05T09:00:00Z') }); // cancelled
    await v({ checked_in_at: at('2026-03-04T15:30:00Z'), checked_out_at: at('2026-03-04T16:00:00Z') }); // out today (UTC: yesterday)
    await v({ checked_in_at: at('2026-03-04T13:00:00Z'), checked_out_at: at('2026-03-04T14:55:00Z') }); // out yesterday
    await visit(seed.tenantA, seed.hq, { checked_in_at: at('2026-03-05T14:00:00Z') }); // another building
    const stats = await visitStats(t.app.ctx, { tenantId: seed.tenantA, assignedTo: undefined }, tokyo, now);
    expect(stats).toEqual({
      buildingId: tokyo,
      timeZoneId: 'Asia/Tokyo',
      inBuilding: 3,
      expectedToday: 1,
      leavingWithinHour: 1,
      checkedOutToday: 1,
    });
  });

  it('counts exactly the rows each counter lists as a filter, whatever the status filter says', async () => {
    const lisbon = await createBuilding(t.database.db, seed.tenantA, 'Lisbon');
    await t.database.db
      .updateTable('buildings')
      .set({ settings: JSON.stringify({ ...newBuildingSettings(), timeZoneId: 'Europe/Lisbon' }) })
      .where('id', '=', lisbon)
      .execute();
    // 10:00 on 5 March in Lisbon (UTC+0 in winter).
    const now = new Date('2026-03-05T10:00:00Z');
    const at = (iso: string) => new Date(iso);
    const v = (last_name: string, values: Record<string, unknown>) =>
      visit(seed.tenantA, lisbon, { first_name: 'Counter', last_name, ...values });
    await v('In', { checked_in_at: at('2026-03-05T08:00:00Z'), scheduled_duration: 'PT8H' });
    await v('Leaving', { checked_in_at: at('2026-03-05T09:30:00Z'), scheduled_duration: 'PT1H' });
    await v('Overdue', { checked_in_at: at('2026-03-05T07:00:00Z'), scheduled_duration: 'PT1H' });
    // Expected today: within the hour (the status says "soon"), later today, begun and not over.
    await v('Soon', { scheduled_at: at('2026-03-05T10:20:00Z'), scheduled_duration: 'PT1H' });
    await v('Later', { scheduled_at: at('2026-03-05T15:00:00Z'), scheduled_duration: 'PT1H' });
    await v('Begun', { scheduled_at: at('2026-03-05T09:30:00Z'), scheduled_duration: 'PT1H' });
    // Not expected: refused at the door, cancelled, over, tomorrow.
    await v('Refused', { scheduled_at: at('2026-03-05T11:00:00Z'), scheduled_duration: 'PT1H', allowed: false });
    await v('Cancelled', { scheduled_at: at('2026-03-05T11:00:00Z'), cancelled_at: at('2026-03-05T09:00:00Z') });
    await v('Over', { scheduled_at: at('2026-03-05T08:00:00Z'), scheduled_duration: 'PT30M' });
    await v('Tomorrow', { scheduled_at: at('2026-03-06T09:00:00Z'), scheduled_duration: 'PT1H' });
    await v('OutToday', { checked_in_at: at('2026-03-05T07:00:00Z'), checked_out_at: at('2026-03-05T09:00:00Z') });
    await v('OutYesterday', { checked_in_at: at('2026-03-04T07:00:00Z'), checked_out_at: at('2026-03-04T09:00:00Z') });
    const scope = { tenantId: seed.tenantA, assignedTo: undefined };
    const stats = await visitStats(t.app.ctx, scope, lisbon, now);
    const listed = async (counter: VisitCounter) => {
      const page = await listVisits(t.app.ctx, scope, { buildingId: lisbon, counter, limit: 100 }, now);
      expect(page.totalDocs).toBe(page.docs.length);
      return page.docs.map((row) => row.lastName).sort();
    };
    const expected: Record<VisitCounter, string[]> = {
      inBuilding: ['In', 'Leaving', 'Overdue'],
      expectedToday: ['Begun', 'Later', 'Soon'],
      leavingWithinHour: ['Leaving'],
      checkedOutToday: ['OutToday'],
    };
    for (const counter of visitCounters) {
      expect({ counter, rows: await listed(counter) }).toEqual({ counter, rows: expected[counter] });
      expect({ counter, count: stats[counter] }).toEqual({ counter, count: expected[counter].length });
    }
    // Through the API too (today's clock: the open visits are in whatever the day): the query
    // parameter the entry log's tiles send.
    const response = await call('ROLE_ADMIN', 'GET', `/meeting?buildingId=${lisbon}&counter=inBuilding`);
    expect(
      jsonOf<VisitList>(response)
        .docs.map((row) => row.lastName)
        .sort(),
    ).toEqual(expected.inBuilding);
    expect(errorOf(await call('ROLE_ADMIN', 'GET', `/meeting?counter=everyone`))).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("answers the caller's assigned buildings only, never another company's", async () => {
    const response = await call('ROLE_SPACE', 'GET', `/meetingStats/${seed.hq}`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(jsonOf(response)).sort()).toEqual(
      ['buildingId', 'checkedOutToday', 'expectedToday', 'inBuilding', 'leavingWithinHour', 'timeZoneId'].sort(),
    );
    expect(errorOf(await call('ROLE_SUPERVISOR', 'GET', `/meetingStats/${seed.annex}`))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await call('ROLE_ADMIN', 'GET', `/meetingStats/${seed.other}`))).toEqual([404, 'NOT_FOUND']);
  });

  it('counts an invitation made through the API as expected today', async () => {
    const before = jsonOf<{ expectedToday: number }>(await call('ROLE_USER', 'GET', `/meetingStats/${seed.clinic}`));
    // Within the hour: today in Toronto whatever the time of day, unless it is the last hour.
    const soon = new Date(Date.now() + 10 * 60_000);
    const sameDay =
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(soon) ===
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    await invite(call, seed, {
      buildingId: seed.clinic,
      hostPersonId: seed.people.clinicHost,
      scheduledAt: soon.toISOString(),
    });
    const after = jsonOf<{ expectedToday: number }>(await call('ROLE_USER', 'GET', `/meetingStats/${seed.clinic}`));
    expect(after.expectedToday - before.expectedToday).toBe(sameDay ? 1 : 0);
  });
});
