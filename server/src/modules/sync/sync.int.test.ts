import { pbkdf2Sync } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_PIN_ITERATIONS,
  type SyncPushRequest,
  type SyncPushResponse,
  newVisitCodes,
  staffPinSalt,
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
let qrCodeKey: string;
let buildingId: string;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await createTenant(t.database.db);
  buildingId = await createBuilding(t.database.db, tenantId, 'Lobby');
  qrCodeKey = await qrCodeKeyOf(t.database.db, buildingId);
});
afterAll(() => t.close());

/** A kiosk: its device id, its sequence, and the check-ins it made offline. */
function kiosk() {
  const deviceId = uuidv7();
  let seq = 0;
  return {
    deviceId,
    checkIn(lastName: string, occurredAt = new Date()) {
      seq++;
      return {
        mutationId: uuidv7(),
        deviceId,
        seq,
        type: 'checkIn' as const,
        visitId: uuidv7(),
        occurredAt: occurredAt.toISOString(),
        payload: { qrCodeKey, visitorType: 'VISITOR', checkInForm: { firstName: 'Kiosk', lastName, host: 'Host' } },
      };
    },
    checkOut(visitId: string) {
      seq++;
      return {
        mutationId: uuidv7(),
        deviceId,
        seq,
        type: 'checkOut' as const,
        visitId,
        occurredAt: new Date().toISOString(),
        payload: {},
      };
    },
    batch(mutations: SyncPushRequest['mutations'], sentAt = new Date()): SyncPushRequest {
      return { deviceId, sentAt: sentAt.toISOString(), qrCodeKey, mutations, pendingCount: 0 };
    },
  };
}

/** Each test kiosk is enrolled for the building of its first kiosk batch (its credential kept). */
const credentials = new Map<string, Promise<Record<string, string>>>();
async function credentialOf(body: SyncPushRequest): Promise<Record<string, string>> {
  if (body.channel === 'ownDevice') return {};
  let headers = credentials.get(body.deviceId);
  if (!headers) {
    headers = t.database.db
      .selectFrom('buildings')
      .select('id')
      .where('qr_code_key', '=', body.qrCodeKey)
      .executeTakeFirstOrThrow()
      .then(async (building) => (await enrolledKiosk(t.app, building.id, body.deviceId)).headers);
    credentials.set(body.deviceId, headers);
  }
  return headers;
}

async function push(body: SyncPushRequest, headers?: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/sync/push',
    payload: body,
    headers: headers ?? (await credentialOf(body)),
  });
  return { status: response.statusCode, body: jsonOf<SyncPushResponse>(response) };
}

async function visitsNamed(prefix: string) {
  return t.database.db
    .selectFrom('visits')
    .select(['id', 'last_name', 'checked_in_at', 'checked_out_at'])
    .where('last_name', 'like', `${prefix}%`)
    .execute();
}

