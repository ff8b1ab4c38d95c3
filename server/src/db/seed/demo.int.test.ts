import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  type BookingOccurrence,
  type Floor,
  type FloorLayout,
  type HostCandidate,
  type PeopleList,
  type Person,
  type VisitSummary,
  dayInZone,
  zonedInstant,
} from '@vestibule/shared';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { verifyPassword } from '../../modules/auth/password.ts';
import { sendCancellations, sendInvitations } from '../../modules/lifecycle/lifecycle.service.ts';
import { DEMO_PASSWORD, DEMO_WAIT_TEXT, demoLinks, seedDemo } from './demo.ts';
import { DEMO_PASS_HOLDER, addDays } from './demoPeople.ts';
import { demoHq } from './demoCommon.ts';

// The demo data `npm start` writes (the people directory included), read back through the API
// as Demo Corp's corporate user sees it; and written once, however many times start runs.

let t: TestApp;
let auth: { authorization: string };
let firstSeed: boolean;

beforeAll(async () => {
  t = await createTestApp();
  firstSeed = await seedDemo(t.database.db);
  auth = bearer(await logInAs(t.app, 'master', DEMO_PASSWORD));
});
afterAll(() => t.close());

async function people(query: Record<string, string> = {}): Promise<PeopleList> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/service/people',
    query: { limit: '200', ...query },
    headers: auth,
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<PeopleList>(response);
}

const byExternalId = (list: PeopleList) => new Map(list.docs.map((person) => [person.externalId, person]));

async function counts() {
  const { db } = t.database;
  const count = async (table: 'tenants' | 'buildings' | 'users' | 'people' | 'questionnaires' | 'cameras') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    tenants: await count('tenants'),
    buildings: await count('buildings'),
    users: await count('users'),
    people: await count('people'),
    questionnaires: await count('questionnaires'),
    cameras: await count('cameras'),
  };
}

async function floorCounts() {
  const { db } = t.database;
  const count = async (table: 'floors' | 'floor_plans' | 'spaces') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { floors: await count('floors'), plans: await count('floor_plans'), spaces: await count('spaces') };
}

