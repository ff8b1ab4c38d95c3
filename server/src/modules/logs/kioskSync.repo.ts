import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface KioskSyncQuery {
  tenantId: string;
  from?: Date | undefined;
  to?: Date | undefined;
  buildingId?: string | undefined;
  deviceId?: string | undefined;
}

/**
 * Each kiosk of a company (by building and device) with its entries received in the period:
 * pushes (the entries of one push share their arrival, the push's transaction time), applied,
 * rejected and held; kiosks without entries in the period are listed with zeros.
 */
export function kioskSyncRows(db: Db, query: KioskSyncQuery) {
  const inPeriod = sql<boolean>`(${query.from ?? null}::timestamptz is null or m.received_at >= ${query.from ?? null})
    and (${query.to ?? null}::timestamptz is null or m.received_at < ${query.to ?? null})`;
  let select = db
    .selectFrom('kiosk_devices as d')
    .innerJoin('buildings as b', 'b.id', 'd.building_id')
    .leftJoin('applied_mutations as m', (join) => join.onRef('m.device_id', '=', 'd.device_id').on(inPeriod))
    .select([
      'd.device_id',
      'd.name',
      'd.building_id',
      'b.name as building_name',
      'd.last_seen_at',
      'd.revoked_at',
      sql<number>`count(distinct m.received_at)`.as('pushes'),
      sql<number>`count(m.mutation_id) filter (where m.outcome = 'applied')`.as('applied'),
      sql<number>`count(m.mutation_id) filter (where m.outcome = 'rejected')`.as('rejected'),
      sql<number>`count(m.mutation_id) filter (where m.outcome = 'held')`.as('held'),
    ])
    .where('d.tenant_id', '=', query.tenantId)
    .where('d.channel', '=', 'kiosk');
  if (query.buildingId) select = select.where('d.building_id', '=', query.buildingId);
  if (query.deviceId) select = select.where('d.device_id', '=', query.deviceId);
  return select
    .groupBy(['d.device_id', 'd.name', 'd.building_id', 'b.name', 'd.last_seen_at', 'd.revoked_at'])
    .orderBy('b.name')
    .orderBy('d.name')
    .orderBy('d.device_id')
    .execute();
}

/** The rejected entries of the same kiosks and period, by device and error code. */
export function rejectedCodes(db: Db, query: KioskSyncQuery) {
  let select = db
    .selectFrom('applied_mutations as m')
    .innerJoin('kiosk_devices as d', 'd.device_id', 'm.device_id')
    .select(['m.device_id', 'm.error_code', sql<number>`count(*)`.as('count')])
    .where('m.tenant_id', '=', query.tenantId)
    .where('d.channel', '=', 'kiosk')
    .where('m.outcome', '=', 'rejected');
  if (query.from) select = select.where('m.received_at', '>=', query.from);
  if (query.to) select = select.where('m.received_at', '<', query.to);
  if (query.buildingId) select = select.where('d.building_id', '=', query.buildingId);
  if (query.deviceId) select = select.where('m.device_id', '=', query.deviceId);
  return select.groupBy(['m.device_id', 'm.error_code']).orderBy('m.device_id').orderBy('m.error_code').execute();
}