describe('POST /service/sync/push', () => {
  it('applies a batch once: the same batch again answers duplicate and changes nothing', async () => {
    const k = kiosk();
    const batch = k.batch([k.checkIn('Twice-1'), k.checkIn('Twice-2'), k.checkIn('Twice-3')]);
    const first = await push(batch);
    expect(first.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const second = await push(batch);
    expect(second.body.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await visitsNamed('Twice-')).toHaveLength(3);
  });

  it('refuses an entry holding a NUL or a lone surrogate alone, applies the others, and never fails the batch', async () => {
    const k = kiosk();
    const before = k.checkIn('Hostile-before');
    const nul = k.checkIn('Hostile-\u0000-nul');
    const surrogate = k.checkIn('Hostile-\ud800-surrogate');
    const after = k.checkIn('Hostile-after');
    const batch = k.batch([before, nul, surrogate, after]);
    for (const attempt of [1, 2]) {
      const answer = await push(batch);
      expect({
        attempt,
        status: answer.status,
        results: answer.body.results.map((r) => [r.status, r.errorCode]),
      }).toEqual({
        attempt,
        status: 200,
        results: [
          [attempt === 1 ? 'applied' : 'duplicate', undefined],
          ['rejected', 'VALIDATION_FAILED'],
          ['rejected', 'VALIDATION_FAILED'],
          [attempt === 1 ? 'applied' : 'duplicate', undefined],
        ],
      });
    }
    expect((await visitsNamed('Hostile-')).map((v) => v.last_name).sort()).toEqual(['Hostile-after', 'Hostile-before']);
  });

  it('takes a batch from a device whose clock says 2099: applied, the skew flagged, never a 500', async () => {
    const k = kiosk();
    const mutation = k.checkIn('Clock-2099');
    const answer = await push(k.batch([mutation], new Date('2099-01-01T00:00:00Z')));
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => r.status)).toEqual(['applied']);
    const device = await t.database.db
      .selectFrom('kiosk_devices')
      .select(['clock_skew_flagged', 'clock_skew_ms'])
      .where('device_id', '=', k.deviceId)
      .executeTakeFirstOrThrow();
    expect(device.clock_skew_flagged).toBe(true);
    expect(device.clock_skew_ms).toBeLessThan(0);
  });

  it("scopes mutation ids by device: another tenant's device reusing an id gets its own outcome, not a duplicate", async () => {
    const otherTenant = await createTenant(t.database.db);
    const otherBuilding = await createBuilding(t.database.db, otherTenant, 'Elsewhere');
    const otherKey = await qrCodeKeyOf(t.database.db, otherBuilding);
    const first = kiosk();
    const original = first.checkIn('Scoped-first');
    expect((await push(first.batch([original]))).body.results.map((r) => r.status)).toEqual(['applied']);
    const second = kiosk();
    const reused = { ...second.checkIn('Scoped-second'), mutationId: original.mutationId };
    reused.payload = { ...reused.payload, qrCodeKey: otherKey };
    const answer = await push({ ...second.batch([reused]), qrCodeKey: otherKey });
    expect(answer.body.results.map((r) => [r.status, r.outcome])).toEqual([['applied', 'applied']]);
    const rows = await t.database.db
      .selectFrom('visits')
      .select(['last_name', 'tenant_id'])
      .where('last_name', 'like', 'Scoped-%')
      .orderBy('last_name')
      .execute();
    expect(rows).toEqual([
      { last_name: 'Scoped-first', tenant_id: tenantId },
      { last_name: 'Scoped-second', tenant_id: otherTenant },
    ]);
    // The first device's own resend is still a duplicate.
    expect((await push(first.batch([original]))).body.results.map((r) => r.status)).toEqual(['duplicate']);
  });

  it("keeps the kiosk's visit id and the time of the check-in on the device", async () => {
    const k = kiosk();
    const occurredAt = new Date(Date.now() - 20 * 60_000);
    const mutation = k.checkIn('Offline-time', occurredAt);
    await push(k.batch([mutation]));
    const row = await t.database.db
      .selectFrom('visits')
      .select(['id', 'checked_in_at', 'source', 'device_id'])
      .where('id', '=', mutation.visitId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.checked_in_at ?? 0).toISOString()).toBe(occurredAt.toISOString());
    expect(row).toMatchObject({ source: 'KIOSK', device_id: k.deviceId });
  });

  it('survives a response lost after commit: the resent batch is a duplicate, one row', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const k = kiosk();
    const batch = k.batch([k.checkIn('Lost-answer')]);
    const payload = JSON.stringify(batch);
    const credential = await credentialOf(batch);
    // Send the request, then cut the connection without reading the answer.
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/service/sync/push',
        headers: { 'content-type': 'application/json', ...credential },
      });
      request.on('error', () => resolve());
      request.on('response', (response) => {
        response.destroy();
        resolve();
      });
      request.end(payload);
    });
    await expect.poll(async () => (await visitsNamed('Lost-answer')).length, { timeout: 10_000 }).toBe(1);
    const resent = await push(batch);
    expect(resent.body.results[0]!.status).toBe('duplicate');
    expect(await visitsNamed('Lost-answer')).toHaveLength(1);
  });

  it('after a fault at mutation k of N, nothing of the batch is kept and a retry leaves exactly N rows', async () => {
    // A fault worth retrying, once: a trigger fails the 3rd insert of a visit named Fault-*.
    await sql`create sequence if not exists fault_once`.execute(t.database.db);
    await sql`create or replace function fail_once() returns trigger language plpgsql as $$
      begin
        if new.last_name like 'Fault-%' and new.last_name = 'Fault-3' and nextval('fault_once') = 1 then
          raise exception 'injected fault';
        end if;
        return new;
      end $$`.execute(t.database.db);
    await sql`create trigger visits_fail_once before insert on visits for each row execute function fail_once()`.execute(
      t.database.db,
    );
    try {
      const k = kiosk();
      const batch = k.batch([1, 2, 3, 4, 5].map((i) => k.checkIn(`Fault-${i}`)));
      const failed = await push(batch);
      expect(failed.status).toBe(500);
      // The batch is one transaction: the two entries before the fault are not kept either.
      expect(await visitsNamed('Fault-')).toHaveLength(0);
      const recorded = await t.database.db
        .selectFrom('applied_mutations')
        .select('mutation_id')
        .where('device_id', '=', k.deviceId)
        .execute();
      expect(recorded).toEqual([]);
      const retry = await push(batch);
      expect(retry.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
      expect(await visitsNamed('Fault-')).toHaveLength(5);
    } finally {
      await sql`drop trigger visits_fail_once on visits`.execute(t.database.db);
    }
  });

  it('applies the same batch sent on two connections at once exactly once', async () => {
    const k = kiosk();
    const batch = k.batch([k.checkIn('Concurrent-1'), k.checkIn('Concurrent-2')]);
    const [a, b] = await Promise.all([push(batch), push(batch)]);
    const statuses = [...a.body.results, ...b.body.results].map((r) => r.status).sort();
    expect(statuses).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    expect(await visitsNamed('Concurrent-')).toHaveLength(2);
  });

  it('keeps a rejected mutation rejected on replay, without blocking the ones after it', async () => {
    const k = kiosk();
    const first = k.checkIn('Already-in');
    await push(k.batch([first]));
    const other = kiosk();
    // The same person checked in meanwhile on another kiosk: CHECKEDIN.
    const again = other.checkIn('Already-in');
    const later = other.checkIn('After-rejected');
    const batch = other.batch([again, later]);
    const answer = await push(batch);
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['rejected', 'CHECKEDIN'],
      ['applied', undefined],
    ]);
    const replay = await push(batch);
    expect(replay.body.results.map((r) => [r.status, r.outcome, r.errorCode])).toEqual([
      ['rejected', 'rejected', 'CHECKEDIN'],
      ['duplicate', 'applied', undefined],
    ]);
    expect(await visitsNamed('Already-in')).toHaveLength(1);
  });

  it("checks out a visit made offline, and records the device's clock skew and sequence gaps", async () => {
    const k = kiosk();
    const checkIn = k.checkIn('Out-later');
    const checkOut = k.checkOut(checkIn.visitId);
    const skewed = new Date(Date.now() - 10 * 60_000);
    const answer = await push(k.batch([checkIn, checkOut], skewed));
    expect(answer.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(answer.body.clockSkewMs).toBeGreaterThan(9 * 60_000);
    const [visit] = await visitsNamed('Out-later');
    expect(visit!.checked_out_at).not.toBeNull();
    // seq 3 never arrives: a gap.
    const gapMutation = { ...k.checkIn('Gap-5'), seq: 5 };
    await push(k.batch([gapMutation]));
    const alerts = await t.database.db
      .selectFrom('device_alerts')
      .select(['kind', 'details'])
      .where('device_id', '=', k.deviceId)
      .execute();
    expect(alerts.map((a) => a.kind).sort()).toEqual(['CLOCK_SKEW', 'SEQ_GAP']);
    expect(alerts.find((a) => a.kind === 'SEQ_GAP')!.details).toBe('seq 3 to 4 missing');
  });

  it('applies a check-in, its check-out and a check-in again of the same visit in one batch', async () => {
    const k = kiosk();
    const first = k.checkIn('Twice-in');
    const out = k.checkOut(first.visitId);
    const again = { ...k.checkIn('Twice-in'), visitId: first.visitId };
    const answer = await push(k.batch([first, out, again]));
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const visits = await visitsNamed('Twice-in');
    expect(visits.map((visit) => [visit.id, visit.checked_in_at !== null, visit.checked_out_at])).toEqual([
      [first.visitId, true, null],
    ]);
  });

  it('writes a run of new visits together, judged as one after the other: one person twice, one already in, codes offered twice', async () => {
    const before = kiosk();
    await push(before.batch([before.checkIn('Run-in-before')]));
    const k = kiosk();
    const codes = newVisitCodes();
    const offering = (mutation: ReturnType<typeof k.checkIn>) => ({
      ...mutation,
      payload: { ...mutation.payload, codes },
    });
    const batch = k.batch([
      offering(k.checkIn('Run-1')),
      k.checkIn('Run-1'),
      k.checkIn('Run-in-before'),
      offering(k.checkIn('Run-2')),
      k.checkIn('Run-3'),
    ]);
    const answer = await push(batch);
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['applied', undefined],
      ['rejected', 'CHECKEDIN'],
      ['rejected', 'CHECKEDIN'],
      ['applied', undefined],
      ['applied', undefined],
    ]);
    expect(answer.body.results[0]!.codes).toEqual(codes);
    const second = answer.body.results[3]!.codes;
    expect(second!.identifier).not.toBe(codes.identifier);
    expect(second!.publicIdentifier).not.toBe(codes.publicIdentifier);
    expect((await visitsNamed('Run-')).map((visit) => visit.last_name).sort()).toEqual([
      'Run-1',
      'Run-2',
      'Run-3',
      'Run-in-before',
    ]);
    const applied = [0, 3, 4].map((i) => batch.mutations[i]!.visitId);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('actor_device_id', '=', k.deviceId)
      .execute();
    expect(audited.map((row) => [row.action, row.entity_id]).sort()).toEqual(
      applied.map((id) => ['MEETING_CHECKED_IN', id]).sort(),
    );
    const recorded = await t.database.db
      .selectFrom('applied_mutations')
      .select(['seq', 'outcome', 'error_code'])
      .where('device_id', '=', k.deviceId)
      .orderBy('seq')
      .execute();
    expect(recorded.map((row) => [row.outcome, row.error_code])).toEqual([
      ['applied', null],
      ['rejected', 'CHECKEDIN'],
      ['rejected', 'CHECKEDIN'],
      ['applied', null],
      ['applied', null],
    ]);
  });

  it('finds a sequence gap in what each push adds, never across two contiguous pushes', async () => {
    const k = kiosk();
    const alertsOf = () =>
      t.database.db
        .selectFrom('device_alerts')
        .select('details')
        .where('device_id', '=', k.deviceId)
        .where('kind', '=', 'SEQ_GAP')
        .orderBy('details')
        .execute();
    for (const round of [1, 2, 3])
      await push(k.batch([k.checkIn(`Contiguous-${round}a`), k.checkIn(`Contiguous-${round}b`)]));
    expect(await alertsOf()).toEqual([]);
    // seq 7 is lost: the batch of 8 and 9 says so, and the next contiguous one adds nothing.
    k.checkIn('Lost-7');
    await push(k.batch([k.checkIn('After-8'), k.checkIn('After-9')]));
    await push(k.batch([k.checkIn('After-10')]));
    expect(await alertsOf()).toEqual([{ details: 'seq 7 to 7 missing' }]);
    // A device whose first push starts at seq 3.
    const late = kiosk();
    late.checkIn('Never-1');
    late.checkIn('Never-2');
    await push(late.batch([late.checkIn('First-3')]));
    const lateAlerts = await t.database.db
      .selectFrom('device_alerts')
      .select('details')
      .where('device_id', '=', late.deviceId)
      .execute();
    expect(lateAlerts).toEqual([{ details: 'seq 1 to 2 missing' }]);
  });

  it('refuses a batch out of seq order or too large with a code', async () => {
    const k = kiosk();
    const [a, b] = [k.checkIn('Order-1'), k.checkIn('Order-2')];
    const outOfOrder = await push(k.batch([b, a]));
    expect(outOfOrder.status).toBe(400);
    const big = Array.from({ length: 101 }, (_, i) => ({ ...a, mutationId: uuidv7(), seq: i + 1 }));
    expect((await push(k.batch(big))).status).toBe(400);
    expect(await visitsNamed('Order-')).toHaveLength(0);
  });
});

