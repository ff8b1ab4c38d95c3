import {
  type AnsweredQuestionnaire,
  type VisitorType,
  minutesToDuration,
  newBuildingSettings,
  newVisitCodes,
  uuidv7,
  zonedInstant,
} from '@vestibule/shared';
import { newBuildingColumns } from '../../modules/buildings/buildings.service.ts';
import { newPassIdentifier } from '../../modules/people/peoplePass.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../database.ts';
import type { DB } from '../tables.generated.ts';
import { DEMO_WAIT_TEXT, claimDemoMarker, demoHq } from './demoCommon.ts';
import { addDays, todayIn } from './demoPeople.ts';
import { entryAnswers } from './demoVisits.ts';

// Ninety days of history behind the demo day at Demo HQ and at Demo West (a second building of
// Demo Corp, on Vancouver's clock), so a newcomer's reports show real shapes at once: weekday
// rush hours and quiet weekends, employees of the directory coming in three or four days a week,
// regular visitors who return, invitations that were never honoured, refusals at the door,
// visitors who stayed past their time and automatic check-outs. Every visit is over (checked
// out, refused or expired) and its notices marked sent, so no job acts on the past.
// Written once, at the first start (a marker in app_settings in the same transaction), and the
// same for the same demo day: the numbers come from a seeded generator, not from chance.

const MARKER = 'demo_history_seeded';
export const DEMO_HISTORY_DAYS = 90;
export const DEMO_SECOND_BUILDING = 'Demo West';
const MINUTE = 60_000;

/** A small deterministic generator (mulberry32), so the same seed gives the same history. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof generator>;

/** Visitors from outside: a few regulars who come back often, and many who come once or twice. */
const visitorFirst = ['Hannah', 'Tomás', 'Priya', 'Jonas', 'Aisha', 'Marc', 'Yuki', 'Grace', 'Daniel', 'Laura'];
const visitorLast = ['Schultz', 'Herrera', 'Raman', 'Lindqvist', 'Bello', 'Dubois', 'Mori', 'Okoye', 'Weiss', 'Conti'];
const companies = [
  'Lumen Analytics',
  'Andes Logistics',
  'Northbeam Capital',
  'Fjord Design',
  'Harbour Legal',
  'Kumo Systems',
  'Bright Path Recruiting',
  'Polar Foods',
  'Jade River Tech',
  'Cedar Health',
];
const contractorCompanies = ['Walsh Engineering', 'Spark Electric', 'Clearview Windows', 'Tidy Facilities'];

interface Guest {
  first: string;
  last: string;
  company: string;
  email: string;
}

/** Four hundred visitor identities; the first ones are drawn far more often (they return). */
function guestPool(): Guest[] {
  const pool: Guest[] = [];
  for (let i = 0; i < 400; i++) {
    const first = visitorFirst[i % visitorFirst.length]!;
    const last = visitorLast[(i * 7 + Math.floor(i / 10)) % visitorLast.length]!;
    const company = companies[(i * 3) % companies.length]!;
    const email = `${first}.${last}.${i}`
      .normalize('NFD')
      .replace(/[^A-Za-z0-9.]/g, '')
      .toLowerCase();
    pool.push({ first, last, company, email: `${email}@visitor.example` });
  }
  return pool;
}

/** A guest drawn with a skew: about half the visits come from the first forty identities. */
const drawGuest = (random: Random, pool: Guest[]) => pool[Math.floor(pool.length * Math.pow(random.next(), 3))]!;

/** Arrival minutes after local midnight: a morning rush, a lunch bump, a quieter afternoon. */
function arrivalMinute(random: Random): number {
  const roll = random.next();
  const [from, to] =
    roll < 0.45 ? [8 * 60 + 30, 10 * 60 + 30] : roll < 0.7 ? [12 * 60 + 45, 14 * 60] : [10 * 60 + 30, 17 * 60];
  return random.int(from, to);
}

