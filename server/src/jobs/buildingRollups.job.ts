import { rebuildDirtyRollups } from '../modules/reports/buildingReport.service.ts';
import type { JobFactory } from './job.ts';

/**
 * Batches a run takes at most (500 building-days each): yesterday's marks, dirtied again by the
 * day's check-ins, wait for the next minute instead of keeping the run going.
 */
const MAX_BATCHES = 20;

/**
 * The building report's daily rollups (docs/reports.md, "How the building report stays fast"):
 * every minute, the building-days a visit change marked dirty and now closed are rebuilt from the
 * visits, 500 at a time while there are any, for at most MAX_BATCHES batches. Safe on several
 * instances at once: each claims its days with FOR UPDATE SKIP LOCKED, and a rebuild is idempotent.
 */
export const buildingRollupsJob: JobFactory = (ctx) => ({
  name: 'building report rollups',
  everyMs: 60_000,
  run: async () => {
    let rows = 0;
    for (let round = 0, batch = -1; batch !== 0 && round < MAX_BATCHES; round++) {
      batch = await rebuildDirtyRollups(ctx.db);
      rows += batch;
    }
    return { mails: 0, rows };
  },
});