describe("codes made on the device, and a visitor's phone", () => {
  it('keeps the codes the kiosk gave the person, and replaces codes another visit already has', async () => {
    const k = kiosk();
    const own = {
      ...k.checkIn('Codes-own'),
      payload: {
        ...k.checkIn('x').payload,
        checkInForm: { firstName: 'A', lastName: 'Codes-own', host: 'H' },
        codes: newVisitCodes(),
      },
    };
    const first = await push(k.batch([own]));
    expect(first.body.results[0]).toMatchObject({ status: 'applied', codes: own.payload.codes });
    const row = await t.database.db
      .selectFrom('visits')
      .select(['identifier', 'public_identifier', 'pin'])
      .where('id', '=', own.visitId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      identifier: own.payload.codes.identifier,
      public_identifier: own.payload.codes.publicIdentifier,
      pin: own.payload.codes.pin,
    });

    const clash = k.checkIn('Codes-clash');
    const taken = {
      ...clash,
      payload: { ...clash.payload, codes: { ...newVisitCodes(), identifier: own.payload.codes.identifier } },
    };
    const second = await push(k.batch([taken]));
    const kept = second.body.results[0]?.codes;
    expect(kept!.identifier).toMatch(/^[A-Z2-9]{8}$/);
    expect(kept!.identifier).not.toBe(own.payload.codes.identifier);
    const clashRow = await t.database.db
      .selectFrom('visits')
      .select(['identifier'])
      .where('id', '=', clash.visitId)
      .executeTakeFirstOrThrow();
    expect(clashRow.identifier).toBe(kept?.identifier);
  });

  it("takes a phone's check-ins with the link's token, past the kiosk address list, and never its check-outs", async () => {
    const phoneBuilding = await createBuilding(t.database.db, tenantId, 'Phone lobby');
    const keyed = await t.database.db
      .updateTable('buildings')
      .set({ mobile_token: 'token-now', devices_ids: ';;;10.9.9.9;;;' })
      .where('id', '=', phoneBuilding)
      .returning('qr_code_key')
      .executeTakeFirstOrThrow();
    const phone = kiosk();
    const withToken = (lastName: string, mt: string) => {
      const mutation = phone.checkIn(lastName);
      return { ...mutation, payload: { ...mutation.payload, qrCodeKey: keyed.qr_code_key, mt } };
    };
    const good = withToken('Phone-good', 'token-now');
    const stale = withToken('Phone-stale', 'token-old');
    const checkOut = phone.checkOut(good.visitId);
    const body = {
      ...phone.batch([good, stale, checkOut]),
      qrCodeKey: keyed.qr_code_key,
      channel: 'ownDevice' as const,
    };
    const answer = await push(body);
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['applied', undefined],
      ['rejected', 'CHECKIN_LINK_EXPIRED'],
      ['rejected', 'UNAUTHORIZED'],
    ]);
    const rows = await t.database.db
      .selectFrom('visits')
      .select(['last_name', 'source', 'checked_out_at'])
      .where('building_id', '=', phoneBuilding)
      .execute();
    expect(rows).toEqual([{ last_name: 'Phone-good', source: 'OWN_DEVICE', checked_out_at: null }]);

    // An invitation checked into from the phone's outbox through its e-mailed link: no token,
    // the visit's public identifier proves it; without it, the entry is refused like a walk-in.
    const invitationId = uuidv7();
    await t.database.db
      .insertInto('visits')
      .values({
        id: invitationId,
        tenant_id: tenantId,
        building_id: phoneBuilding,
        identifier: 'PHONEINV',
        public_identifier: `phone-invite-${invitationId}`,
        pin: '1357',
        visitor_type: 'VISITOR',
        source: 'STAFF',
        is_invitation: true,
        last_name: 'Phone-invited',
        scheduled_at: new Date(),
        scheduled_duration: 'PT1H',
      })
      .execute();
    const intoInvitation = (publicIdentifier: string | null) => {
      const mutation = phone.checkIn('Phone-invited');
      return {
        ...mutation,
        visitId: invitationId,
        payload: { ...mutation.payload, qrCodeKey: keyed.qr_code_key, mt: null, publicIdentifier },
      };
    };
    const invited = await push({
      ...phone.batch([intoInvitation(null), intoInvitation(`phone-invite-${invitationId}`)]),
      qrCodeKey: keyed.qr_code_key,
      channel: 'ownDevice' as const,
    });
    expect(invited.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['rejected', 'CHECKIN_LINK_EXPIRED'],
      ['applied', undefined],
    ]);
    const invitation = await t.database.db
      .selectFrom('visits')
      .select(['checked_in_at'])
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    expect(invitation.checked_in_at).not.toBeNull();

    // On the kiosk channel: refused whole without a kiosk's credential, and from an enrolled
    // kiosk at an address the building's list does not hold.
    const unenrolled = await push({ ...body, channel: 'kiosk' }, {});
    expect(unenrolled.status).toBe(401);
    expect((unenrolled.body as unknown as { errorCode: string }).errorCode).toBe('KIOSK_ENROLMENT_REQUIRED');
    const asKiosk = await push({ ...body, channel: 'kiosk' });
    expect(asKiosk.status).toBe(403);
    expect((asKiosk.body as unknown as { errorCode: string }).errorCode).toBe('KIOSK_DEVICE_NOT_ALLOWED');
  });
});

