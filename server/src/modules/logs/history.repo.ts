import type { HistoryType } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

/** The company an object belongs to, or undefined when there is no such object. */
export async function tenantOfObject(db: Db, type: HistoryType, id: string): Promise<string | null | undefined> {
  switch (type) {
    case 'visit':
      return (await db.selectFrom('visits').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
    case 'person':
      return (await db.selectFrom('people').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
    case 'user': {
      const row = await db.selectFrom('users').select('tenant_id').where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : row.tenant_id;
    }
    case 'building':
      return (await db.selectFrom('buildings').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
    case 'kiosk':
      return (await db.selectFrom('kiosk_devices').select('tenant_id').where('device_id', '=', id).executeTakeFirst())
        ?.tenant_id;
  }
}

/** The e-mails about an object, the latest `limit`. */
export function mailsAbout(db: Db, entity: 'visit' | 'person' | 'user', id: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The kiosk entries naming a visit, of a device, or of a building's devices, the latest `limit`, in a company. */
export function syncEntriesOf(
  db: Db,
  tenantId: string,
  by: { visitId: string } | { deviceId: string } | { buildingId: string },
  limit: number,
) {
  let query = db
    .selectFrom('applied_mutations')
    .select([
      'device_id',
      'mutation_id',
      'type',
      'outcome',
      'error_code',
      'review',
      'occurred_at',
      'received_at',
      'visit_id',
    ])
    .where('tenant_id', '=', tenantId);
  if ('visitId' in by) query = query.where('visit_id', '=', by.visitId);
  else if ('deviceId' in by) query = query.where('device_id', '=', by.deviceId);
  else query = query.where('building_id', '=', by.buildingId);
  return query.orderBy('received_at', 'desc').orderBy('mutation_id', 'desc').limit(limit).execute();
}

/** The moments the lifecycle jobs marked on a visit. */
export function visitJobMarks(db: Db, id: string) {
  return db
    .selectFrom('visits')
    .select([
      'invitation_sent_at',
      'host_notified_at',
      'start_reminder_sent_at',
      'end_reminder_sent_at',
      'overdue_alert_sent_at',
      'cancellation_sent_at',
      'expired_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
