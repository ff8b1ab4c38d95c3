import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function upsertDevice(
  db: Db,
  device: {
    deviceId: string;
    tenantId: string;
    buildingId: string;
    ip: string;
    appVersion: string | null;
    configVersion: string | null;
    pendingCount: number | null;
    clockSkewMs: number;
    skewFlagged: boolean;
    channel: 'kiosk' | 'ownDevice';
  },
): Promise<boolean> {
  const values = {
    channel: device.channel,
    tenant_id: device.tenantId,
    building_id: device.buildingId,
    last_seen_at: sql<Date>`now()`,
    last_ip: device.ip,
    app_version: device.appVersion,
    config_version: device.configVersion,
    clock_skew_ms: device.clockSkewMs,
    clock_skew_flagged: device.skewFlagged,
    ...(device.pendingCount === null ? {} : { pending_count: device.pendingCount }),
  };
  // A device may move between buildings of its tenant (reprovisioned), never to another tenant.
  const row = await db
    .insertInto('kiosk_devices')
    .values({ device_id: device.deviceId, ...values })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet(values).where('kiosk_devices.tenant_id', '=', device.tenantId),
    )
    .returning('device_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A device's recorded mutation (mutation ids are scoped by device). */
export function findAppliedMutation(db: Db, deviceId: string, mutationId: string) {
  return db
    .selectFrom('applied_mutations')
    .select(['outcome', 'error_code'])
    .where('device_id', '=', deviceId)
    .where('mutation_id', '=', mutationId)
    .executeTakeFirst();
}

export interface MutationRecord {
  mutationId: string;
  deviceId: string;
  tenantId: string;
  buildingId: string;
  seq: number;
  type: 'checkIn' | 'checkOut' | 'rollCall';
  /** The visit; null for a roll call's start or end. */
  visitId: string | null;
  payload: unknown;
  occurredAt: Date;
}

function mutationRow(record: MutationRecord, outcome: 'applied' | 'rejected' | 'held', errorCode: string | null) {
  return {
    mutation_id: record.mutationId,
    device_id: record.deviceId,
    tenant_id: record.tenantId,
    building_id: record.buildingId,
    seq: record.seq,
    type: record.type,
    visit_id: record.visitId,
    outcome,
    error_code: errorCode,
    payload: JSON.stringify(record.payload),
    occurred_at: record.occurredAt,
  };
}

/**
 * Records a mutation and its outcome. Inside the applying transaction the primary key makes
 * it exactly once (a concurrent delivery fails on it); a rejection is recorded with
 * `ifAbsent`, so a mutation another delivery already recorded keeps its outcome.
 */
export async function recordMutation(
  db: Db,
  record: MutationRecord,
  outcome: { outcome: 'applied' | 'rejected' | 'held'; errorCode: string | null; ifAbsent: boolean },
): Promise<void> {
  const insert = db.insertInto('applied_mutations').values(mutationRow(record, outcome.outcome, outcome.errorCode));
  await (
    outcome.ifAbsent ? insert.onConflict((oc) => oc.columns(['device_id', 'mutation_id']).doNothing()) : insert
  ).execute();
}

/** The recorded outcomes of these mutations of a device, by mutation id (a batch's, read at once). */
export async function findAppliedMutations(db: Db, deviceId: string, mutationIds: readonly string[]) {
  if (mutationIds.length === 0) return new Map<string, { outcome: string; error_code: string | null }>();
  const rows = await db
    .selectFrom('applied_mutations')
    .select(['mutation_id', 'outcome', 'error_code'])
    .where('device_id', '=', deviceId)
    .where('mutation_id', 'in', mutationIds)
    .execute();
  return new Map(rows.map((row) => [row.mutation_id, { outcome: row.outcome, error_code: row.error_code }]));
}

/**
 * Records mutations applied, in one statement: answers the ids recorded now. One another
 * delivery recorded first (a concurrent push of the same batch) is left as it is and not answered.
 */
export async function recordAppliedMutations(
  db: Db,
  records: readonly { record: MutationRecord; errorCode: string | null }[],
): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const rows = await db
    .insertInto('applied_mutations')
    .values(records.map(({ record, errorCode }) => mutationRow(record, 'applied', errorCode)))
    .onConflict((oc) => oc.columns(['device_id', 'mutation_id']).doNothing())
    .returning('mutation_id')
    .execute();
  return new Set(rows.map((row) => row.mutation_id));
}

/** Takes back a mutation's record made in this transaction, so that it can be applied again alone. */
export async function forgetMutation(db: Db, deviceId: string, mutationId: string): Promise<void> {
  await db
    .deleteFrom('applied_mutations')
    .where('device_id', '=', deviceId)
    .where('mutation_id', '=', mutationId)
    .execute();
}

/**
 * The first missing sequence number of a device from `fromSeq` on (a batch's first), if its
 * recorded seqs have a gap there: the seqs from the last one recorded before it, so a device's
 * thousandth push reads what it added, not its whole history (earlier gaps were found then).
 */