describe('e-mails of check-ins made offline', () => {
  it('are written when the entry arrives, in the language the person used on the device', async () => {
    const row = await t.database.db
      .selectFrom('buildings')
      .select('settings')
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('buildings')
      .set({ settings: JSON.stringify({ ...(row.settings ?? {}), emailMeEnabled: true }) })
      .where('id', '=', buildingId)
      .execute();
    const k = kiosk();
    const mutation = k.checkIn('Mail-fr');
    const address = `mail-fr-${mutation.visitId}@example.com`;
    const withMail = {
      ...mutation,
      payload: { ...mutation.payload, emailMeActive: true, emailMeEmail: address, locale: 'fr' as const },
    };
    expect((await push(k.batch([withMail]))).body.results[0]!.status).toBe('applied');
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select(['locale', 'subject'])
      .where('to_address', '=', address)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('fr');
    await push(k.batch([withMail]));
    expect(
      await t.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', address).execute(),
    ).toHaveLength(1);
  });
});

describe('what a batch may not do', () => {
  it('refuses a bad entry alone: the ones after it are applied', async () => {
    const k = kiosk();
    const before = k.checkIn('Bad-before');
    const bad = k.checkIn('Bad-email');
    const badPayload = { ...bad, payload: { ...bad.payload, emailMeActive: true, emailMeEmail: 'not an e-mail' } };
    const after = k.checkIn('Bad-after');
    const answer = await push(k.batch([before, badPayload, after]));
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['applied', undefined],
      ['rejected', 'VALIDATION_FAILED'],
      ['applied', undefined],
    ]);
    expect((await push(k.batch([badPayload]))).body.results[0]!.status).toBe('rejected');
  });

  it("refuses another building's check-in or check-out, a stale check-out and a time far in the future", async () => {
    const otherBuilding = await createBuilding(t.database.db, tenantId, 'Other lobby');
    const other = await t.database.db
      .selectFrom('buildings')
      .select('qr_code_key')
      .where('id', '=', otherBuilding)
      .executeTakeFirstOrThrow();
    const elsewhere = kiosk();
    const theirs = {
      ...elsewhere.checkIn('Elsewhere'),
      payload: { ...elsewhere.checkIn('x').payload, qrCodeKey: other.qr_code_key },
    };
    await push({ ...elsewhere.batch([theirs]), qrCodeKey: other.qr_code_key });

    const k = kiosk();
    const foreignCheckIn = {
      ...k.checkIn('Foreign'),
      payload: { ...k.checkIn('y').payload, qrCodeKey: other.qr_code_key },
    };
    const foreignCheckOut = k.checkOut(theirs.visitId);
    // Checked in on another kiosk a minute ago; this kiosk's check-out says two minutes ago.
    const second = kiosk();
    const mine = second.checkIn('Stale-out', new Date(Date.now() - 60_000));
    expect((await push(second.batch([mine]))).body.results[0]!.status).toBe('applied');
    const staleOut = { ...k.checkOut(mine.visitId), occurredAt: new Date(Date.now() - 120_000).toISOString() };
    const future = k.checkIn('Future', new Date(Date.now() + 60 * 60_000));
    const answer = await push(k.batch([foreignCheckIn, foreignCheckOut, staleOut, future]));
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['rejected', 'VALIDATION_FAILED'],
      ['rejected', 'CHECKOUT_VISIT_NOT_FOUND'],
      ['rejected', 'CHECKOUT_VISIT_NOT_FOUND'],
      ['rejected', 'VALIDATION_FAILED'],
    ]);
    const theirVisit = await t.database.db
      .selectFrom('visits')
      .select('checked_out_at')
      .where('id', '=', theirs.visitId)
      .executeTakeFirstOrThrow();
    expect(theirVisit.checked_out_at).toBeNull();
  });

  it('never answers the codes of a visit it did not create (checking into a visit by its id)', async () => {
    const k = kiosk();
    const first = { ...k.checkIn('Codes-once'), payload: { ...k.checkIn('z').payload, codes: newVisitCodes() } };
    await push(k.batch([first]));
    await push(k.batch([k.checkOut(first.visitId)]));
    const again = {
      ...k.checkIn('Codes-once'),
      visitId: first.visitId,
      payload: { ...k.checkIn('w').payload, codes: newVisitCodes() },
    };
    const answer = await push(k.batch([again]));
    expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    expect(answer.body.results[0]!.codes).toBeUndefined();
  });

  it('keeps a device with its tenant, and lists phones apart from kiosks', async () => {
    const k = kiosk();
    await push(k.batch([k.checkIn('Tenant-bound')]));
    const otherTenant = await createTenant(t.database.db);
    const foreignBuilding = await createBuilding(t.database.db, otherTenant, 'Foreign lobby');
    const foreign = await t.database.db
      .selectFrom('buildings')
      .select('qr_code_key')
      .where('id', '=', foreignBuilding)
      .executeTakeFirstOrThrow();
    const takeover = await push({ ...k.batch([]), qrCodeKey: foreign.qr_code_key });
    expect(takeover.status).toBe(403);

    const phone = kiosk();
    await push({ ...phone.batch([phone.checkIn('From-phone')]), channel: 'ownDevice' });
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    await assignBuildings(t.database.db, supervisor.id, [buildingId]);
    const headers = bearer(await logInAs(t.app, supervisor.username));
    const view = jsonOf<{ devices: { deviceId: string }[] }>(
      await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/devices`, headers }),
    );
    expect(view.devices.some((d) => d.deviceId === k.deviceId)).toBe(true);
    expect(view.devices.some((d) => d.deviceId === phone.deviceId)).toBe(false);
  });
});

describe('staff view of the kiosks', () => {
  it('lists each device with last contact, counts and alerts, and the rejected entries to resolve', async () => {
    const k = kiosk();
    const first = k.checkIn('Staff-view');
    await push(k.batch([first]));
    const other = kiosk();
    await push({ ...other.batch([other.checkIn('Staff-view')]), pendingCount: 3 });
    const supervisor = await createUser(t.database.db, { tenantId, role: 'ROLE_SUPERVISOR' });
    await assignBuildings(t.database.db, supervisor.id, [buildingId]);
    const headers = bearer(await logInAs(t.app, supervisor.username));
    const view = jsonOf<{
      devices: { deviceId: string; pendingCount: number; rejectedCount: number }[];
      rejected: { mutationId: string; errorCode: string; personName: string }[];
    }>(await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/devices`, headers }));
    expect(view.devices.find((d) => d.deviceId === other.deviceId)).toMatchObject({
      pendingCount: 3,
      rejectedCount: 1,
    });
    const rejected = view.rejected.find((r) => r.personName === 'Kiosk Staff-view');
    expect(rejected!.errorCode).toBe('CHECKEDIN');
    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `/service/sync/rejected/${rejected?.mutationId}/resolve`,
      headers,
    });
    expect(resolved.statusCode).toBe(200);
    const after = jsonOf<{ devices: { deviceId: string; rejectedCount: number }[] }>(
      await t.app.inject({ method: 'GET', url: `/service/building/${buildingId}/devices`, headers }),
    );
    expect(after.devices.find((d) => d.deviceId === other.deviceId)!.rejectedCount).toBe(0);
    // The kiosk learns that staff resolved it (and stops listing it on its staff screen).
    const ownView = jsonOf<{ rejected: { mutationId: string; resolvedAt: string | null }[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/service/sync/device/${other.deviceId}?qrCodeKey=${qrCodeKey}`,
        headers: await credentialOf(other.batch([])),
      }),
    );
    expect(ownView.rejected).toHaveLength(1);
    expect(ownView.rejected[0]!.mutationId).toBe(rejected?.mutationId);
    expect(ownView.rejected[0]!.resolvedAt).not.toBeNull();
  });
});

describe('kiosk configuration', () => {
  let kioskHeaders: Record<string, string>;
  beforeAll(async () => {
    kioskHeaders = (await enrolledKiosk(t.app, buildingId)).headers;
  });
  const read = (what: 'config' | 'visits', headers: Record<string, string> = kioskHeaders) =>
    t.app.inject({ method: 'GET', url: `/service/sync/${what}/${qrCodeKey}`, headers });

  it('answers with an ETag and 304 while unchanged, and a new version after a change', async () => {
    const first = await read('config');
    const etag = first.headers.etag as string;
    expect(jsonOf<{ checkInData: Record<string, { qrCodeKey: string }> }>(first).checkInData.VISITOR!.qrCodeKey).toBe(
      qrCodeKey,
    );
    const unchanged = await read('config', { ...kioskHeaders, 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    await t.database.db.updateTable('buildings').set({ name: 'Lobby renamed' }).where('id', '=', buildingId).execute();
    const changed = await read('config', { ...kioskHeaders, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("gives the building key alone nothing of a kiosk's: no configuration, visitors, PIN check or entries", async () => {
    await t.database.db.updateTable('buildings').set({ pin_code: '4821' }).where('id', '=', buildingId).execute();
    const k = kiosk();
    await push(k.batch([k.checkIn('Key-alone')]));
    const byKeyAlone = [
      await read('config', {}),
      await read('visits', {}),
      await t.app.inject({ method: 'POST', url: `/service/sync/staff/${qrCodeKey}`, payload: { pin: '4821' } }),
      await t.app.inject({ method: 'GET', url: `/service/sync/device/${k.deviceId}?qrCodeKey=${qrCodeKey}` }),
      await read('config', { 'x-kiosk-credential': `${k.deviceId}.${'x'.repeat(43)}` }),
    ];
    expect(byKeyAlone.map((r) => [r.statusCode, jsonOf<{ errorCode: string }>(r).errorCode])).toEqual(
      Array.from({ length: 5 }, () => [401, 'KIOSK_ENROLMENT_REQUIRED']),
    );
    for (const response of byKeyAlone) expect(response.body).not.toContain('Key-alone');
    // Another building's kiosk: refused too.
    const elsewhere = await enrolledKiosk(t.app, await createBuilding(t.database.db, tenantId, 'Next door'));
    const foreign = await read('visits', elsewhere.headers);
    expect([foreign.statusCode, jsonOf<{ errorCode: string }>(foreign).errorCode]).toEqual([
      403,
      'KIOSK_DEVICE_NOT_ALLOWED',
    ]);
    // The enrolled kiosk of the building: today's visitors, whatever its address list.
    const listed = jsonOf<{ lastName: string }[]>(await read('visits'));
    expect(listed.map((visit) => visit.lastName)).toContain('Key-alone');
  });

  it("lists a visitor the watchlist holds, whom staff at the building's kiosk let in with the building's PIN", async () => {
    await t.database.db.updateTable('buildings').set({ pin_code: '4821' }).where('id', '=', buildingId).execute();
    await t.database.db
      .insertInto('watchlist_entries')
      .values({
        id: uuidv7(),
        tenant_id: tenantId,
        kind: 'NAME',
        value: 'Kiosk Heldhere',
        match_key: 'heldhere kiosk',
        action: 'HOLD',
        reason: 'Escort required',
      })
      .execute();
    const k = kiosk();
    const entry = k.checkIn('Heldhere');
    await push(k.batch([entry]));
    const listed = jsonOf<{ id: string; held?: boolean; pin: string | null; checkedInAt: string | null }[]>(
      await read('visits'),
    );
    expect(listed.find((visit) => visit.id === entry.visitId)).toMatchObject({
      held: true,
      pin: null,
      checkedInAt: null,
    });

    const decide = (body: object, headers = kioskHeaders) =>
      t.app.inject({ method: 'POST', url: `/service/sync/held/${qrCodeKey}`, payload: body, headers });
    const refusedBy = async (response: Awaited<ReturnType<typeof decide>>) => [
      response.statusCode,
      jsonOf<{ errorCode: string }>(response).errorCode,
    ];
    expect(await refusedBy(await decide({ visitId: entry.visitId, approve: true, pin: '0000' }))).toEqual([
      400,
      'PIN_IDENTIFICATION_INVALID_PIN_BUILDING',
    ]);
    expect(await refusedBy(await decide({ visitId: entry.visitId, approve: true, pin: '4821' }, {}))).toEqual([
      401,
      'KIOSK_ENROLMENT_REQUIRED',
    ]);
    // Another building of the company, whose kiosk knows its own PIN: not this visit.
    const nextDoor = await createBuilding(t.database.db, tenantId, 'Held next door');
    await t.database.db.updateTable('buildings').set({ pin_code: '1234' }).where('id', '=', nextDoor).execute();
    const elsewhere = await enrolledKiosk(t.app, nextDoor);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/service/sync/held/${await qrCodeKeyOf(t.database.db, nextDoor)}`,
      payload: { visitId: entry.visitId, approve: true, pin: '1234' },
      headers: elsewhere.headers,
    });
    expect(await refusedBy(foreign)).toEqual([404, 'NOT_FOUND']);
    expect((await visitsNamed('Heldhere'))[0]!.checked_in_at).toBeNull();

    const approved = await decide({ visitId: entry.visitId, approve: true, pin: '4821' });
    expect(approved.statusCode).toBe(200);
    expect((await visitsNamed('Heldhere'))[0]!.checked_in_at).not.toBeNull();
    expect(await refusedBy(await decide({ visitId: entry.visitId, approve: false, pin: '4821' }))).toEqual([
      409,
      'VISIT_NOT_HELD',
    ]);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_channel', 'actor_device_id'])
      .where('entity_id', '=', entry.visitId)
      .where('action', '=', 'WATCHLIST_HOLD_APPROVED')
      .execute();
    expect(audited).toEqual([
      { action: 'WATCHLIST_HOLD_APPROVED', actor_channel: 'KIOSK', actor_device_id: expect.any(String) },
    ]);
  });

  it("names each visitor's host and company, for the staff screen's evacuation list", async () => {
    const k = kiosk();
    await push(k.batch([k.checkIn('Hosted')]));
    await t.database.db
      .updateTable('visits')
      .set({ host: 'Ada Host', company_name: 'Hosted Ltd' })
      .where('last_name', '=', 'Hosted')
      .execute();
    const listed = jsonOf<{ lastName: string; host: string | null; companyName: string | null }[]>(
      await read('visits'),
    );
    expect(listed.find((visit) => visit.lastName === 'Hosted')).toMatchObject({
      host: 'Ada Host',
      companyName: 'Hosted Ltd',
    });
  });

  it('carries a slow hash of the building PIN for the staff screen, never the PIN, and changes with it', async () => {
    await t.database.db.updateTable('buildings').set({ pin_code: '4821' }).where('id', '=', buildingId).execute();
    const first = await read('config');
    const config = jsonOf<{ staffPinHash: string; staffPinCheck: string }>(first);
    const expected = pbkdf2Sync('4821', staffPinSalt(buildingId), STAFF_PIN_ITERATIONS, 32, 'sha256');
    expect(config).toMatchObject({ staffPinHash: expected.toString('base64url'), staffPinCheck: 'device' });
    expect(first.body).not.toContain('4821');
    await t.database.db.updateTable('buildings').set({ pin_code: '1111' }).where('id', '=', buildingId).execute();
    const changed = await read('config', { ...kioskHeaders, 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
  });

  it('refuses a kiosk outside the building address list, when it has one', async () => {
    await t.database.db
      .updateTable('buildings')
      .set({ devices_ids: ';;;10.9.9.9;;;' })
      .where('id', '=', buildingId)
      .execute();
    try {
      const refused = await read('config');
      expect([refused.statusCode, jsonOf<{ errorCode: string }>(refused).errorCode]).toEqual([
        403,
        'KIOSK_DEVICE_NOT_ALLOWED',
      ]);
    } finally {
      await t.database.db.updateTable('buildings').set({ devices_ids: '' }).where('id', '=', buildingId).execute();
    }
    expect((await read('config')).statusCode).toBe(200);
  });
});

