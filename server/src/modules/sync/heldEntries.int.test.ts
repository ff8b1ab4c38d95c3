// A revoked kiosk's entries that reach the server after its revocation (docs/kiosk.md,
// "Revocation and held entries"): held, whatever the tablet's clock says, never applied by
// themselves and never lost; an administrator of the building applies each through the same
// check-in and check-out rules as a push, or discards it, audited; the kiosk's staff screen
// learns what became of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckInMutation,
  type CheckOutMutation,
  type HeldMutation,
  type SyncPushRequest,
  type SyncPushResponse,
  uuidv7,
} from '@vestibule/shared';
import {
  assignBuildings,
  createBuilding,
  createTenant,
  createUser,
  qrCodeKeyOf,
} from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, enrolledKiosk, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let tenantId: string;
let buildingId: string;
let qrCodeKey: string;
/** The company's corporate user, a supervisor of the building, one of another building, another company's. */
const auth = {} as Record<'master' | 'supervisor' | 'elsewhere' | 'otherCompany', { authorization: string }>;
let masterId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  tenantId = await createTenant(db, { name: 'Held Co' });
  buildingId = await createBuilding(db, tenantId, 'Held lobby');
  qrCodeKey = await qrCodeKeyOf(db, buildingId);
  const annex = await createBuilding(db, tenantId, 'Annex');
  const other = await createTenant(db, { name: 'Other Co' });
  const master = await createUser(db, { tenantId, role: 'ROLE_MASTER' });
  masterId = master.id;
  const supervisor = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
  await assignBuildings(db, supervisor.id, [buildingId]);
  const elsewhere = await createUser(db, { tenantId, role: 'ROLE_SUPERVISOR' });
  await assignBuildings(db, elsewhere.id, [annex]);
  const otherMaster = await createUser(db, { tenantId: other, role: 'ROLE_MASTER' });
  auth.master = bearer(await logInAs(t.app, master.username));
  auth.supervisor = bearer(await logInAs(t.app, supervisor.username));
  auth.elsewhere = bearer(await logInAs(t.app, elsewhere.username));
  auth.otherCompany = bearer(await logInAs(t.app, otherMaster.username));
});
afterAll(() => t.close());

type Entry = SyncPushRequest['mutations'][number];

/** An enrolled kiosk of the building, its entries numbered in order. */
async function tablet() {
  const { deviceId, headers } = await enrolledKiosk(t.app, buildingId);
  let seq = 0;
  const base = (occurredAt: Date) => ({
    mutationId: uuidv7(),
    deviceId,
    seq: ++seq,
    occurredAt: occurredAt.toISOString(),
  });
  return {
    deviceId,
    headers,
    checkIn: (lastName: string, occurredAt = new Date()): CheckInMutation => ({
      ...base(occurredAt),
      type: 'checkIn',
      visitId: uuidv7(),
      payload: { qrCodeKey, visitorType: 'VISITOR', checkInForm: { firstName: 'Held', lastName, host: 'Host' } },
    }),
    checkOut: (visitId: string, occurredAt = new Date()): CheckOutMutation => ({
      ...base(occurredAt),
      type: 'checkOut',
      visitId,
      payload: {},
    }),
    async push(mutations: Entry[]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/service/sync/push',
        headers,
        payload: { deviceId, sentAt: new Date().toISOString(), qrCodeKey, mutations, pendingCount: 0 },
      });
      expect(response.statusCode).toBe(200);
      return jsonOf<SyncPushResponse>(response).results.map((result) => [result.status, result.errorCode ?? null]);
    },
    /** What its staff screen reads of its refused entries. */
    async ownEntries() {
      const response = await t.app.inject({
        method: 'GET',
        url: `/service/sync/device/${deviceId}?qrCodeKey=${qrCodeKey}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const { rejected } = jsonOf<{ rejected: { mutationId: string; errorCode: string; resolvedAt: string | null }[] }>(
        response,
      );
      return Object.fromEntries(
        rejected.map((entry) => [entry.mutationId, [entry.errorCode, entry.resolvedAt !== null]]),
      );
    },
  };
}

async function revoke(deviceId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/service/building/${buildingId}/devices/${deviceId}/revoke`,
    headers: auth.master,
  });
  expect(response.statusCode).toBe(200);
  return new Date(jsonOf<{ revokedAt: string }>(response).revokedAt);
}

