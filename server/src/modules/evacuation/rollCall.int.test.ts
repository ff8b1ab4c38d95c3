import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CurrentRollCall,
  type RollCall,
  type Role,
  type SyncPushRequest,
  type SyncPushResponse,
  uuidv7,
} from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createPerson,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

// The evacuation list's roll call, shared by every warden (docs/visits.md, "The roll call"):
// started, marked and ended through the evacuation calls by the entry log's roles within their
// company and buildings, audited; and marked on a kiosk's staff screen offline, its entries
// applied exactly once through the sync and merged by the later mark by time. Runs on PGlite,
// and on a PostgreSQL server with TEST_DATABASE_URL.

let t: TestApp;
let tenantId: string;
let lobby: string;
let lobbyKey: string;
/** A building of the same company assigned to nobody. */
let annex: string;
let otherCompanyBuilding: string;
const tokens = {} as Record<Role, { authorization: string }>;
const names = {} as Record<Role, string>;
const minute = 60_000;

async function visit(buildingId: string, lastName: string, values: { checkedIn?: boolean; phone?: string } = {}) {
  const id = uuidv7();
  const building = await t.database.db
    .selectFrom('buildings')
    .select('tenant_id')
    .where('id', '=', buildingId)
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('visits')
    .values({
      id,
      tenant_id: building.tenant_id,
      building_id: buildingId,
      identifier: id.replace(/-/g, '').slice(-8).toUpperCase(),
      public_identifier: id,
      pin: '1234',
      visitor_type: 'VISITOR',
      source: 'KIOSK',
      first_name: 'Ann',
      last_name: lastName,
      checked_in_at: values.checkedIn === false ? null : new Date(Date.now() - 60 * minute),
    })
    .execute();
  return id;
}

function call(role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url: `/service/evacuation/${url}`, headers: tokens[role], payload });
}

async function ok<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf<T>(response);
}

const start = async (buildingId: string, reason: 'ALARM' | 'DRILL' = 'ALARM', role: Role = 'ROLE_USER') =>
  ok<RollCall>(await call(role, 'POST', `${buildingId}/rollCall`, { reason }));
const end = async (rollCall: { id: string; buildingId: string }, role: Role = 'ROLE_USER') =>
  ok<RollCall>(await call(role, 'POST', `${rollCall.buildingId}/rollCall/${rollCall.id}/end`));
const mark = (
  rollCall: { id: string; buildingId: string },
  visitId: string,
  status: 'PRESENT' | 'ABSENT' | null,
  role: Role = 'ROLE_USER',
) =>
  status === null
    ? call(role, 'DELETE', `${rollCall.buildingId}/rollCall/${rollCall.id}/marks/${visitId}`)
    : call(role, 'PUT', `${rollCall.buildingId}/rollCall/${rollCall.id}/marks/${visitId}`, { status });
const current = async (buildingId: string, role: Role = 'ROLE_USER') =>
  (await ok<CurrentRollCall>(await call(role, 'GET', `${buildingId}/rollCall`))).rollCall;
/** The roll call the building shows, which the test expects there. */
async function shown(buildingId: string, role: Role = 'ROLE_USER'): Promise<RollCall> {
  const rollCall = await current(buildingId, role);
  if (!rollCall) throw new Error('no roll call is shown');
  return rollCall;
}

/** Each visit's mark now, as `visitId: STATUS by name`. */
function marksOf(rollCall: RollCall | null): Record<string, string> {
  return Object.fromEntries(
    (rollCall?.marks ?? []).map((entry) => [entry.visitId, `${entry.status} by ${entry.markedBy.name}`]),
  );
}

async function auditActions(rollCallId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity', '=', 'rollCall')
    .where('entity_id', '=', rollCallId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { name: 'Harbour Offices' });
  lobby = await createBuilding(db, tenantId, 'Harbour Lobby');
  lobbyKey = await qrCodeKeyOf(db, lobby);
  annex = await createBuilding(db, tenantId, 'Harbour Annex');
  otherCompanyBuilding = await createBuilding(db, await createTenant(db, { name: 'Elsewhere Ltd' }), 'Elsewhere');
  const people: [Role, string, string][] = [
    ['ROLE_ADMIN', 'Ada', 'Admin'],
    ['ROLE_MASTER', 'Mara', 'Corporate'],
    ['ROLE_SUPERVISOR', 'Sam', 'Supervisor'],
    ['ROLE_USER', 'Uma', 'Warden'],
    ['ROLE_SPACE', 'Sol', 'Space'],
    ['ROLE_TECH_1', 'Ted', 'Tech'],
  ];
  for (const [role, first, last] of people) {
    const user = await createUser(db, { tenantId, role });
    await db.updateTable('users').set({ first_name: first, last_name: last }).where('id', '=', user.id).execute();
    if (['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'].includes(role)) await assignBuildings(db, user.id, [lobby]);
    tokens[role] = bearer(await logInAs(t.app, user.username));
    names[role] = `${first} ${last}`;
  }
});
afterAll(() => t.close());

