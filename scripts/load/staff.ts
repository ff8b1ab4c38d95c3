// The staff of a load run (docs/load.md, "Staff"): LOAD_STAFF supervisors of every building, each
// signed in through HAProxy, holding the entry log's live stream (GET /live/visits) open and
// reconnecting it as the admin app does (admin/src/features/live/liveConnection.ts: a new ticket,
// the last event id in the query, a pause of 1 s doubling to 30 s), and at modest rates inviting
// visitors, searching the people directory and paging the entry log. Also how long each stream
// took to catch up after each fault.
import { SERVICE_BASE } from '@vestibule/shared';
import { type ApiClient, createApiClient } from '@vestibule/shared/api';
import { liveStreamEvents, liveVisitEventSchema, pathOf } from '@vestibule/shared/contract';
import type { DatabaseHandle, Db } from '@vestibule/server';
import { SseReader } from '@vestibule/server/bench';
import { assignBuildings, createUser } from '@vestibule/server/testing';
import { type Kind, clock, sleep, timedFetchAs } from './samples.ts';

/** Each staff user pages the entry log, searches people and invites, about this often. */
export const STAFF_EVERY_MS = { entryLog: 15_000, peopleSearch: 30_000, invitation: 120_000 } as const;
/** People of the directory seeded per building: the hosts of invitations and what searches find. */
const PEOPLE_PER_BUILDING = 40;
const SURNAMES = ['Lovelace', 'Hopper', 'Turing', 'Noether', 'Curie', 'Franklin', 'Meitner', 'Hamilton'];
/** The live events a stream remembers (seq and arrival), to tell whether it had one already. */
const RECENT_EVENTS = 4000;
/** The admin app's pause before it opens a dropped stream again (liveConnection.ts). */
const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

const path = (key: Parameters<typeof pathOf>[0]) => `${SERVICE_BASE}${pathOf(key)}`;

/** A staff call's kind, by method and path (the ticket of a stream too; a sign-in is `other`). */
function staffKind(url: string, method: string): Kind {
  const { pathname } = new URL(url);
  if (pathname === path('POST /live/ticket')) return 'ticket';
  if (pathname === path('GET /people')) return 'peopleSearch';
  if (pathname === path('GET /meeting')) return method === 'POST' ? 'invitation' : 'entryLog';
  return 'other';
}

export interface Building {
  id: string;
}

export interface Staff {
  index: number;
  client: ApiClient;
  invitations: number;
}

/** A client signed in through HAProxy as a user made here; its calls are timed when `timed`. */
async function signedIn(origin: string, username: string, password: string, timed: boolean): Promise<ApiClient> {
  const fetchImpl = timed ? timedFetchAs(staffKind) : (input: string, init?: RequestInit) => fetch(input, init);
  const anonymous = createApiClient({ baseUrl: `${origin}${SERVICE_BASE}`, getToken: () => null, fetchImpl });
  const { token } = await anonymous.call('POST /login', { body: { username, password } });
  return createApiClient({
    baseUrl: `${origin}${SERVICE_BASE}`,
    getToken: () => token,
    getLocale: () => 'en',
    fetchImpl,
  });
}

/**
 * Seeds the directory (PEOPLE_PER_BUILDING employees a building, through the API as a company
 * admin) and `count` supervisors assigned every building, each signed in. Answers the staff and
 * the employees of each building (the hosts of invitations).
 */
export async function seedStaff(
  db: Db,
  origin: string,
  tenantId: string,
  buildings: readonly Building[],
  count: number,
): Promise<{ staff: Staff[]; hosts: Map<string, string[]> }> {
  const admin = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  const adminClient = await signedIn(origin, admin.username, admin.password, false);
  const hosts = new Map<string, string[]>();
  for (const building of buildings) {
    const ids: string[] = [];
    for (let p = 0; p < PEOPLE_PER_BUILDING; p++) {
      const person = await adminClient.call('POST /person', {
        body: {
          buildingId: building.id,
          visitorType: 'EMPLOYEE',
          firstName: 'Load',
          lastName: `${SURNAMES[p % SURNAMES.length] ?? 'Person'} ${p}`,
          defaultDuration: 480,
        },
      });
      ids.push(person.id);
    }
    hosts.set(building.id, ids);
  }
  const staff: Staff[] = [];
  for (let index = 0; index < count; index++) {
    const user = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
    await assignBuildings(
      db,
      user.id,
      buildings.map((b) => b.id),
    );
    staff.push({ index, client: await signedIn(origin, user.username, user.password, true), invitations: 0 });
  }
  return { staff, hosts };
}