async function held(as = auth.master): Promise<HeldMutation[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/service/building/${buildingId}/devices/held`,
    headers: as,
  });
  expect(response.statusCode).toBe(200);
  return jsonOf<{ held: HeldMutation[] }>(response).held;
}

function review(
  action: 'apply' | 'discard',
  entry: Pick<Entry, 'deviceId' | 'mutationId'>,
  as = auth.master,
  building = buildingId,
) {
  return t.app.inject({
    method: 'POST',
    url: `/service/building/${building}/devices/${entry.deviceId}/held/${entry.mutationId}/${action}`,
    headers: as,
  });
}

const visitsNamed = (lastName: string) =>
  t.database.db
    .selectFrom('visits')
    .select(['id', 'last_name', 'checked_in_at', 'checked_out_at', 'device_id', 'source'])
    .where('last_name', '=', lastName)
    .execute();

const auditRows = (action: string, deviceId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'tenant_id', 'entity', 'entity_id', 'after'])
    .where('action', '=', action)
    .where('entity_id', '=', deviceId)
    .execute();

describe("a revoked kiosk's entries", () => {
  it('are all held when they reach the server after the revocation, backdated ones too: none applied, none lost', async () => {
    const kiosk = await tablet();
    const inBefore = kiosk.checkIn('Held-in-before', new Date(Date.now() - 3 * 60 * 60_000));
    expect(await kiosk.push([inBefore])).toEqual([['applied', null]]);
    const revokedAt = await revoke(kiosk.deviceId);

    // A stolen tablet dates its entries an hour before the revocation; another is dated after it.
    const backdated = kiosk.checkIn('Held-backdated', new Date(revokedAt.getTime() - 60 * 60_000));
    const outBefore = kiosk.checkOut(inBefore.visitId, new Date(revokedAt.getTime() - 30 * 60_000));
    const later = kiosk.checkIn('Held-later', new Date());
    const results = await kiosk.push([backdated, outBefore, later]);
    expect(results).toEqual([
      ['rejected', 'KIOSK_ENTRY_HELD'],
      ['rejected', 'KIOSK_ENTRY_HELD'],
      ['rejected', 'KIOSK_ENTRY_HELD'],
    ]);
    expect(await visitsNamed('Held-backdated')).toEqual([]);
    expect(await visitsNamed('Held-later')).toEqual([]);
    expect(await visitsNamed('Held-in-before')).toEqual([expect.objectContaining({ checked_out_at: null })]);
    // Delivered again, still held; the entry delivered before the revocation keeps its outcome.
    expect(await kiosk.push([inBefore, backdated, outBefore, later])).toEqual([
      ['duplicate', null],
      ['rejected', 'KIOSK_ENTRY_HELD'],
      ['rejected', 'KIOSK_ENTRY_HELD'],
      ['rejected', 'KIOSK_ENTRY_HELD'],
    ]);

    const list = (await held()).filter((entry) => entry.deviceId === kiosk.deviceId);
    expect(list).toEqual([
      expect.objectContaining({
        mutationId: backdated.mutationId,
        deviceName: 'Lobby tablet',
        revokedAt: revokedAt.toISOString(),
        type: 'checkIn',
        personName: 'Held Held-backdated',
        occurredAt: backdated.occurredAt,
      }),
      // A check-out is named by its visit.
      expect.objectContaining({
        mutationId: outBefore.mutationId,
        type: 'checkOut',
        visitId: inBefore.visitId,
        personName: 'Held Held-in-before',
      }),
      expect.objectContaining({ mutationId: later.mutationId, personName: 'Held Held-later' }),
    ]);
    // Its staff screen lists them as held; the building's refused entries do not (they wait for review).
    expect(await kiosk.ownEntries()).toEqual({
      [backdated.mutationId]: ['KIOSK_ENTRY_HELD', false],
      [outBefore.mutationId]: ['KIOSK_ENTRY_HELD', false],
      [later.mutationId]: ['KIOSK_ENTRY_HELD', false],
    });
    const devices = await t.app.inject({
      method: 'GET',
      url: `/service/building/${buildingId}/devices`,
      headers: auth.master,
    });
    const refused = jsonOf<{ rejected: { mutationId: string }[] }>(devices).rejected.map((entry) => entry.mutationId);
    expect(refused).not.toContain(backdated.mutationId);
  });

  it('applied by an administrator, go through the check-in and check-out rules at their own time, once, audited', async () => {
    const kiosk = await tablet();
    const inBefore = kiosk.checkIn('Held-applied-in', new Date(Date.now() - 2 * 60 * 60_000));
    expect(await kiosk.push([inBefore])).toEqual([['applied', null]]);
    await revoke(kiosk.deviceId);
    const backdated = kiosk.checkIn('Held-applied', new Date(Date.now() - 90 * 60_000));
    const checkOut = kiosk.checkOut(inBefore.visitId, new Date(Date.now() - 10 * 60_000));
    await kiosk.push([backdated, checkOut]);

    const applied = await review('apply', backdated, auth.supervisor);
    expect(applied.statusCode).toBe(200);
    expect(jsonOf(applied)).toEqual({ mutationId: backdated.mutationId, outcome: 'applied' });
    expect(await visitsNamed('Held-applied')).toEqual([
      expect.objectContaining({
        id: backdated.visitId,
        checked_in_at: new Date(backdated.occurredAt),
        device_id: kiosk.deviceId,
        source: 'KIOSK',
      }),
    ]);
    expect(jsonOf(await review('apply', checkOut))).toEqual({ mutationId: checkOut.mutationId, outcome: 'applied' });
    expect(await visitsNamed('Held-applied-in')).toEqual([
      expect.objectContaining({ checked_out_at: new Date(checkOut.occurredAt) }),
    ]);

    // Once: a second apply is refused, and changes nothing.
    const again = await review('apply', backdated);
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again).errorCode).toBe('KIOSK_ENTRY_NOT_HELD');
    expect(await visitsNamed('Held-applied')).toHaveLength(1);
    expect((await held()).map((entry) => entry.mutationId)).not.toContain(backdated.mutationId);

    const rows = await auditRows('KIOSK_ENTRY_APPLIED', kiosk.deviceId);
    expect(rows).toHaveLength(2);
    const auditOf = (mutationId: string) => {
      const row = rows.find(
        (candidate) => (candidate.after as { mutationId?: string } | null)?.mutationId === mutationId,
      );
      if (!row) throw new Error(`no audit row of ${mutationId}`);
      return row;
    };
    // A check-out is named by its visit's person, as the list names it.
    expect(auditOf(checkOut.mutationId).after).toMatchObject({
      type: 'checkOut',
      visitId: inBefore.visitId,
      personName: 'Held Held-applied-in',
    });
    expect(auditOf(backdated.mutationId)).toMatchObject({
      tenant_id: tenantId,
      entity: 'device',
      after: {
        mutationId: backdated.mutationId,
        type: 'checkIn',
        visitId: backdated.visitId,
        personName: 'Held Held-applied',
        occurredAt: backdated.occurredAt,
      },
    });
    // The kiosk learns staff dealt with them; delivered again, they are duplicates.
    expect(await kiosk.ownEntries()).toEqual({
      [backdated.mutationId]: ['KIOSK_ENTRY_HELD', true],
      [checkOut.mutationId]: ['KIOSK_ENTRY_HELD', true],
    });
    expect(await kiosk.push([backdated, checkOut])).toEqual([
      ['duplicate', null],
      ['duplicate', null],
    ]);
  });

  it('applied once by two administrators at the same moment: one applies it, the other is told it was', async () => {
    const kiosk = await tablet();
    await kiosk.push([]);
    await revoke(kiosk.deviceId);
    const entry = kiosk.checkIn('Held-race');
    await kiosk.push([entry]);
    const answers = await Promise.all([review('apply', entry), review('apply', entry, auth.supervisor)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await visitsNamed('Held-race')).toHaveLength(1);
    expect(await auditRows('KIOSK_ENTRY_APPLIED', kiosk.deviceId)).toHaveLength(1);
  });

  it('refused by the rules when applied, become refused entries with their code for staff to resolve', async () => {
    const kiosk = await tablet();
    await kiosk.push([]);
    await revoke(kiosk.deviceId);
    // A check-out of a visit that was never in.
    const stray = kiosk.checkOut(uuidv7());
    await kiosk.push([stray]);
    const answer = await review('apply', stray);
    expect(answer.statusCode).toBe(200);
    expect(jsonOf(answer)).toEqual({
      mutationId: stray.mutationId,
      outcome: 'refused',
      reason: 'CHECKOUT_VISIT_NOT_FOUND',
    });
    const devices = jsonOf<{ rejected: { mutationId: string; errorCode: string; resolvedAt: string | null }[] }>(
      await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/devices`, headers: auth.master }),
    );
    expect(devices.rejected).toContainEqual(
      expect.objectContaining({
        mutationId: stray.mutationId,
        errorCode: 'CHECKOUT_VISIT_NOT_FOUND',
        resolvedAt: null,
      }),
    );
    expect(await kiosk.ownEntries()).toEqual({ [stray.mutationId]: ['CHECKOUT_VISIT_NOT_FOUND', false] });
    expect(await auditRows('KIOSK_ENTRY_APPLY_REFUSED', kiosk.deviceId)).toEqual([
      expect.objectContaining({
        actor_id: masterId,
        after: expect.objectContaining({ errorCode: 'CHECKOUT_VISIT_NOT_FOUND' }),
      }),
    ]);
    expect(jsonOf(await review('discard', stray)).errorCode).toBe('KIOSK_ENTRY_NOT_HELD');
  });

  it('discarded by an administrator, change nothing and stay recorded, audited; the kiosk learns it', async () => {
    const kiosk = await tablet();
    await kiosk.push([]);
    await revoke(kiosk.deviceId);
    const entry = kiosk.checkIn('Held-discarded');
    await kiosk.push([entry]);
    const discarded = await review('discard', entry);
    expect(discarded.statusCode).toBe(200);
    expect(jsonOf(discarded)).toEqual({ mutationId: entry.mutationId });
    expect(await visitsNamed('Held-discarded')).toEqual([]);
    expect((await held()).map((row) => row.mutationId)).not.toContain(entry.mutationId);
    const stored = await t.database.db
      .selectFrom('applied_mutations')
      .select(['outcome', 'review', 'reviewed_by', 'payload'])
      .where('mutation_id', '=', entry.mutationId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ outcome: 'rejected', review: 'discarded', reviewed_by: masterId });
    expect(stored.payload).toEqual(entry.payload);
    expect(await auditRows('KIOSK_ENTRY_DISCARDED', kiosk.deviceId)).toEqual([
      expect.objectContaining({ actor_id: masterId, after: expect.objectContaining({ mutationId: entry.mutationId }) }),
    ]);
    expect(await kiosk.ownEntries()).toEqual({ [entry.mutationId]: ['KIOSK_ENTRY_HELD', true] });
    for (const action of ['apply', 'discard'] as const) {
      const late = await review(action, entry);
      expect([late.statusCode, jsonOf(late).errorCode]).toEqual([409, 'KIOSK_ENTRY_NOT_HELD']);
    }
    expect(await kiosk.push([entry])).toEqual([['rejected', 'KIOSK_ENTRY_HELD']]);
    expect(await visitsNamed('Held-discarded')).toEqual([]);
  });

  it('are reviewed within the company and the assigned buildings only', async () => {
    const kiosk = await tablet();
    await kiosk.push([]);
    await revoke(kiosk.deviceId);
    const entry = kiosk.checkIn('Held-scoped');
    await kiosk.push([entry]);
    const other = await tablet();
    await other.push([]);
    await revoke(other.deviceId);

    for (const as of [auth.elsewhere, auth.otherCompany]) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/service/building/${buildingId}/devices/held`,
        headers: as,
      });
      expect(list.statusCode).toBe(404);
      for (const action of ['apply', 'discard'] as const) {
        const refused = await review(action, entry, as);
        expect([refused.statusCode, jsonOf(refused).errorCode]).toEqual([404, 'NOT_FOUND']);
      }
    }
    // Another kiosk's path, another building's, or an id it never sent: 404 as well.
    const annex = await createBuilding(t.database.db, tenantId, 'Held annex');
    for (const [target, building] of [
      [{ deviceId: other.deviceId, mutationId: entry.mutationId }, buildingId],
      [entry, annex],
      [{ deviceId: kiosk.deviceId, mutationId: uuidv7() }, buildingId],
    ] as const) {
      const refused = await review('apply', target, auth.master, building);
      expect(refused.statusCode).toBe(404);
    }
    expect(await visitsNamed('Held-scoped')).toEqual([]);
    expect((await held(auth.supervisor)).map((row) => row.mutationId)).toContain(entry.mutationId);
  });
});