describe('a roll call through the evacuation calls', () => {
  it('starts once per building, marks people present or absent with who and when, keeps every mark, and ends', async () => {
    const bea = await visit(lobby, 'Bea');
    const cal = await visit(lobby, 'Cal');
    expect(await current(lobby)).toBeNull();

    const before = Date.now();
    const started = await start(lobby, 'DRILL');
    expect(started).toMatchObject({
      buildingId: lobby,
      reason: 'DRILL',
      startedBy: { kind: 'user', name: names.ROLE_USER },
      endedAt: null,
      endedBy: null,
      marks: [],
      history: [],
    });
    // A second warden pressing Start a moment later joins the same roll call.
    const again = await start(lobby, 'ALARM', 'ROLE_SPACE');
    expect(again.id).toBe(started.id);
    expect(again.reason).toBe('DRILL');

    await ok(await mark(started, bea, 'PRESENT'));
    await ok(await mark(started, cal, 'ABSENT', 'ROLE_SPACE'));
    // Another warden finds Cal at the assembly point: the later mark counts.
    const found = await ok<RollCall>(await mark(started, cal, 'PRESENT', 'ROLE_SUPERVISOR'));
    expect(marksOf(found)).toEqual({
      [bea]: `PRESENT by ${names.ROLE_USER}`,
      [cal]: `PRESENT by ${names.ROLE_SUPERVISOR}`,
    });
    expect(found.history.map((entry) => `${entry.status} ${entry.markedBy.name}`)).toEqual([
      `PRESENT ${names.ROLE_USER}`,
      `ABSENT ${names.ROLE_SPACE}`,
      `PRESENT ${names.ROLE_SUPERVISOR}`,
    ]);
    for (const entry of found.history) {
      expect(Date.parse(entry.markedAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(entry.markedAt)).toBeLessThanOrEqual(Date.now());
    }
    // Taken back: Bea is unmarked, the history keeps both.
    const taken = await ok<RollCall>(await mark(started, bea, null));
    expect(marksOf(taken)).toEqual({ [cal]: `PRESENT by ${names.ROLE_SUPERVISOR}` });
    expect(taken.history.at(-1)).toMatchObject({ visitId: bea, status: null });
    expect(await current(lobby, 'ROLE_SPACE')).toEqual(taken);

    const ended = await end(started, 'ROLE_SUPERVISOR');
    expect(ended.endedBy).toEqual({ kind: 'user', name: names.ROLE_SUPERVISOR });
    expect(Date.parse(ended.endedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(ended.startedAt));
    // Ending again changes nothing; the ended roll call stays readable with its final marks.
    expect(await end(started)).toEqual(ended);
    expect(await current(lobby)).toEqual(ended);
    expect(await auditActions(started.id)).toEqual([
      'ROLL_CALL_STARTED',
      'ROLL_CALL_MARKED',
      'ROLL_CALL_MARKED',
      'ROLL_CALL_MARKED',
      'ROLL_CALL_UNMARKED',
      'ROLL_CALL_ENDED',
    ]);
  });

  it('refuses a mark after the roll call ended, of a visit not checked in or of another building, changing nothing', async () => {
    const dee = await visit(lobby, 'Dee');
    const invited = await visit(lobby, 'Invited', { checkedIn: false });
    const elsewhere = await visit(annex, 'Elsewhere');
    const rollCall = await start(lobby);
    const refusal = async (response: Awaited<ReturnType<typeof call>>) => [
      response.statusCode,
      jsonOf<{ errorCode: string }>(response).errorCode,
    ];
    expect(await refusal(await mark(rollCall, invited, 'PRESENT'))).toEqual([409, 'MEETING_NOT_CHECKED_IN']);
    expect(await refusal(await mark(rollCall, elsewhere, 'PRESENT', 'ROLE_MASTER'))).toEqual([404, 'NOT_FOUND']);
    // A roll call of another building named under this one.
    const annexRollCall = await start(annex, 'DRILL', 'ROLE_MASTER');
    expect(
      await refusal(
        await call('ROLE_MASTER', 'PUT', `${lobby}/rollCall/${annexRollCall.id}/marks/${dee}`, { status: 'PRESENT' }),
      ),
    ).toEqual([404, 'NOT_FOUND']);
    expect(
      await refusal(
        await call('ROLE_USER', 'PUT', `${lobby}/rollCall/${rollCall.id}/marks/${dee}`, { status: 'SAFE' }),
      ),
    ).toEqual([400, 'VALIDATION_FAILED']);
    await end(rollCall);
    expect(await refusal(await mark(rollCall, dee, 'PRESENT'))).toEqual([409, 'ROLL_CALL_ENDED']);
    expect(await refusal(await mark(rollCall, dee, null))).toEqual([409, 'ROLL_CALL_ENDED']);
    expect((await shown(lobby)).history).toEqual([]);
    await end(annexRollCall, 'ROLE_MASTER');
  });

  it('is for the entry log roles within their company and buildings: technical users 403, unassigned or foreign buildings 404', async () => {
    expect((await call('ROLE_TECH_1', 'GET', `${lobby}/rollCall`)).statusCode).toBe(403);
    expect((await call('ROLE_TECH_1', 'POST', `${lobby}/rollCall`, { reason: 'ALARM' })).statusCode).toBe(403);
    for (const role of ['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const) {
      expect((await call(role, 'GET', `${annex}/rollCall`)).statusCode).toBe(404);
      expect((await call(role, 'POST', `${annex}/rollCall`, { reason: 'ALARM' })).statusCode).toBe(404);
    }
    for (const role of ['ROLE_MASTER', 'ROLE_USER'] as const)
      expect((await call(role, 'POST', `${otherCompanyBuilding}/rollCall`, { reason: 'ALARM' })).statusCode).toBe(404);
    expect(
      await t.database.db
        .selectFrom('roll_calls')
        .select('id')
        .where('building_id', 'in', [otherCompanyBuilding])
        .execute(),
    ).toEqual([]);
  });

  it('shows an ended roll call for 12 hours, then none', async () => {
    const building = await createBuilding(t.database.db, tenantId, 'Old Wing');
    await t.database.db
      .insertInto('roll_calls')
      .values({
        id: uuidv7(),
        tenant_id: tenantId,
        building_id: building,
        reason: 'DRILL',
        started_at: new Date(Date.now() - 14 * 60 * minute),
        ended_at: new Date(Date.now() - 13 * 60 * minute),
      })
      .execute();
    expect(await current(building, 'ROLE_MASTER')).toBeNull();
    const recent = await start(building, 'DRILL', 'ROLE_MASTER');
    await end(recent, 'ROLE_MASTER');
    expect((await shown(building, 'ROLE_MASTER')).id).toBe(recent.id);
  });
});

describe("a kiosk's roll call, marked offline and merged when it syncs", () => {
  /** An enrolled kiosk (of the lobby) and its outbox's roll-call entries. */
  async function kiosk(buildingId = lobby) {
    const { deviceId, headers } = await enrolledKiosk(t.app, buildingId);
    const qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
    let seq = 0;
    const entry = (
      payload: SyncPushRequest['mutations'][number]['payload'],
      visitId: string | null,
      occurredAt: Date,
    ): SyncPushRequest['mutations'][number] =>
      ({
        mutationId: uuidv7(),
        deviceId,
        seq: ++seq,
        type: 'rollCall',
        visitId,
        occurredAt: occurredAt.toISOString(),
        payload,
      }) as SyncPushRequest['mutations'][number];
    return {
      deviceId,
      start: (rollCallId: string, at: Date, reason: 'ALARM' | 'DRILL' = 'ALARM') =>
        entry({ action: 'start', rollCallId, reason }, null, at),
      mark: (rollCallId: string, visitId: string, status: 'PRESENT' | 'ABSENT' | null, at: Date) =>
        entry({ action: 'mark', rollCallId, status }, visitId, at),
      end: (rollCallId: string, at: Date) => entry({ action: 'end', rollCallId }, null, at),
      async push(mutations: SyncPushRequest['mutations']) {
        const body: SyncPushRequest = { deviceId, sentAt: new Date().toISOString(), qrCodeKey, mutations };
        const response = await t.app.inject({ method: 'POST', url: '/service/sync/push', payload: body, headers });
        expect(response.statusCode, response.body).toBe(200);
        return jsonOf<SyncPushResponse>(response).results.map((result) =>
          result.errorCode ? `${result.status} ${result.errorCode}` : result.status,
        );
      },
      async read() {
        const response = await t.app.inject({ method: 'GET', url: `/service/sync/rollCall/${qrCodeKey}`, headers });
        expect(response.statusCode).toBe(200);
        return jsonOf<CurrentRollCall>(response).rollCall;
      },
    };
  }
  const ago = (minutes: number) => new Date(Date.now() - minutes * minute);

  it('starts a roll call offline under its own id, applies each entry once however often it is pushed, and names the kiosk', async () => {
    const wing = await createBuilding(t.database.db, tenantId, 'Kiosk Wing');
    const eve = await visit(wing, 'Eve');
    const fay = await visit(wing, 'Fay');
    const tablet = await kiosk(wing);
    const rollCallId = uuidv7();
    const batch = [
      tablet.start(rollCallId, ago(10)),
      tablet.mark(rollCallId, eve, 'PRESENT', ago(9)),
      tablet.mark(rollCallId, fay, 'ABSENT', ago(8)),
    ];
    expect(await tablet.push(batch)).toEqual(['applied', 'applied', 'applied']);
    // The answer was lost: the kiosk sends the same entries again.
    expect(await tablet.push(batch)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const rollCall = await shown(wing, 'ROLE_MASTER');
    expect(rollCall).toMatchObject({
      id: rollCallId,
      startedAt: batch[0]!.occurredAt,
      startedBy: { kind: 'kiosk', name: 'Lobby tablet' },
    });
    expect(marksOf(rollCall)).toEqual({ [eve]: 'PRESENT by Lobby tablet', [fay]: 'ABSENT by Lobby tablet' });
    expect(rollCall.history.map((entry) => entry.markedAt)).toEqual([batch[1]!.occurredAt, batch[2]!.occurredAt]);
    // The kiosk reads what every warden sees.
    expect(await tablet.read()).toEqual(rollCall);
    expect(await auditActions(rollCallId)).toEqual(['ROLL_CALL_STARTED', 'ROLL_CALL_MARKED', 'ROLL_CALL_MARKED']);

    // Ended offline, with nobody marking after: the roll call ends at the kiosk's moment.
    const ending = tablet.end(rollCallId, ago(7));
    expect(await tablet.push([ending])).toEqual(['applied']);
    expect(await current(wing, 'ROLE_MASTER')).toMatchObject({
      endedAt: ending.occurredAt,
      endedBy: { kind: 'kiosk', name: 'Lobby tablet' },
    });
  });

  it('joins the roll call a warden started online, and the later mark by its time wins whichever arrives last', async () => {
    const gus = await visit(lobby, 'Gus');
    const hal = await visit(lobby, 'Hal');
    const online = await start(lobby);
    const tablet = await kiosk();
    // Cut off before it learnt of the warden's roll call, the kiosk started its own.
    const offlineId = uuidv7();
    const offlineStart = tablet.start(offlineId, ago(3));
    // Gus: the kiosk marked him absent 2 minutes ago; a warden marks him present now (later).
    const gusOnKiosk = tablet.mark(offlineId, gus, 'ABSENT', ago(2));
    await ok(await mark(online, gus, 'PRESENT', 'ROLE_SUPERVISOR'));
    // Hal: a warden marked him absent now; the kiosk's later mark (its clock a minute ahead) is present.
    await ok(await mark(online, hal, 'ABSENT', 'ROLE_SPACE'));
    const halOnKiosk = tablet.mark(offlineId, hal, 'PRESENT', new Date(Date.now() + minute));
    expect(await tablet.push([offlineStart, gusOnKiosk, halOnKiosk])).toEqual(['applied', 'applied', 'applied']);

    const merged = await shown(lobby);
    expect(merged.id).toBe(online.id);
    expect(marksOf(merged)).toEqual({
      [gus]: `PRESENT by ${names.ROLE_SUPERVISOR}`,
      [hal]: 'PRESENT by Lobby tablet',
    });
    // Both marks of each stay in the history.
    const historyOf = (visitId: string) =>
      merged.history
        .filter((entry) => entry.visitId === visitId)
        .map((entry) => `${entry.status} ${entry.markedBy.name}`);
    expect(historyOf(gus)).toEqual([`PRESENT ${names.ROLE_SUPERVISOR}`, 'ABSENT Lobby tablet']);
    expect(historyOf(hal)).toEqual([`ABSENT ${names.ROLE_SPACE}`, 'PRESENT Lobby tablet']);
    // No second roll call was made.
    const running = await t.database.db
      .selectFrom('roll_calls')
      .select('id')
      .where('building_id', '=', lobby)
      .where('ended_at', 'is', null)
      .execute();
    expect(running.map((row) => row.id)).toEqual([online.id]);

    // The kiosk ended "its" roll call before the last marks by time: the later actions win, it runs on.
    expect(await tablet.push([tablet.end(offlineId, ago(1))])).toEqual(['applied']);
    expect((await shown(lobby)).endedAt).toBeNull();
    // Ended online; a mark the kiosk made before it learnt so is kept in the history, not refused.
    const ended = await end(online, 'ROLE_SUPERVISOR');
    expect(await tablet.push([tablet.mark(offlineId, gus, null, new Date())])).toEqual(['applied']);
    const after = await shown(lobby);
    expect(after.endedAt).toBe(ended.endedAt);
    expect(marksOf(after)).toEqual({ [hal]: 'PRESENT by Lobby tablet' });
  });

  it('refuses, once and for good, a mark of a visit of another building or a roll call it never started, and a phone', async () => {
    const tablet = await kiosk();
    const rollCallId = uuidv7();
    const elsewhere = await visit(annex, 'Ivy');
    const ivy = await visit(lobby, 'Ivy');
    const batch = [
      tablet.start(rollCallId, ago(1), 'DRILL'),
      tablet.mark(rollCallId, elsewhere, 'PRESENT', ago(1)),
      tablet.mark(uuidv7(), ivy, 'PRESENT', ago(1)),
      tablet.mark(rollCallId, ivy, 'PRESENT', ago(1)),
    ];
    const first = await tablet.push(batch);
    expect(first).toEqual(['applied', 'rejected NOT_FOUND', 'rejected NOT_FOUND', 'applied']);
    expect(await tablet.push(batch)).toEqual(['duplicate', 'rejected NOT_FOUND', 'rejected NOT_FOUND', 'duplicate']);
    const rollCall = await shown(lobby);
    expect(rollCall.history.map((entry) => entry.visitId)).toEqual([ivy]);
    await end(rollCall);

    // A visitor's phone has no staff screen: its roll-call entry is refused.
    const phone = uuidv7();
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/sync/push',
      payload: {
        deviceId: phone,
        sentAt: new Date().toISOString(),
        qrCodeKey: lobbyKey,
        channel: 'ownDevice',
        mutations: [
          {
            mutationId: uuidv7(),
            deviceId: phone,
            seq: 1,
            type: 'rollCall',
            visitId: null,
            occurredAt: new Date().toISOString(),
            payload: { action: 'start', rollCallId: uuidv7(), reason: 'ALARM' },
          },
        ],
      },
    });
    expect(jsonOf<SyncPushResponse>(response).results.map((result) => result.errorCode)).toEqual(['UNAUTHORIZED']);
    expect((await shown(lobby)).endedAt).not.toBeNull();
    // Without the kiosk's credential, the roll call is not read.
    const anonymous = await t.app.inject({ method: 'GET', url: `/service/sync/rollCall/${lobbyKey}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the evacuation list's phone numbers", () => {
  it("shows the visit's number, else the directory's", async () => {
    const building = await createBuilding(t.database.db, tenantId, 'Phone Wing');
    const person = await createPerson(t.database.db, tenantId, building, { firstName: 'Jo', lastName: 'Directory' });
    await t.database.db.updateTable('people').set({ phone: '+1 514 555 0101' }).where('id', '=', person).execute();
    const typed = await visit(building, 'Typed');
    await t.database.db.updateTable('visits').set({ phone: '+33 6 12 34 56 78' }).where('id', '=', typed).execute();
    const employee = await visit(building, 'Directory');
    await t.database.db.updateTable('visits').set({ person_id: person }).where('id', '=', employee).execute();
    const none = await visit(building, 'Nobody');
    const list = await ok<{ groups: { people: { visitId: string; phone: string | null }[] }[] }>(
      await call('ROLE_MASTER', 'GET', building),
    );
    const phones = Object.fromEntries(list.groups.flatMap((group) => group.people.map((p) => [p.visitId, p.phone])));
    expect(phones).toEqual({ [typed]: '+33 6 12 34 56 78', [employee]: '+1 514 555 0101', [none]: null });
  });
});