const pick = <T>(values: readonly T[]): T | undefined => values[Math.floor(Math.random() * values.length)];

/** One page of the entry log (GET /meeting), as the list pages: 25 rows, one of the first pages. */
export async function entryLogPage(staff: Staff): Promise<void> {
  await staff.client.call('GET /meeting', { query: { page: 1 + Math.floor(Math.random() * 3), limit: 25 } });
}

/** A search of the people directory (GET /people) by the first letters of a surname. */
export async function peopleSearch(staff: Staff): Promise<void> {
  const surname = pick(SURNAMES) ?? 'Lovelace';
  await staff.client.call('GET /people', {
    query: { search: surname.slice(0, 3 + Math.floor(Math.random() * 3)), page: 1, limit: 25 },
  });
}

/** An invitation (POST /meeting) of a typed visitor for tomorrow, hosted by an employee of a building. */
export async function invite(
  staff: Staff,
  buildings: readonly Building[],
  hosts: Map<string, string[]>,
): Promise<void> {
  const building = pick(buildings);
  const hostPersonId = building && pick(hosts.get(building.id) ?? []);
  if (!building || !hostPersonId) return;
  staff.invitations++;
  await staff.client.call('POST /meeting', {
    body: {
      buildingId: building.id,
      visitorType: 'VISITOR',
      firstName: 'Invited',
      lastName: `Guest ${staff.index}-${staff.invitations}`,
      hostPersonId,
      scheduledAt: new Date(Date.now() + 86_400_000 + Math.random() * 86_400_000).toISOString(),
      scheduledDuration: 'PT1H',
    },
  });
}

/** A stream's ticket (POST /live/ticket): every building the user sees. */
export async function liveTicket(staff: Staff): Promise<string> {
  return (await staff.client.call('POST /live/ticket', { body: {} })).ticket;
}

/** Each staff user's requests at STAFF_EVERY_MS (each gap drawn from half to one and a half of it) until `end`. */
export async function staffWork(
  staff: Staff,
  buildings: readonly Building[],
  hosts: Map<string, string[]>,
  end: number,
): Promise<void> {
  const loop = async (everyMs: number, work: () => Promise<void>) => {
    for (;;) {
      const next = Date.now() + everyMs * (0.5 + Math.random());
      if (next >= end) return;
      await sleep(next - Date.now());
      await work().catch(() => undefined);
    }
  };
  await Promise.all([
    loop(STAFF_EVERY_MS.entryLog, () => entryLogPage(staff)),
    loop(STAFF_EVERY_MS.peopleSearch, () => peopleSearch(staff)),
    loop(STAFF_EVERY_MS.invitation, () => invite(staff, buildings, hosts)),
  ]);
}

// --- Live streams and their catch-up ---------------------------------------------------------

/** A fault's end as a stream waits for it: the last visit event committed by then. */
interface Target {
  fault: string;
  /** The fault's end, in ms since the run's start. */
  endMs: number;
  seq: number;
  /** When the harness's own LISTEN received it (ms since the run's start). */
  committedMs: number;
}

export interface CatchUp {
  fault: string;
  /** ms after the fault's end (0: it had it by then); undefined: it never did. */
  ms: number | undefined;
  /** It caught up by a `resync` (it reloads everything) rather than by the event itself. */
  byResync: boolean;
}

/** A visit event's seq, checked against its schema; undefined for anything else. */
function seqOf(data: string): number | undefined {
  try {
    const parsed = liveVisitEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.seq : undefined;
  } catch {
    return undefined;
  }
}

export class LiveStream {
  /** The visit events received lately: seq → arrival (ms since the run's start). */
  readonly #recent = new Map<number, number>();
  /** When each `resync` arrived (ms since the run's start). */
  readonly resyncs: number[] = [];
  opened = 0;
  events = 0;
  readonly catchUps: CatchUp[] = [];
  #waiting: { target: Target; catchUp: CatchUp }[] = [];
  #reader: SseReader | undefined;
  #stopped = false;

