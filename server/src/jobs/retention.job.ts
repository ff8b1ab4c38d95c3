import { applyRetention } from '../modules/retention/retention.service.ts';
import type { JobFactory } from './job.ts';

/**
 * Each company's visits past its retention period are anonymised (docs/privacy.md, "Retention"):
 * every hour, in bounded batches. Safe on several instances at once: a batch locks its visits
 * with FOR UPDATE SKIP LOCKED, and an anonymised visit is never due again.
 */
export const retentionJob: JobFactory = (ctx) => ({
  name: 'visit retention',
  everyMs: 3_600_000,
  run: async () => ({ mails: 0, rows: await applyRetention(ctx.db, new Date()) }),
});