describe('a revoked kiosk', () => {
  it('delivers, but nothing it delivers after its revocation is applied by itself; it reads nothing more', async () => {
    const k = kiosk();
    const before = k.checkIn('Revoked-before', new Date(Date.now() - 5 * 60_000));
    const headers = await credentialOf(k.batch([]));
    // Pushed once while enrolled, so the device exists; then revoked by an administrator.
    expect((await push(k.batch([]))).status).toBe(200);
    await t.database.db
      .updateTable('kiosk_devices')
      .set({ revoked_at: new Date(Date.now() - 2 * 60_000) })
      .where('device_id', '=', k.deviceId)
      .execute();
    const after = k.checkIn('Revoked-after', new Date(Date.now() - 60_000));
    const answer = await push(k.batch([before, after]), headers);
    expect(answer.status).toBe(200);
    // Made before the revocation or after, it reached the server after: held for an administrator
    // (heldEntries.int.test.ts).
    expect(answer.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['rejected', 'KIOSK_ENTRY_HELD'],
      ['rejected', 'KIOSK_ENTRY_HELD'],
    ]);
    expect(await visitsNamed('Revoked-')).toEqual([]);
    // A resend changes nothing; its staff screen lists the held entries with their code.
    const again = await push(k.batch([before, after]), headers);
    expect(again.body.results.map((r) => [r.status, r.errorCode])).toEqual([
      ['rejected', 'KIOSK_ENTRY_HELD'],
      ['rejected', 'KIOSK_ENTRY_HELD'],
    ]);
    const own = await t.app.inject({
      method: 'GET',
      url: `/service/sync/device/${k.deviceId}?qrCodeKey=${qrCodeKey}`,
      headers,
    });
    const listed = jsonOf<{ rejected: { errorCode: string; personName: string }[] }>(own).rejected;
    expect(listed.map((entry) => `${entry.personName} ${entry.errorCode}`).sort()).toEqual([
      'Kiosk Revoked-after KIOSK_ENTRY_HELD',
      'Kiosk Revoked-before KIOSK_ENTRY_HELD',
    ]);
    const config = await t.app.inject({ method: 'GET', url: `/service/sync/config/${qrCodeKey}`, headers });
    expect([config.statusCode, jsonOf<{ errorCode: string }>(config).errorCode]).toEqual([403, 'KIOSK_DEVICE_REVOKED']);
  });
});