  readonly staff: Staff;
  readonly origin: string;

  constructor(staff: Staff, origin: string) {
    this.staff = staff;
    this.origin = origin;
  }

  /** Keeps the stream open until stopped, as the admin app does. */
  async run(): Promise<void> {
    let attempt = 0;
    let lastEventId: string | undefined;
    while (!this.#stopped) {
      const opened = await this.#open(lastEventId);
      if (opened) {
        this.#reader = opened;
        this.opened++;
        for (;;) {
          let message;
          try {
            message = await opened.next(3_600_000);
          } catch {
            break;
          }
          if (message.id) lastEventId = message.id;
          const now = Date.now() - clock.start;
          if (message.event === liveStreamEvents.ready) attempt = 0;
          else if (message.event === liveStreamEvents.resync) this.#resync(now);
          else if (message.event === liveStreamEvents.visit) {
            const seq = seqOf(message.data);
            if (seq !== undefined) this.#visit(seq, now);
          }
        }
        this.#reader = undefined;
      }
      if (this.#stopped) return;
      attempt++;
      await sleep(retryDelay(attempt));
    }
  }

  stop(): void {
    this.#stopped = true;
    this.#reader?.close();
  }

  async #open(lastEventId: string | undefined): Promise<SseReader | undefined> {
    try {
      const ticket = await liveTicket(this.staff);
      const query = new URLSearchParams({ ticket });
      if (lastEventId !== undefined) query.set('lastEventId', lastEventId);
      const opened = await SseReader.open(`${this.origin}${path('GET /live/visits')}?${query}`);
      return opened.reader;
    } catch {
      return undefined;
    }
  }

  #visit(seq: number, now: number): void {
    this.events++;
    this.#recent.set(seq, now);
    if (this.#recent.size > RECENT_EVENTS) {
      const oldest = this.#recent.keys().next();
      if (!oldest.done) this.#recent.delete(oldest.value);
    }
    this.#waiting = this.#waiting.filter(({ target, catchUp }) => {
      if (target.seq !== seq) return true;
      catchUp.ms = Math.max(0, now - target.endMs);
      return false;
    });
  }

  #resync(now: number): void {
    this.resyncs.push(now);
    this.#waiting = this.#waiting.filter(({ target, catchUp }) => {
      // A reload after the event was committed has it.
      if (now < target.committedMs) return true;
      catchUp.ms = Math.max(0, now - target.endMs);
      catchUp.byResync = true;
      return false;
    });
  }

  /** Starts waiting for the target (or finds it had it already). */
  expect(target: Target): void {
    const catchUp: CatchUp = { fault: target.fault, ms: undefined, byResync: false };
    this.catchUps.push(catchUp);
    const had = this.#recent.get(target.seq);
    if (had !== undefined) {
      catchUp.ms = Math.max(0, had - target.endMs);
      return;
    }
    const resync = this.resyncs.find((at) => at >= target.committedMs);
    if (resync !== undefined) {
      catchUp.ms = Math.max(0, resync - target.endMs);
      catchUp.byResync = true;
      return;
    }
    this.#waiting.push({ target, catchUp });
  }
}

/**
 * The harness's own LISTEN on the visits' channel (server/src/modules/live/liveHub.ts listens to
 * the same): the last visit event committed, which the streams must have after a fault.
 */
export function watchCommits(database: DatabaseHandle): {
  last: () => { seq: number; committedMs: number } | undefined;
  close: () => Promise<void>;
} {
  let last: { seq: number; committedMs: number } | undefined;
  const listener = database.listen(['vestibule_visits'], {
    notification: (_channel, payload) => {
      const seq = seqOf(payload);
      if (seq !== undefined) last = { seq, committedMs: Date.now() - clock.start };
    },
    listening: () => undefined,
    lost: () => undefined,
  });
  return { last: () => last, close: () => listener.close() };
}

/** At a fault's end: every stream waits for the last event committed by then. */
export function expectCatchUp(
  streams: readonly LiveStream[],
  fault: string,
  last: ReturnType<typeof watchCommits>['last'],
): void {
  const committed = last();
  if (!committed) return;
  const target: Target = { fault, endMs: Date.now() - clock.start, ...committed };
  for (const stream of streams) stream.expect(target);
}