export async function firstSeqGap(
  db: Db,
  deviceId: string,
  fromSeq: number,
): Promise<{ missing: number; before: number } | undefined> {
  const row = await sql<{ missing: number | null; before: number | null }>`
    with start as (
      select coalesce(max(seq), 0) as seq from applied_mutations where device_id = ${deviceId} and seq < ${fromSeq}
    )
    select (prev + 1)::bigint as missing, seq as before from (
      select m.seq, coalesce(lag(m.seq) over (order by m.seq), start.seq) as prev
      from applied_mutations m, start
      where m.device_id = ${deviceId} and m.seq >= ${fromSeq}
    ) s where seq > prev + 1 order by seq limit 1`.execute(db);
  const first = row.rows[0];
  return first?.missing != null && first.before != null
    ? { missing: Number(first.missing), before: Number(first.before) }
    : undefined;
}

export async function addDeviceAlert(
  db: Db,
  id: string,
  deviceId: string,
  kind: 'SEQ_GAP' | 'CLOCK_SKEW',
  details: string,
): Promise<void> {
  await db
    .insertInto('device_alerts')
    .values({ id, device_id: deviceId, kind, details })
    .onConflict((oc) => oc.columns(['device_id', 'kind', 'details']).doNothing())
    .execute();
}

export function listBuildingDevices(db: Db, buildingId: string) {
  return db
    .selectFrom('kiosk_devices')
    .selectAll('kiosk_devices')
    .select((eb) =>
      eb
        .selectFrom('applied_mutations')
        .select((q) => q.fn.countAll<number>().as('n'))
        .whereRef('applied_mutations.device_id', '=', 'kiosk_devices.device_id')
        .where('applied_mutations.outcome', '=', 'rejected')
        .where('applied_mutations.resolved_at', 'is', null)
        .as('rejected_count'),
    )
    .where('building_id', '=', buildingId)
    .where('channel', '=', 'kiosk')
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export function listDeviceAlerts(db: Db, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_alerts')
    .selectAll()
    .where('device_id', 'in', deviceIds)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Refused entries: a building's, unresolved, for its administrators; or one kiosk's own for its
 * staff screen (`includeResolved`), which also lists its held entries and those an administrator
 * reviewed, so the kiosk learns what became of each.
 */
export function listRejectedMutations(
  db: Db,
  filter: { buildingId?: string; deviceId?: string },
  includeResolved: boolean,
) {
  let query = db
    .selectFrom('applied_mutations')
    .select([
      'mutation_id',
      'device_id',
      'type',
      'visit_id',
      'error_code',
      'payload',
      'occurred_at',
      'received_at',
      'resolved_at',
    ])
    .where((eb) =>
      includeResolved
        ? eb.or([eb('outcome', 'in', ['rejected', 'held']), eb('review', 'is not', null)])
        : eb('outcome', '=', 'rejected'),
    );
  if (filter.buildingId) query = query.where('building_id', '=', filter.buildingId);
  if (filter.deviceId) query = query.where('device_id', '=', filter.deviceId);
  if (!includeResolved) query = query.where('resolved_at', 'is', null);
  return query.orderBy('received_at', 'desc').limit(500).execute();
}

export async function resolveRejectedMutation(
  db: Db,
  tenantId: string,
  mutationId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('applied_mutations')
    .set({ resolved_at: sql<Date>`now()`, resolved_by: userId })
    .where('mutation_id', '=', mutationId)
    .where('tenant_id', '=', tenantId)
    .where('outcome', '=', 'rejected')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The entries held for review of a building's revoked kiosks, oldest first (docs/kiosk.md). */
export function listHeldMutations(db: Db, buildingId: string) {
  return (
    db
      .selectFrom('applied_mutations')
      .innerJoin('kiosk_devices', 'kiosk_devices.device_id', 'applied_mutations.device_id')
      // A check-out names its person through its visit (of this building).
      .leftJoin('visits', (join) =>
        join
          .onRef('visits.id', '=', 'applied_mutations.visit_id')
          .onRef('visits.building_id', '=', 'applied_mutations.building_id'),
      )
      .select([
        'applied_mutations.mutation_id',
        'applied_mutations.device_id',
        'kiosk_devices.name as device_name',
        'kiosk_devices.revoked_at',
        'visits.first_name as visit_first_name',
        'visits.last_name as visit_last_name',
        'applied_mutations.type',
        'applied_mutations.visit_id',
        'applied_mutations.payload',
        'applied_mutations.occurred_at',
        'applied_mutations.received_at',
      ])
      .where('applied_mutations.building_id', '=', buildingId)
      .where('applied_mutations.outcome', '=', 'held')
      .orderBy('applied_mutations.received_at')
      .orderBy('applied_mutations.seq')
      .limit(500)
      .execute()
  );
}

export interface HeldTarget {
  tenantId: string;
  buildingId: string;
  deviceId: string;
  mutationId: string;
}

/**
 * One entry of a kiosk of the building, held or not, with what applying it needs: the entry as
 * pushed, the kiosk, and the building's check-in key.
 */
export function findDeviceMutation(db: Db, target: HeldTarget) {
  return (
    db
      .selectFrom('applied_mutations')
      .innerJoin('kiosk_devices', 'kiosk_devices.device_id', 'applied_mutations.device_id')
      .innerJoin('buildings', 'buildings.id', 'applied_mutations.building_id')
      // A check-out names its person through its visit (of this building).
      .leftJoin('visits', (join) =>
        join
          .onRef('visits.id', '=', 'applied_mutations.visit_id')
          .onRef('visits.building_id', '=', 'applied_mutations.building_id'),
      )
      .select([
        'applied_mutations.mutation_id',
        'applied_mutations.device_id',
        'applied_mutations.seq',
        'applied_mutations.type',
        'applied_mutations.visit_id',
        'applied_mutations.payload',
        'applied_mutations.occurred_at',
        'applied_mutations.outcome',
        'kiosk_devices.name as device_name',
        'kiosk_devices.revoked_at',
        'kiosk_devices.last_ip',
        'buildings.qr_code_key',
        'visits.first_name as visit_first_name',
        'visits.last_name as visit_last_name',
      ])
      .where('applied_mutations.tenant_id', '=', target.tenantId)
      .where('applied_mutations.building_id', '=', target.buildingId)
      .where('applied_mutations.device_id', '=', target.deviceId)
      .where('applied_mutations.mutation_id', '=', target.mutationId)
      .executeTakeFirst()
  );
}

/**
 * Ends a held entry's wait with the reviewer's decision, only while it is held (the row's lock
 * makes a second reviewer wait, then find it reviewed): applied, refused by the check-in rules
 * (a refused entry staff resolve, with its code) or discarded. Answers whether it was held.
 */
export async function reviewHeldMutation(
  db: Db,
  target: HeldTarget,
  review: { review: 'applied' | 'refused' | 'discarded'; errorCode?: string; userId: string },
): Promise<boolean> {
  const outcome = review.review === 'applied' ? 'applied' : 'rejected';
  // Applied or discarded, staff are done with it: the kiosk stops listing it. Refused, it waits
  // in the refused entries like any other.
  const done = review.review !== 'refused';
  const result = await db
    .updateTable('applied_mutations')
    .set({
      outcome,
      review: review.review,
      reviewed_at: sql<Date>`now()`,
      reviewed_by: review.userId,
      ...(review.errorCode ? { error_code: review.errorCode } : {}),
      ...(done ? { resolved_at: sql<Date>`now()`, resolved_by: review.userId } : {}),
    })
    .where('tenant_id', '=', target.tenantId)
    .where('building_id', '=', target.buildingId)
    .where('device_id', '=', target.deviceId)
    .where('mutation_id', '=', target.mutationId)
    .where('outcome', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Today's present and expected visits of a building, for check-out on a kiosk that is offline. */
export function openAndExpectedVisits(db: Db, buildingId: string) {
  return (
    db
      .selectFrom('visits')
      .select([
        'id',
        'identifier',
        'public_identifier',
        'first_name',
        'last_name',
        'checked_in_at',
        'scheduled_at',
        'scheduled_duration',
        'visitor_type',
        'host',
        'company_name',
        'email',
        'phone',
        'pin',
        'check_in_form',
        'watch_hold',
      ])
      .where('building_id', '=', buildingId)
      .where('checked_out_at', 'is', null)
      .where('cancelled_at', 'is', null)
      // A visit refused at the door is neither present nor expected.
      .where('allowed', '=', true)
      .where((eb) =>
        eb.or([
          eb('checked_in_at', 'is not', null),
          // Held at the door by the watchlist: the staff screen lists them.
          eb('watch_hold', '=', 'HELD'),
          eb.and([
            eb('scheduled_at', '>=', sql<Date>`now() - interval '12 hours'`),
            eb('scheduled_at', '<', sql<Date>`now() + interval '24 hours'`),
          ]),
        ]),
      )
      // Present visitors first (they are the ones to check out), then the expected ones.
      .orderBy(sql`checked_in_at desc nulls last`)
      .limit(2000)
      .execute()
  );
}

/**
 * The people of a building whose pass may open its door from `day` on: not
 * deactivated, validity not ended before that day; only what a kiosk needs to recognise a pass.
 */
export function kioskPeople(db: Db, building: { id: string; tenant_id: string }, day: string) {
  return db
    .selectFrom('people')
    .select([
      'id',
      'pass_identifier',
      'first_name',
      'last_name',
      'department',
      'visitor_type',
      'valid_from',
      'valid_to',
    ])
    .where('building_id', '=', building.id)
    .where('tenant_id', '=', building.tenant_id)
    .where('deactivated', '=', false)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', day)]))
    .orderBy('id')
    .execute();
}
