import { createHmac } from 'node:crypto';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveryStatus,
  uuidv7,
  webhookSignedText,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { postOutbound } from '../../http/outboundPost.ts';
import { openSecret } from '../../security/secretBox.ts';
import { leaseDeliveries, lockDueDeliveries, pruneDeliveries, recordAttempt } from './webhooks.repo.ts';

// Sends the webhooks' due deliveries (docs/webhooks.md, "Delivery"): each signed with its
// endpoint's secret over the timestamp and the body, at least once, in order per object; a
// failure (no answer within the time allowed, or not a 2xx) is tried again after a wait that
// doubles (30 s, 1 min, 2 min ... an hour at most) until a day after the event, then failed.

/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const BATCH = 50;

/** The wait before the next try after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** The signature header of a body sent at `timestamp` (seconds since the epoch). */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const signature = createHmac('sha256', secret).update(webhookSignedText(timestamp, body)).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Sends the deliveries due at `now`; answers how many were sent, delivered and failed for good.
 * The due ones are claimed in a short transaction (row locks, then a lease: due again only
 * after the time a receiver has, should this instance stop midway), and sent outside it, so a
 * slow receiver holds no lock and no connection.
 */
export async function deliverDue(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  now = new Date(),
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<{ sent: number; delivered: number; failed: number }> {
  const due = await ctx.db.transaction().execute(async (trx) => {
    const rows = await lockDueDeliveries(trx, now, BATCH);
    await leaseDeliveries(
      trx,
      rows.map((row) => row.id),
      new Date(now.getTime() + timeoutMs + 60_000),
    );
    return rows;
  });
  let delivered = 0;
  let failed = 0;
  for (const delivery of due) {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = await openSecret(ctx, delivery.secret);
    // The answer's body is not read beyond its status: a receiver's page is not kept.
    const outcome = await postOutbound(delivery.url, {
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vestibule-Webhooks/1',
        [WEBHOOK_EVENT_HEADER]: delivery.event,
        [WEBHOOK_ID_HEADER]: delivery.event_id,
        [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, timestamp, body),
      },
      body,
      timeoutMs,
      allowLocal: ctx.config.webhookAllowLoopback,
    });
    const attempts = delivery.attempts + 1;
    const next = new Date(now.getTime() + retryDelayMs(attempts));
    const expired = next.getTime() > new Date(delivery.created_at).getTime() + WEBHOOK_RETRY_HOURS * 3_600_000;
    const status: WebhookDeliveryStatus = outcome.ok ? 'DELIVERED' : expired ? 'FAILED' : 'PENDING';
    if (outcome.ok) delivered++;
    if (status === 'FAILED') failed++;
    await recordAttempt(ctx.db, uuidv7(), {
      deliveryId: delivery.id,
      at: now,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      status,
      nextAttemptAt: outcome.ok ? now : next,
    });
  }
  return { sent: due.length, delivered, failed };
}

/** How long the delivery log keeps a settled delivery. */
export const WEBHOOK_LOG_DAYS = 30;

/** Forgets up to a thousand deliveries settled before the log's days; answers how many. */
export function pruneDelivered(ctx: Pick<ServerContext, 'db'>, now = new Date()): Promise<number> {
  return pruneDeliveries(ctx.db, new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000), 1000);
}
