import { deliverDue, pruneDelivered } from '../modules/webhooks/webhookSender.ts';
import type { JobFactory } from './job.ts';

/**
 * Sends the webhooks' due deliveries every 5 seconds, and lets the delivery log forget what was
 * settled over 30 days ago (docs/webhooks.md, "Delivery").
 */
export const webhookSenderJob: JobFactory = (ctx) => ({
  name: 'webhook sender',
  everyMs: 5_000,
  run: async () => {
    const { sent } = await deliverDue(ctx);
    return { mails: 0, rows: sent + (await pruneDelivered(ctx)) };
  },
});