describe("Demo Corp's directory", () => {
  it('has employees, contractors and residents at Demo HQ, each with a pass of their own', async () => {
    expect(firstSeed).toBe(true);
    // Demo HQ's directory (Demo West has a small one of its own).
    const all = await people({ buildingId: (await demoLinks(t.database.db))!.buildingId });
    expect(all.totalDocs).toBe(44);
    const ofType = (type: Person['visitorType']) => all.docs.filter((person) => person.visitorType === type);
    expect(ofType('EMPLOYEE')).toHaveLength(30);
    expect(ofType('CONTRACTOR')).toHaveLength(8);
    expect(ofType('RESIDENT')).toHaveLength(6);
    expect(ofType('VISITOR')).toHaveLength(0);
    expect(new Set(all.docs.map((person) => person.building.name))).toEqual(new Set(['Demo HQ']));
    for (const employee of ofType('EMPLOYEE')) {
      expect(employee.externalId).toMatch(/^EMP-\d{4}$/);
      expect(employee.jobTitle).toBeTruthy();
      expect(employee.department).toBeTruthy();
      expect(employee.defaultDuration).toBeGreaterThan(0);
    }
    for (const contractor of ofType('CONTRACTOR')) expect(contractor.companyName).toBeTruthy();
    // Names are fixed, and no two people share one.
    const names = all.docs.map((person) => `${person.firstName} ${person.lastName}`);
    expect(new Set(names).size).toBe(names.length);
    // Everyone of the directories has a pass of their own (Demo West's six too).
    const passes = await t.database.db.selectFrom('people').select('pass_identifier').execute();
    expect(new Set(passes.map((row) => row.pass_identifier)).size).toBe(50);
    for (const { pass_identifier } of passes) expect(pass_identifier).toMatch(/^[\w-]{24}$/);
  });

  it('has one deactivated employee and one contractor whose validity ended last month', async () => {
    const deactivated = await people({ active: 'false' });
    expect(deactivated.docs.map((person) => [person.visitorType, person.deactivated])).toEqual([['EMPLOYEE', true]]);

    const all = byExternalId(await people());
    const validToday = byExternalId(await people({ validToday: 'true' }));
    const notValidToday = [...all.keys()].filter((id) => !validToday.has(id));
    expect(notValidToday).toHaveLength(1);
    const expired = all.get(notValidToday[0] ?? null);
    expect(expired).toBeDefined();
    expect(expired!.visitorType).toBe('CONTRACTOR');
    // Its last valid day is the last of the month before this one (the building's time zone).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const firstOfMonth = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
    const lastMonthEnd = new Date(firstOfMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(expired!.validTo).toBe(lastMonthEnd);
  });

  it('gives the employee printed at start an e-mail and the personal PIN 2468, stored hashed', async () => {
    const holder = byExternalId(await people({ search: DEMO_PASS_HOLDER.externalId })).get(DEMO_PASS_HOLDER.externalId);
    expect(holder).toMatchObject({
      firstName: 'Elena',
      lastName: 'Ortiz',
      visitorType: 'EMPLOYEE',
      email: 'elena.ortiz@demo-corp.example',
      hasPin: true,
      deactivated: false,
    });
    const rows = await t.database.db.selectFrom('people').select(['external_id', 'pin_hash']).execute();
    expect(rows.filter((row) => row.pin_hash !== null).map((row) => row.external_id)).toEqual(['EMP-0001']);
    const hash = rows.find((row) => row.external_id === 'EMP-0001')?.pin_hash ?? '';
    expect(hash).not.toContain('2468');
    expect(await verifyPassword('2468', hash)).toBe(true);

    const links = await demoLinks(t.database.db);
    expect(links).not.toBeNull();
    expect(links!.passHolder).toMatchObject({ name: 'Elena Ortiz', externalId: 'EMP-0001', pin: '2468' });
    const pass = await t.database.db
      .selectFrom('people')
      .select('pass_identifier')
      .where('external_id', '=', 'EMP-0001')
      .executeTakeFirstOrThrow();
    expect(links!.passHolder!.passIdentifier).toBe(pass.pass_identifier);
  });

  it("prints Demo HQ's phone link with its mobile token: the link works, the bare key does not", async () => {
    const links = await demoLinks(t.database.db);
    const token = new URL(links!.phone, 'http://demo.test').searchParams.get('mt');
    expect(token).toMatch(/^[\w-]{16}$/);
    const withToken = await t.app.inject({ method: 'GET', url: `/service/checkin/${links!.qrCodeKey}?mt=${token}` });
    expect(withToken.statusCode).toBe(200);
    const bare = await t.app.inject({ method: 'GET', url: `/service/checkin/${links!.qrCodeKey}` });
    expect(jsonOf(bare).errorCode).toBe('CHECKIN_LINK_EXPIRED');
  });
});

describe("Demo HQ's lobby", () => {
  it('offers visitors and contractors their badge on the kiosk, and employees none', async () => {
    const links = await demoLinks(t.database.db);
    const building = await t.database.db
      .selectFrom('buildings')
      .select('settings')
      .where('qr_code_key', '=', links!.qrCodeKey)
      .executeTakeFirstOrThrow();
    expect(building.settings).toMatchObject({ badgePrint: { VISITOR: 'ASK', CONTRACTOR: 'ASK' } });
    expect(building.settings).not.toHaveProperty('badgePrint.EMPLOYEE');
  });
});

describe("Demo HQ's hosts", () => {
  it('finds employees with their departments and the users who see it, as one types, and says where visitors wait', async () => {
    const links = await demoLinks(t.database.db);
    if (!links) throw new Error('no Demo HQ');
    const search = async (name: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/service/meeting/building/${links.buildingId}/employee`,
        query: { name },
        headers: auth,
      });
      return jsonOf<{ docs: HostCandidate[] }>(response).docs.map((host) =>
        [`${host.firstName} ${host.lastName}`, host.department ?? ''].join(' · '),
      );
    };
    expect(await search('pri')).toEqual(['Priya Raman · Engineering']);
    expect(await search('Ort')).toEqual(['Elena Ortiz · Operations']);
    // Residents host their visitors too (their unit as their department); so do Demo HQ's users.
    expect(await search('marg')).toEqual(['Margaret Holloway · Unit 2104']);
    expect(await search('uma')).toEqual(['Uma User · ']);
    const building = await t.database.db
      .selectFrom('buildings')
      .select('settings')
      .where('id', '=', links.buildingId)
      .executeTakeFirstOrThrow();
    expect(building.settings).toMatchObject({ hostNoticeWaitText: DEMO_WAIT_TEXT });
  });
});

describe('the history behind the demo day', () => {
  async function history() {
    const { db } = t.database;
    const marker = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'demo_visits_day')
      .executeTakeFirstOrThrow();
    const dayIds = (JSON.parse(marker.value) as { ids: string[] }).ids;
    const rows = await db
      .selectFrom('visits')
      .innerJoin('buildings', 'buildings.id', 'visits.building_id')
      .select([
        'buildings.name as building',
        'visits.visitor_type',
        'visits.person_id',
        'visits.email',
        'visits.allowed',
        'visits.refusal_reason',
        'visits.is_invitation',
        'visits.checked_in_at',
        'visits.checked_out_at',
        'visits.checkout_method',
        'visits.expired_at',
        'visits.overdue_alert_sent_at',
        sql<string>`to_char(coalesce(visits.checked_in_at, visits.scheduled_at, visits.created_at)
          at time zone (buildings.settings->>'timeZoneId'), 'YYYY-MM-DD')`.as('day'),
        sql<number>`extract(isodow from coalesce(visits.checked_in_at, visits.scheduled_at, visits.created_at)
          at time zone (buildings.settings->>'timeZoneId'))::int`.as('weekday'),
      ])
      .where('visits.id', 'not in', dayIds)
      .execute();
    return rows.map((row) => ({ ...row, weekday: Number(row.weekday) }));
  }

  it('covers the 90 days before the demo day at Demo HQ and Demo West, every visit over', async () => {
    const rows = await history();
    for (const building of ['Demo HQ', 'Demo West']) {
      const days = new Set(rows.filter((row) => row.building === building).map((row) => row.day));
      // Demo West is shut on some weekends; Demo HQ's residents come in every day.
      expect(days.size).toBeGreaterThanOrEqual(building === 'Demo HQ' ? 88 : 64);
      expect(days.size).toBeLessThanOrEqual(90);
    }
    // Nobody of the history is still inside, and every invitation either came or expired.
    expect(rows.filter((row) => row.checked_in_at !== null && row.checked_out_at === null)).toEqual([]);
    expect(
      rows.filter((row) => row.is_invitation && row.allowed && row.checked_in_at === null && row.expired_at === null),
    ).toEqual([]);
  });

  it('has weekday rushes and quiet weekends, no-shows, refusals, overstays, automatic check-outs and regulars', async () => {
    const rows = await history();
    const guests = rows.filter((row) => row.building === 'Demo HQ' && row.person_id === null);
    const perDay = (weekend: boolean) => {
      const picked = guests.filter((row) => row.weekday >= 6 === weekend);
      return picked.length / new Set(picked.map((row) => row.day)).size;
    };
    expect(perDay(false)).toBeGreaterThan(3 * perDay(true));
    expect(rows.filter((row) => row.expired_at !== null).length).toBeGreaterThan(20);
    expect(new Set(rows.filter((row) => !row.allowed).map((row) => row.refusal_reason))).toEqual(
      new Set(['ALERT_ANSWER', 'TEMPERATURE']),
    );
    expect(rows.filter((row) => row.overdue_alert_sent_at !== null).length).toBeGreaterThan(20);
    expect(rows.filter((row) => row.checkout_method === 'AUTO_TIMEOUT').length).toBeGreaterThan(5);
    const visitsByEmail = new Map<string, number>();
    for (const row of guests) visitsByEmail.set(row.email!, (visitsByEmail.get(row.email!) ?? 0) + 1);
    const returning = [...visitsByEmail.values()].filter((count) => count > 1).length;
    expect(returning).toBeGreaterThan(20);
    expect(visitsByEmail.size - returning).toBeGreaterThan(5);
  });

  it("brings the directory's employees in three or four weekdays a week, never on weekends", async () => {
    const rows = await history();
    const employees = rows.filter((row) => row.visitor_type === 'EMPLOYEE' && row.person_id !== null);
    expect(employees.filter((row) => row.weekday >= 6)).toEqual([]);
    const daysByPerson = new Map<string, Set<string>>();
    for (const row of employees)
      daysByPerson.set(row.person_id!, (daysByPerson.get(row.person_id!) ?? new Set()).add(row.day));
    expect(daysByPerson.size).toBeGreaterThan(25);
    const weeks = 90 / 7;
    const perWeek = [...daysByPerson.values()].map((days) => days.size / weeks);
    const average = perWeek.reduce((sum, n) => sum + n, 0) / perWeek.length;
    expect(average).toBeGreaterThan(2.8);
    expect(average).toBeLessThan(4.2);
  });
});

describe("Demo HQ's day", () => {
  /** The demo day's visits as the entry log lists them (the history behind it left out). */
  async function demoDay() {
    const links = await demoLinks(t.database.db);
    const marker = await t.database.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'demo_visits_day')
      .executeTakeFirstOrThrow();
    const dayIds = new Set((JSON.parse(marker.value) as { ids: string[] }).ids);
    const visits: VisitSummary[] = [];
    for (let page = 1; ; page++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/service/meeting',
        query: { buildingId: links!.buildingId, limit: '500', page: String(page) },
        headers: auth,
      });
      expect(response.statusCode).toBe(200);
      const docs = jsonOf<{ docs: VisitSummary[] }>(response).docs;
      visits.push(...docs.filter((visit) => dayIds.has(visit.id)));
      if (docs.length < 500) return visits;
    }
  }
  const statuses = (visits: VisitSummary[]) =>
    visits.reduce<Record<string, number>>(
      (count, visit) => ({ ...count, [visit.status]: (count[visit.status] ?? 0) + 1 }),
      {},
    );

  it('has people inside, gone, expected, one overdue, one refused and two invitations for tomorrow', async () => {
    const visits = await demoDay();
    expect(visits).toHaveLength(31);
    // The day is written around the moment of the start: of the four invitations expected later
    // today (in 80 minutes to 4 h 20), those after the building's midnight are tomorrow's.
    const zone = (await demoHq(t.database.db))!.timeZoneId;
    const laterToday = visits.filter(
      (visit) =>
        (visit.status === 'TODAY' || visit.status === 'EXPECTED') &&
        dayInZone(new Date(visit.scheduledAt!), zone) === dayInZone(new Date(), zone),
    ).length;
    expect(laterToday).toBeLessThanOrEqual(4);
    // IN 12 (one leaving within the hour), LATE 1, OUT 8, SOON 1, TODAY 4 (expected later today),
    // EXPECTED 2 (tomorrow's), EXPIRED 1 (never came), CANCELLED 1, REFUSED 1 (at the door).
    expect(statuses(visits)).toEqual({
      IN: 12,
      LATE: 1,
      OUT: 8,
      SOON: 1,
      ...(laterToday > 0 ? { TODAY: laterToday } : {}),
      EXPECTED: 2 + 4 - laterToday,
      EXPIRED: 1,
      CANCELLED: 1,
      REFUSED: 1,
    });
    const refused = visits.filter((visit) => !visit.allowed);
    expect(refused).toHaveLength(1);
    // Hosts are employees of the directory.
    const { db } = t.database;
    const hosts = await db
      .selectFrom('visits')
      .innerJoin('people', 'people.id', 'visits.host_person_id')
      .select(['people.visitor_type', 'visits.host', 'people.first_name', 'people.last_name'])
      .execute();
    expect(hosts.length).toBeGreaterThanOrEqual(25);
    for (const host of hosts) {
      expect(host.visitor_type).toBe('EMPLOYEE');
      expect(host.host).toBe(`${host.first_name} ${host.last_name}`);
    }
  });

  it('sends no invitation again and no cancellation at a start: the day is told already', async () => {
    const deps = { db: t.database.db, base: 'http://localhost' };
    expect(await sendInvitations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
    expect(await sendCancellations(deps, new Date())).toEqual({ visits: 0, mails: 0 });
  });

  it('gives way to a new day at a start on a later day, leaving other visits alone', async () => {
    const { db } = t.database;
    const first = await demoDay();
    const mine = first[0]!;
    // A visit somebody made themselves is kept: it stands for any visit not of the demo.
    await db.updateTable('visits').set({ comments: 'mine' }).where('id', '=', mine.id).execute();
    await db.executeQuery(
      sql`update app_settings set value = jsonb_set(value::jsonb, '{ids}', (value::jsonb->'ids') - ${mine.id})::text
        where key = 'demo_visits_day'`.compile(db),
    );
    expect(await seedDemo(db)).toBe(false);
    const total = (await db.selectFrom('visits').select('id').execute()).length;
    expect(await seedDemo(db, new Date(Date.now() + 26 * 3_600_000))).toBe(true);
    const ids = new Set((await db.selectFrom('visits').select('id').execute()).map((row) => row.id));
    expect(ids.has(mine.id)).toBe(true);
    expect(first.filter((visit) => ids.has(visit.id)).map((visit) => visit.id)).toEqual([mine.id]);
    // The day's 31 visits gave way to 31 new ones, the visit somebody changed kept, the history untouched.
    expect(ids.size).toBe(total - 30 + 31);
  });
});

describe("Demo HQ's floors", () => {
  it('has a ground floor and a first floor, each with a PNG plan of 1600 × 1000 served by its address', async () => {
    const building = (await demoHq(t.database.db))!;
    const list = jsonOf<{ docs: Floor[] }>(
      await t.app.inject({ method: 'GET', url: `/service/floor?buildingId=${building.id}&sort=level`, headers: auth }),
    );
    expect(list.docs.map((floor) => [floor.name, floor.level, floor.spaceCount])).toEqual([
      ['Ground floor', 0, 17],
      ['First floor', 1, 13],
    ]);
    for (const floor of list.docs) {
      expect(floor.image).toMatchObject({ width: 1600, height: 1000, contentType: 'image/png' });
      const served = await t.app.inject({ method: 'GET', url: floor.image!.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.readUInt32BE(16)).toBe(1600);
      expect(served.rawPayload.readUInt32BE(20)).toBe(1000);
    }
  });

  it('has thirty spaces: meeting rooms (one a polygon), rows of desks, and a room with two approvers', async () => {
    const floors = jsonOf<{ docs: Floor[] }>(
      await t.app.inject({ method: 'GET', url: '/service/floor', headers: auth }),
    );
    const spaces = [];
    for (const floor of floors.docs) {
      const layout = jsonOf<FloorLayout>(
        await t.app.inject({ method: 'GET', url: `/service/floor/${floor.id}/layout`, headers: auth }),
      );
      spaces.push(...layout.spaces);
    }
    expect(spaces).toHaveLength(30);
    expect(spaces.filter((space) => space.kind === 'DESK')).toHaveLength(22);
    expect(
      spaces
        .filter((space) => space.kind === 'ROOM')
        .map((space) => space.name)
        .sort(),
    ).toEqual([
      'Atrium',
      'Boardroom',
      'Executive suite',
      'Focus room',
      'Huddle 1',
      'Huddle 2',
      'Project room',
      'Training room',
    ]);
    expect(spaces.filter((space) => space.shape?.kind === 'polygon').map((space) => space.name)).toEqual(['Atrium']);
    expect(spaces.every((space) => space.shape !== null && space.public && space.available)).toBe(true);
    const suite = spaces.find((space) => space.name === 'Executive suite')!;
    expect([suite.approver1?.name, suite.approver2?.name]).toEqual(['Morgan Master', 'Sam Supervisor']);
    // Every booking user of Demo HQ finds both floors to book on.
    const forUser = jsonOf<{ name: string }[]>(
      await t.app.inject({
        method: 'GET',
        url: '/service/public/floor/user',
        headers: bearer(await logInAs(t.app, 'user', DEMO_PASSWORD)),
      }),
    );
    expect(forUser.map((floor) => floor.name)).toEqual(['Ground floor', 'First floor']);
  });
});

describe("Demo HQ's week of bookings", () => {
  /** Every occurrence of the demo week, as the booking list shows them to the master. */
  async function demoWeek(): Promise<BookingOccurrence[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/spacebooking',
      query: { status: 'all', limit: '500', sort: 'startsAt' },
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    return jsonOf<{ docs: BookingOccurrence[] }>(response).docs;
  }
  const floorOf = (occurrence: BookingOccurrence | undefined) => occurrence?.floor?.id ?? 'none';
  const day = (occurrence: BookingOccurrence) => dayInZone(new Date(occurrence.startsAt), 'America/Toronto');

  it('books rooms and desks around today: repeats, guests, one waiting for approval, one rejected', async () => {
    const building = (await demoHq(t.database.db))!;
    expect(building.timeZoneId).toBe('America/Toronto');
    const week = await demoWeek();
    // The day the demo was last written (an earlier test wrote it again for a later day).
    const today = JSON.parse(
      (
        await t.database.db
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', 'demo_bookings_week')
          .executeTakeFirstOrThrow()
      ).value,
    ).day as string;
    const days = new Set(week.map(day));
    expect(days.has(today)).toBe(true);
    expect(days.size).toBeGreaterThanOrEqual(7);
    const titled = (title: string) => week.filter((occurrence) => occurrence.title === title);
    // The weekly team meeting: four or five Tuesdays (say) in the Boardroom, with its two attendees.
    const team = titled('Team meeting');
    expect(team.length).toBeGreaterThanOrEqual(4);
    expect(new Set(team.map((occurrence) => occurrence.seriesId)).size).toBe(1);
    expect(team[0]).toMatchObject({ repeat: 'WEEKLY', attendeesCount: 2, space: { name: 'Boardroom' } });
    // The stand-up on weekdays only, at 09:30 on the building's clock.
    const standUps = titled('Stand-up');
    expect(standUps.length).toBeGreaterThanOrEqual(4);
    for (const occurrence of standUps) {
      const weekday = new Date(`${day(occurrence)}T12:00:00Z`).getUTCDay();
      expect([0, 6]).not.toContain(weekday);
      expect(
        new Intl.DateTimeFormat('en-GB', { timeZone: building.timeZoneId, timeStyle: 'short' }).format(
          new Date(occurrence.startsAt),
        ),
      ).toBe('09:30');
    }
    expect(titled('Board meeting').map((occurrence) => [occurrence.status, occurrence.space?.name])).toEqual([
      ['PENDING', 'Executive suite'],
    ]);
    expect(titled('Offsite preparation').map((occurrence) => occurrence.status)).toEqual(['REJECTED']);
    expect(titled('Client workshop')[0]).toMatchObject({ attendeesCount: 2, host: { name: 'Sam Supervisor' } });
    expect(week.filter((occurrence) => occurrence.title === 'Desk').length).toBeGreaterThanOrEqual(10);
  });

  it("shows who is where on its floors today: Demo Corp shares it, as a newcomer's company does not", async () => {
    const floor = floorOf((await demoWeek()).find((occurrence) => occurrence.title === 'Team meeting'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/service/spacebooking/whereabouts/${floor}`,
      headers: bearer(await logInAs(t.app, 'user', DEMO_PASSWORD)),
    });
    expect(jsonOf<{ shared: boolean }>(response).shared).toBe(true);
    const shared = await t.database.db
      .selectFrom('tenants')
      .select(['name', 'share_whereabouts'])
      .orderBy('name')
      .execute();
    expect(shared.filter((tenant) => tenant.share_whereabouts).map((tenant) => tenant.name)).toEqual(['Demo Corp']);
  });

  it('gives way to a new week at a start on a later day, leaving a booking someone made alone', async () => {
    const { db } = t.database;
    const before = await demoWeek();
    const marker = JSON.parse(
      (
        await db
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', 'demo_bookings_week')
          .executeTakeFirstOrThrow()
      ).value,
    ) as { day: string; ids: string[] };
    const demoSeries = new Set(marker.ids);
    // Somebody books the Focus room from 10:00 to 11:00 two days after the demo's day, where the next week
    // wants its "Deep work" (09:00 to 12:00).
    const focus = before.find((occurrence) => occurrence.space?.name === 'Focus room')!;
    const inTwoDays = addDays(marker.day, 2);
    const made = await t.app.inject({
      method: 'POST',
      url: '/service/spacebooking',
      headers: auth,
      payload: {
        title: 'Mine',
        spaceId: focus.space!.id,
        startsAt: zonedInstant(inTwoDays, '10:00', 'America/Toronto').toISOString(),
        endsAt: zonedInstant(inTwoDays, '11:00', 'America/Toronto').toISOString(),
      },
    });
    expect(made.statusCode).toBe(200);
    const mine = jsonOf<{ id: string }>(made).id;
    expect(await seedDemo(db)).toBe(false);
    expect(await seedDemo(db, zonedInstant(addDays(marker.day, 1), '12:00', 'America/Toronto'))).toBe(true);
    const after = await demoWeek();
    // The earlier week's series are gone, a new week stands, and the booking made meanwhile is kept.
    expect(after.filter((occurrence) => demoSeries.has(occurrence.seriesId))).toEqual([]);
    expect(after.filter((occurrence) => occurrence.seriesId === mine).map((occurrence) => occurrence.title)).toEqual([
      'Mine',
    ]);
    expect(after.filter((occurrence) => occurrence.title === 'Board meeting')).toHaveLength(1);
    // The new week's "Deep work" found its slot taken and left it.
    expect(after.filter((occurrence) => occurrence.title === 'Deep work')).toEqual([]);
    expect(after.filter((occurrence) => occurrence.title === 'Stand-up').length).toBeGreaterThanOrEqual(4);
  });
});

describe('seeding again', () => {
  it('adds nothing twice', async () => {
    const before = await counts();
    expect(before).toMatchObject({ tenants: 2, buildings: 3, people: 50 });
    const floorsBefore = await floorCounts();
    expect(floorsBefore).toEqual({ floors: 2, plans: 2, spaces: 30 });
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await counts()).toEqual(before);
    expect(await floorCounts()).toEqual(floorsBefore);
  });

  it('gives a database seeded before the directory existed its directory, once', async () => {
    const { db } = t.database;
    await db.deleteFrom('people').execute();
    await db.deleteFrom('app_settings').where('key', '=', 'demo_people_seeded').execute();
    const before = await counts();
    expect(await seedDemo(db)).toBe(true);
    expect(await counts()).toEqual({ ...before, people: 44 });
    expect(await seedDemo(db)).toBe(false);
    expect((await counts()).people).toBe(44);
  });

  it('prints no pass holder once they are deactivated', async () => {
    const { db } = t.database;
    await db.updateTable('people').set({ deactivated: true }).where('external_id', '=', 'EMP-0001').execute();
    const links = await demoLinks(db);
    expect(links).not.toBeNull();
    expect(links!.passHolder).toBeNull();
  });
});
