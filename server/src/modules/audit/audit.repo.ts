import { sql } from 'kysely';
import { uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/likePattern.ts';

export interface AuditRow {
  tenantId: string | null;
  actorId: string | null;
  actorUsername: string | null;
  actingAsId: string | null;
  actorChannel: 'OWN_DEVICE' | 'KIOSK' | 'AUTOMATIC' | null;
  actorDeviceId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  clientIp: string | null;
}

const columnsOf = (row: AuditRow) => ({
  id: uuidv7(),
  tenant_id: row.tenantId,
  actor_id: row.actorId,
  actor_username: row.actorUsername,
  acting_as_id: row.actingAsId,
  actor_channel: row.actorChannel,
  actor_device_id: row.actorDeviceId,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  before: row.before === null ? null : JSON.stringify(row.before),
  after: row.after === null ? null : JSON.stringify(row.after),
  client_ip: row.clientIp,
});

/** Appends rows to the audit log in one statement; pass the transaction of the change they record. */
export async function insertAuditRows(db: Db, rows: readonly AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('audit_log').values(rows.map(columnsOf)).execute();
}

/** What the Logs screen filters by; every part optional. */
export interface AuditFilter {
  /** From this moment (inclusive). */
  from?: Date | undefined;
  /** Before this moment. */
  to?: Date | undefined;
  /** Part of the username of who acted, or of the user they acted as. */
  user?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  tenantId?: string | undefined;
}

/** The log's rows with the usernames of who acted and as whom (those of today, when not stored). */
function selectAuditRows(db: Db, filter: AuditFilter) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .leftJoin('users as acting', 'acting.id', 'audit_log.acting_as_id');
  if (filter.from) query = query.where('audit_log.at', '>=', filter.from);
  if (filter.to) query = query.where('audit_log.at', '<', filter.to);
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.entity) query = query.where('audit_log.entity', '=', filter.entity);
  if (filter.entityId) query = query.where('audit_log.entity_id', '=', filter.entityId);
  if (filter.tenantId) query = query.where('audit_log.tenant_id', '=', filter.tenantId);
  if (filter.user) {
    const pattern = containsPattern(filter.user);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('audit_log.actor_username', 'actor.username'), 'ilike', pattern),
        eb('acting.username', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export type AuditLogRow = Awaited<ReturnType<typeof listAuditRows>>[number];

/**
 * One page of the log, newest first: by offset, or (a file written page after page while new
 * rows arrive) after the row `afterId`, which keeps its place however many rows came since.
 */
export function listAuditRows(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset?: number; afterId?: string | undefined },
) {
  let query = selectAuditRows(db, filter)
    .selectAll('audit_log')
    .select((eb) => [
      eb.fn.coalesce('audit_log.actor_username', 'actor.username').as('actor_name'),
      'acting.username as acting_as_username',
      // The kiosk's name, for a kiosk that acted (a phone has none).
      eb
        .selectFrom('kiosk_devices')
        .select('kiosk_devices.name')
        .whereRef('kiosk_devices.device_id', '=', 'audit_log.actor_device_id')
        .limit(1)
        .as('actor_device_name'),
    ]);
  if (page.afterId) {
    query = query.where(
      sql<boolean>`(audit_log.at, audit_log.id) < (select c.at, c.id from audit_log c where c.id = ${page.afterId})`,
    );
  }
  return query
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .offset(page.offset ?? 0)
    .limit(page.limit)
    .execute();
}

export async function countAuditRows(db: Db, filter: AuditFilter): Promise<number> {
  const { total } = await selectAuditRows(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
