import { type SqlBool, sql } from 'kysely';
import type { WebhookDeliveryStatus } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

// A company's webhooks (docs/webhooks.md): endpoints, the outbox of deliveries written in the
// transaction of the change each tells, and every attempt to send one.

export interface EndpointValues {
  url: string;
  description: string;
  events: string[];
  active: boolean;
}

function endpoints(db: Db, tenantId: string) {
  return db
    .selectFrom('webhook_endpoints as endpoint')
    .leftJoin('users', 'users.id', 'endpoint.created_by')
    .select([
      'endpoint.id',
      'endpoint.url',
      'endpoint.description',
      'endpoint.events',
      'endpoint.active',
      'endpoint.created_at',
      'users.username as created_by',
      sql<number>`(select count(*)::int from webhook_deliveries d
        where d.endpoint_id = endpoint.id and d.status = 'PENDING')`.as('pending'),
      sql<number>`(select count(*)::int from webhook_deliveries d
        where d.endpoint_id = endpoint.id and d.status = 'FAILED' and d.created_at > now() - interval '1 day')`.as(
        'failed_last_day',
      ),
    ])
    .where('endpoint.tenant_id', '=', tenantId);
}
export type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];

export function listEndpoints(db: Db, tenantId: string) {
  return endpoints(db, tenantId).orderBy('endpoint.created_at').orderBy('endpoint.id').execute();
}

export function findEndpoint(db: Db, tenantId: string, id: string) {
  return endpoints(db, tenantId).where('endpoint.id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(
  db: Db,
  row: EndpointValues & { id: string; tenant_id: string; secret: string; created_by: string | null },
): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<EndpointValues> & { secret?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpoint(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The active endpoints of these companies subscribed to one of these events. */
export function subscribedEndpoints(db: Db, tenantIds: readonly string[], events: readonly string[]) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'tenant_id', 'events'])
    .where('tenant_id', 'in', tenantIds)
    .where('active', '=', true)
    .where(sql<SqlBool>`events && ${sql.val(events)}::text[]`)
    .execute();
}

export interface NewDelivery {
  id: string;
  event_id: string;
  endpoint_id: string;
  tenant_id: string;
  event: string;
  object_type: string;
  object_id: string;
  payload: string;
}

export async function insertDeliveries(db: Db, rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/**
 * Due deliveries under row locks (another instance skips them), each the oldest one still pending
 * for its endpoint and object, so a visit's events arrive in order: a later one waits for the
 * earlier to be delivered or to fail.
 */
export function lockDueDeliveries(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('webhook_deliveries as delivery')
    .innerJoin('webhook_endpoints as endpoint', 'endpoint.id', 'delivery.endpoint_id')
    .select([
      'delivery.id',
      'delivery.event_id',
      'delivery.event',
      'delivery.payload',
      'delivery.attempts',
      'delivery.created_at',
      'endpoint.url',
      'endpoint.secret',
    ])
    .where('delivery.status', '=', 'PENDING')
    .where('delivery.next_attempt_at', '<=', now)
    .where('endpoint.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as earlier')
            .select(sql`1`.as('one'))
            .whereRef('earlier.endpoint_id', '=', 'delivery.endpoint_id')
            .whereRef('earlier.object_id', '=', 'delivery.object_id')
            .where('earlier.status', '=', 'PENDING')
            .where(sql<SqlBool>`(earlier.created_at, earlier.id) < (delivery.created_at, delivery.id)`),
        ),
      ),
    )
    .orderBy('delivery.created_at')
    .orderBy('delivery.id')
    .limit(limit)
    .forUpdate('delivery')
    .skipLocked()
    .execute();
}

/** Claims deliveries until `until`: another run leaves them alone while this one sends them. */
export async function leaseDeliveries(db: Db, ids: readonly string[], until: Date): Promise<void> {
  if (ids.length > 0)
    await db.updateTable('webhook_deliveries').set({ next_attempt_at: until }).where('id', 'in', ids).execute();
}

export interface AttemptOutcome {
  deliveryId: string;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date;
}

/** An attempt kept for the log, and the delivery's state after it (one transaction). */
export async function recordAttempt(db: Db, id: string, outcome: AttemptOutcome): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        id,
        delivery_id: outcome.deliveryId,
        at: outcome.at,
        status_code: outcome.statusCode,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.status,
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: outcome.nextAttemptAt,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        ...(outcome.status === 'DELIVERED' ? { delivered_at: outcome.at } : {}),
      })
      .where('id', '=', outcome.deliveryId)
      .execute();
  });
}

export interface DeliveryFilter {
  tenantId: string;
  endpointId?: string | undefined;
  status?: WebhookDeliveryStatus | undefined;
}

function deliveries(db: Db, filter: DeliveryFilter) {
  let query = db
    .selectFrom('webhook_deliveries as delivery')
    .innerJoin('webhook_endpoints as endpoint', 'endpoint.id', 'delivery.endpoint_id')
    .where('delivery.tenant_id', '=', filter.tenantId);
  if (filter.endpointId) query = query.where('delivery.endpoint_id', '=', filter.endpointId);
  if (filter.status) query = query.where('delivery.status', '=', filter.status);
  return query;
}

/** What the delivery log shows of a delivery. */
const deliveryColumns = [
  'delivery.id',
  'delivery.event_id',
  'delivery.endpoint_id',
  'endpoint.url',
  'delivery.event',
  'delivery.object_type',
  'delivery.object_id',
  'delivery.created_at',
  'delivery.status',
  'delivery.next_attempt_at',
  'delivery.delivered_at',
] as const;

/** A page of the delivery log, newest first. */
export function listDeliveries(db: Db, filter: DeliveryFilter, page: { offset: number; limit: number }) {
  return deliveries(db, filter)
    .select(deliveryColumns)
    .orderBy('delivery.created_at', 'desc')
    .orderBy('delivery.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

/** How many deliveries the filter finds, counted up to `cap` + 1. */
export async function countDeliveries(db: Db, filter: DeliveryFilter, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      deliveries(db, filter)
        .select('delivery.id')
        .limit(cap + 1)
        .as('found'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findDelivery(db: Db, tenantId: string, id: string) {
  return deliveries(db, { tenantId }).select(deliveryColumns).where('delivery.id', '=', id).executeTakeFirst();
}

/** The attempts of these deliveries, oldest first. */
export function attemptsOf(db: Db, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'at', 'status_code', 'error', 'duration_ms'])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * Sends a delivery again from now: pending, due at once, tried anew for a day (its earlier
 * attempts kept). The event id stays, so a receiver that had it drops the copy.
 */
export async function requeueDelivery(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'PENDING', next_attempt_at: now, created_at: now, delivered_at: null })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes up to `limit` deliveries settled (delivered or failed) before `before`: the log keeps 30 days. */
export async function pruneDeliveries(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '<>', 'PENDING')
        .where('created_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
