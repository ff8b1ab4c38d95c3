import { randomBytes } from 'node:crypto';
import {
  LIST_COUNT_CAP,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointWithSecret,
  type WebhookEndpoints,
  type WebhookEvent,
  uuidv7,
  webhookEndpointInputSchema,
  webhookUrlAllowed,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { sealSecret } from '../../security/secretBox.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import {
  type DeliveryRow,
  type EndpointRow,
  type EndpointValues,
  attemptsOf,
  countDeliveries,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  requeueDelivery,
  updateEndpoint,
} from './webhooks.repo.ts';

// A company's webhook endpoints and their delivery log (docs/webhooks.md). Administrators and
// corporate users keep them; each change is audited with the address and events, never the
// secret, which is shown once and stored encrypted.

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    active: row.active,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    pending: row.pending,
    failedLastDay: row.failed_last_day,
  };
}

/** An address the server may call (shared `webhookUrlAllowed`), else WEBHOOK_URL_NOT_ALLOWED. */
function valuesOf(ctx: ServerContext, input: WebhookEndpointInput): EndpointValues {
  const parsed = webhookEndpointInputSchema.parse(input);
  if (!webhookUrlAllowed(parsed.url, ctx.config.webhookAllowLoopback))
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field: 'url' });
  const url = new URL(parsed.url);
  return { url: url.toString(), description: parsed.description, events: parsed.events, active: parsed.active };
}

/** A new signing secret: 32 random bytes, as the receiver will keep it. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function webhookEndpoints(ctx: ServerContext, tenantId: string): Promise<WebhookEndpoints> {
  return { endpoints: (await listEndpoints(ctx.db, tenantId)).map(toEndpoint) };
}

export async function addWebhookEndpoint(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> {
  const values = valuesOf(ctx, input);
  const id = uuidv7();
  const secret = newSecret();
  const sealed = await sealSecret(ctx, secret);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, { id, tenant_id: tenantId, secret: sealed, created_by: actor.userId, ...values });
    await audit(trx, actor, {
      tenantId,
      action: 'WEBHOOK_ENDPOINT_ADDED',
      entity: 'webhookEndpoint',
      entityId: id,
      after: { url: values.url, events: values.events, active: values.active },
    });
    return findEndpoint(trx, tenantId, id);
  });
  if (!row) throw notFound();
  return { endpoint: toEndpoint(row), secret };
}

export async function changeWebhookEndpoint(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpoint> {
  const values = valuesOf(ctx, input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await findEndpoint(trx, tenantId, id);
    if (!before || !(await updateEndpoint(trx, tenantId, id, values))) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'WEBHOOK_ENDPOINT_CHANGED',
      entity: 'webhookEndpoint',
      entityId: id,
      before: { url: before.url, events: before.events, active: before.active },
      after: { url: values.url, events: values.events, active: values.active },
    });
    return findEndpoint(trx, tenantId, id);
  });
  if (!row) throw notFound();
  return toEndpoint(row);
}

export async function removeWebhookEndpoint(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findEndpoint(trx, tenantId, id);
    if (!before || !(await deleteEndpoint(trx, tenantId, id))) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'WEBHOOK_ENDPOINT_REMOVED',
      entity: 'webhookEndpoint',
      entityId: id,
      before: { url: before.url, events: before.events },
    });
  });
}

export async function replaceWebhookSecret(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const secret = newSecret();
  const sealed = await sealSecret(ctx, secret);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateEndpoint(trx, tenantId, id, { secret: sealed }))) throw notFound();
    await audit(trx, actor, {
      tenantId,
      action: 'WEBHOOK_SECRET_REPLACED',
      entity: 'webhookEndpoint',
      entityId: id,
    });
    return findEndpoint(trx, tenantId, id);
  });
  if (!row) throw notFound();
  return { endpoint: toEndpoint(row), secret };
}

async function toDeliveries(ctx: ServerContext, rows: readonly DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = await attemptsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    url: row.url,
    event: row.event as WebhookEvent,
    objectType: row.object_type,
    objectId: row.object_id,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        statusCode: attempt.status_code,
        error: attempt.error,
        durationMs: attempt.duration_ms,
      })),
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: row.delivered_at ? row.delivered_at.toISOString() : null,
  }));
}

export async function webhookDeliveries(
  ctx: ServerContext,
  tenantId: string,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryList> {
  const filter = { tenantId, endpointId: query.endpointId, status: query.status };
  const limit = query.limit ?? 50;
  const [rows, total] = await Promise.all([
    listDeliveries(ctx.db, filter, { offset: ((query.page ?? 1) - 1) * limit, limit }),
    countDeliveries(ctx.db, filter, LIST_COUNT_CAP),
  ]);
  return { docs: await toDeliveries(ctx, rows), totalDocs: total, totalCapped: total > LIST_COUNT_CAP };
}

export async function redeliverWebhook(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  now = new Date(),
): Promise<WebhookDelivery> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await requeueDelivery(trx, tenantId, id, now))) throw notFound();
    await audit(trx, actor, { tenantId, action: 'WEBHOOK_REDELIVERED', entity: 'webhookDelivery', entityId: id });
    return findDelivery(trx, tenantId, id);
  });
  if (!row) throw notFound();
  const [delivery] = await toDeliveries(ctx, [row]);
  if (!delivery) throw notFound();
  return delivery;
}
