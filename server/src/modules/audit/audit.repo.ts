import { uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

export interface AuditRow {
  tenantId: string | null;
  actorId: string | null;
  actorUsername: string | null;
  actingAsId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  clientIp: string | null;
}

/** Appends one row to the audit log; pass the transaction of the change it records. */
export async function insertAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidv7(),
      tenant_id: row.tenantId,
      actor_id: row.actorId,
      actor_username: row.actorUsername,
      acting_as_id: row.actingAsId,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
      client_ip: row.clientIp,
    })
    .execute();
}
