import { rebuildDirtyRollups } from '../modules/reports/buildingReport.service.ts';
import type { JobFactory } from './job.ts';

/** Building-days a batch claims at most. */
const ROLLUP_BATCH = 500;

/**
 * The building report's daily rollups (docs/reports.md, "How the building report stays fast"):
 * every minute, the building-days a visit change marked dirty and now closed are rebuilt from the
 * visits, 500 at a time while a batch comes back full. Safe on several instances at once: each claims its
 * days with FOR UPDATE SKIP LOCKED, and a rebuild is idempotent.
 */
export const buildingRollupsJob: JobFactory = (ctx) => ({
  name: 'building report rollups',
  everyMs: 60_000,
  run: async () => {
    let rows = 0;
    // Batches while one comes back full: a day the visits dirty again meanwhile (yesterday, during
    // the day's check-ins) waits for the next minute instead of keeping the run going.
    let batch = ROLLUP_BATCH;
    while (batch === ROLLUP_BATCH) {
      batch = await rebuildDirtyRollups(ctx.db, new Date(), ROLLUP_BATCH);
      rows += batch;
    }
    return { mails: 0, rows };
  },
});