describe('exactly once under a lossy network (property)', () => {
  it("ends with the server holding the client's mutations minus the rejected, without duplicates", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ drop: fc.boolean(), dropAnswer: fc.boolean(), duplicate: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 4 }),
        async (deliveries, batchSize) => {
          const k = kiosk();
          const prefix = `Prop-${k.deviceId.slice(-12)}-`;
          // Every person is new, except one who repeats an earlier name: that one is rejected.
          const mutations = Array.from({ length: deliveries.length + 1 }, (_, i) =>
            k.checkIn(`${prefix}${i === deliveries.length ? 0 : i}`),
          );
          const pending = new Map(mutations.map((m) => [m.mutationId, m]));
          const outcome = new Map<string, string>();
          // The client retries until every mutation has an answer; the network drops, duplicates
          // and reorders requests and answers according to the generated plan.
          let round = 0;
          while (pending.size > 0 && round < 50) {
            const plan = deliveries[round % deliveries.length] ?? { drop: false, dropAnswer: false, duplicate: false };
            round++;
            const batch = [...pending.values()].sort((a, b) => a.seq - b.seq).slice(0, batchSize);
            if (plan.drop && round < 20) continue;
            const sends = plan.duplicate ? [push(k.batch(batch)), push(k.batch(batch))] : [push(k.batch(batch))];
            const answers = await Promise.all(sends);
            if (plan.dropAnswer && round < 20) continue;
            for (const result of answers[answers.length - 1]?.body.results ?? []) {
              outcome.set(
                result.mutationId,
                result.status === 'rejected' || result.outcome === 'rejected' ? 'rejected' : 'applied',
              );
              pending.delete(result.mutationId);
            }
          }
          expect(pending.size).toBe(0);
          const rows = await visitsNamed(prefix);
          const appliedIds = mutations
            .filter((m) => outcome.get(m.mutationId) === 'applied')
            .map((m) => m.visitId)
            .sort();
          expect(rows.map((r) => r.id).sort()).toEqual(appliedIds);
          expect([...outcome.values()].filter((o) => o === 'rejected')).toHaveLength(1);
        },
      ),
      { numRuns: 15 },
    );
  });
});