interface HistoryBuilding {
  id: string;
  tenantId: string;
  timeZoneId: string;
  /** Guests on a weekday (min, max) and on a weekend day. */
  weekday: [number, number];
  weekend: [number, number];
}

interface Host {
  personId: string | null;
  userId: string | null;
  name: string;
}

interface Regular {
  id: string;
  first: string;
  last: string;
  email: string | null;
  phone: string | null;
  type: VisitorType;
  /** The ISO weekdays (1 Monday) this person usually comes in. */
  days: number[];
}

type VisitRow = Insertable<DB['visits']>;

/**
 * Writes the history once (see above); answers whether it wrote. Needs Demo Corp and Demo HQ's
 * directory (seedDemoPeople); adds Demo West with a small directory of its own when missing.
 */
export async function seedDemoHistory(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const hq = await demoHq(trx);
    if (!hq) return false;
    const hqPeople = await directory(trx, hq.id);
    if (hqPeople.length === 0) return false;
    if (!(await claimDemoMarker(trx, MARKER, now.toISOString()))) return false;

    const hqZone = hq.timeZoneId;
    const west = await demoWest(trx, hq.tenantId);
    const today = todayIn(hqZone, now);
    const buildings: HistoryBuilding[] = [
      { id: hq.id, tenantId: hq.tenantId, timeZoneId: hqZone, weekday: [9, 18], weekend: [0, 3] },
      { id: west.id, tenantId: hq.tenantId, timeZoneId: west.timeZoneId, weekday: [3, 8], weekend: [0, 1] },
    ];
    const answers = {
      VISITOR: await entryAnswers(trx, hq.id, 'VISITOR'),
      CONTRACTOR: await entryAnswers(trx, hq.id, 'CONTRACTOR'),
      EMPLOYEE: await entryAnswers(trx, hq.id, 'EMPLOYEE'),
      fever: await entryAnswers(trx, hq.id, 'VISITOR', true),
    };

    const random = generator(20_261_127);
    const pool = guestPool();
    const everyone = [
      { building: buildings[0]!, people: hqPeople },
      { building: buildings[1]!, people: west.people },
    ];
    const rows: VisitRow[] = [];
    for (const { building, people } of everyone) {
      const employees = people.filter((person) => person.visitor_type === 'EMPLOYEE');
      const hosts: Host[] = employees
        .slice(0, 8)
        .map((person) => ({ personId: person.id, userId: null, name: `${person.first_name} ${person.last_name}` }));
      // Three or four weekdays each (hybrid work); residents most days of the week.
      const regulars: (Regular & { validFrom: string | null; validTo: string | null; onLeaveFrom: string | null })[] =
        people
          .filter((person) => person.visitor_type === 'EMPLOYEE' || person.visitor_type === 'RESIDENT')
          .map((person, i) => ({
            id: person.id,
            first: person.first_name,
            last: person.last_name,
            email: person.email,
            phone: person.phone,
            type: person.visitor_type,
            days:
              person.visitor_type === 'RESIDENT'
                ? [1, 2, 3, 4, 5, 6, 7].filter((day) => (day + i) % 4 !== 0)
                : [1, 2, 3, 4, 5].filter((day) => (day + i) % 5 !== 0 && (i % 3 !== 0 || day !== ((i + 2) % 5) + 1)),
            validFrom: person.valid_from,
            validTo: person.valid_to,
            // One employee of Demo HQ is on leave for the last six weeks: never seen in those reports.
            onLeaveFrom: building.id === hq.id && i === 5 ? addDays(today, -42) : null,
          }));
      for (let back = DEMO_HISTORY_DAYS; back >= 1; back--) {
        const day = addDays(today, -back);
        const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
        const at = (minute: number) => zonedInstant(day, clock(minute), building.timeZoneId);
        const visit = newRow(building);

        for (const person of regulars) {
          if (!person.days.includes(weekday) || random.chance(0.12)) continue;
          if ((person.validFrom && person.validFrom > day) || (person.validTo && person.validTo < day)) continue;
          if (person.onLeaveFrom && day >= person.onLeaveFrom) continue;
          const arrive = random.int(7 * 60 + 30, 10 * 60);
          const leave = arrive + random.int(7 * 60, 9 * 60 + 30);
          rows.push({
            ...visit(person.type, answers[person.type === 'RESIDENT' ? 'VISITOR' : 'EMPLOYEE']),
            person_id: person.id,
            first_name: person.first,
            last_name: person.last,
            email: person.email,
            phone: person.phone,
            checked_in_at: at(arrive),
            checked_out_at: at(Math.min(leave, 23 * 60 + 50)),
            checkout_method: random.pick(['KIOSK', 'OWN_DEVICE', 'KIOSK'] as const),
            // Their day as planned: they leave before it ends, so no employee shows as overdue.
            scheduled_duration: minutesToDuration(600),
            source: random.pick(['KIOSK', 'OWN_DEVICE'] as const),
          });
        }

        const [min, max] = weekday >= 6 ? building.weekend : building.weekday;
        const guests = random.int(min, max);
        for (let g = 0; g < guests; g++) {
          const contractor = random.chance(0.18);
          const type: VisitorType = contractor ? 'CONTRACTOR' : 'VISITOR';
          const guest = drawGuest(random, pool);
          const host = hosts.length > 0 ? random.pick(hosts) : null;
          const arrive = arrivalMinute(random);
          const planned = contractor ? random.pick([120, 240, 480]) : random.pick([30, 60, 60, 90, 120]);
          const invited = random.chance(0.35);
          const base = {
            ...visit(type, answers[type]),
            first_name: guest.first,
            last_name: guest.last,
            email: guest.email,
            company_name: contractor ? random.pick(contractorCompanies) : guest.company,
            host: host?.name ?? null,
            host_person_id: host?.personId ?? null,
            host_user_id: host?.userId ?? null,
            scheduled_duration: minutesToDuration(planned),
            is_invitation: invited,
            scheduled_at: invited ? at(arrive - random.int(0, 10)) : null,
            invitation_sent_at: invited ? at(arrive - 24 * 60) : null,
            invitation_sent_sequence: invited ? 0 : null,
            start_reminder_sent_at: invited ? at(arrive - 180) : null,
            created_at: invited ? at(arrive - 24 * 60) : at(arrive),
          };
          const roll = random.next();
          if (invited && roll < 0.1) {
            // Invited, never came: expired at the end of its time.
            const end = at(arrive + planned);
            rows.push({
              ...base,
              expired_at: end,
              updated_at: end,
              consent_accepted: false,
              questionnaires_answers: '[]',
            });
            continue;
          }
          if (roll > 0.975) {
            // Refused at the door: an alert answer, or a temperature over the building's limit.
            const fever = random.chance(0.5);
            rows.push({
              ...base,
              allowed: false,
              flagged: true,
              refusal_reason: fever ? 'TEMPERATURE' : 'ALERT_ANSWER',
              temp_measure1: fever ? 38.2 : 36.6,
              questionnaires_answers: JSON.stringify(fever ? answers[type] : answers.fever),
              questionnaires_answered_at: at(arrive),
              updated_at: at(arrive),
            });
            continue;
          }
          // Most leave on time or a little early; some stay over and are told, some forget to
          // check out and the building checks them out an hour after their time.
          const overstay = random.next();
          const forgot = overstay > 0.96;
          const stay = forgot
            ? planned + 60
            : overstay > 0.85
              ? planned + random.int(15, 55)
              : Math.max(10, planned - random.int(0, Math.floor(planned / 3)));
          const checkIn = at(arrive);
          const checkOut = new Date(checkIn.getTime() + stay * MINUTE);
          rows.push({
            ...base,
            checked_in_at: checkIn,
            checked_out_at: checkOut,
            checkout_method: forgot ? 'AUTO_TIMEOUT' : random.pick(['KIOSK', 'KIOSK', 'OWN_DEVICE', 'STAFF'] as const),
            overdue_alert_sent_at: stay > planned ? new Date(checkIn.getTime() + (planned + 15) * MINUTE) : null,
            end_reminder_sent_at: new Date(checkIn.getTime() + Math.max(0, planned - 10) * MINUTE),
            host_notified_at: host ? checkIn : null,
            source: invited
              ? random.pick(['KIOSK', 'OWN_DEVICE'] as const)
              : random.pick(['KIOSK', 'KIOSK', 'STAFF'] as const),
            updated_at: checkOut,
          });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('visits')
        .values(rows.slice(i, i + 500))
        .execute();
    return true;
  });
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A visit's row with what every history visit shares; the caller fills in who and when. */
function newRow(building: HistoryBuilding) {
  return (type: VisitorType, answered: AnsweredQuestionnaire[]) => {
    const codes = newVisitCodes();
    return {
      id: uuidv7(),
      tenant_id: building.tenantId,
      building_id: building.id,
      identifier: codes.identifier,
      public_identifier: codes.publicIdentifier,
      pin: codes.pin,
      visitor_type: type,
      check_in_form: JSON.stringify({}),
      allowed: true,
      consent_accepted: true,
      temp_measure1: 36.5,
      questionnaires_answers: JSON.stringify(answered),
      locale: 'en',
      source: 'KIOSK' as 'KIOSK' | 'OWN_DEVICE' | 'STAFF',
    };
  };
}

/** Demo West (Vancouver) and its small directory, made when missing. */
async function demoWest(trx: Db, tenantId: string) {
  const existing = await trx
    .selectFrom('buildings')
    .select(['id', 'settings'])
    .where('tenant_id', '=', tenantId)
    .where('name', '=', DEMO_SECOND_BUILDING)
    .executeTakeFirst();
  const timeZoneId = 'America/Vancouver';
  const id = existing?.id ?? uuidv7();
  if (!existing) {
    await trx
      .insertInto('buildings')
      .values({
        id,
        tenant_id: tenantId,
        name: DEMO_SECOND_BUILDING,
        external_id: null,
        address1: '1055 West Georgia Street',
        city: 'Vancouver',
        zip: 'V6E 3P3',
        state: 'BC',
        country_code: 'CA',
        pin_code: '1234',
        ...newBuildingColumns(),
        settings: JSON.stringify({ ...newBuildingSettings(), timeZoneId, hostNoticeWaitText: DEMO_WAIT_TEXT }),
        mobile_token: null,
      })
      .execute();
    const staff: [string, string, string][] = [
      ['Camille', 'Tremblay', 'Sales'],
      ['Noah', 'Fraser', 'Sales'],
      ['Leila', 'Nasser', 'Engineering'],
      ['Ryan', 'Cho', 'Engineering'],
      ['Zoé', 'Gagnon', 'Operations'],
      ['Owen', 'MacLeod', 'Operations'],
    ];
    await trx
      .insertInto('people')
      .values(
        staff.map(([first, last, department], i) => ({
          id: uuidv7(),
          tenant_id: tenantId,
          building_id: id,
          first_name: first,
          last_name: last,
          email:
            `${first}.${last}`
              .normalize('NFD')
              .replace(/[^A-Za-z.]/g, '')
              .toLowerCase() + '@demo-corp.example',
          phone: null,
          visitor_type: 'EMPLOYEE' as const,
          external_id: `WEST-${String(i + 1).padStart(3, '0')}`,
          department,
          job_title: null,
          company_name: null,
          default_duration: 480,
          valid_from: '2025-01-01',
          valid_to: null,
          pass_identifier: newPassIdentifier(),
        })),
      )
      .execute();
  }
  const people = await directory(trx, id);
  return { id, timeZoneId, people };
}

/** The people of a building's directory who still work there, in the order of their ids. */
function directory(db: Db, buildingId: string) {
  return db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'visitor_type', 'valid_from', 'valid_to'])
    .where('building_id', '=', buildingId)
    .where('deactivated', '=', false)
    .orderBy('external_id')
    .execute();
}
