import { rebuildDirtyRollups } from '../modules/reports/buildingReport.service.ts';
import type { JobFactory } from './job.ts';

/**
 * The building report's daily rollups (docs/reports.md, "How the building report stays fast"):
 * every minute, the building-days a visit change marked dirty and now closed are rebuilt from the
 * visits, 500 at a time until none is left. Safe on several instances at once: each claims its
 * days with FOR UPDATE SKIP LOCKED, and a rebuild is idempotent.
 */
export const buildingRollupsJob: JobFactory = (ctx) => ({
  name: 'building report rollups',
  everyMs: 60_000,
  run: async () => {
    let rows = 0;
    for (let batch = await rebuildDirtyRollups(ctx.db); batch > 0; batch = await rebuildDirtyRollups(ctx.db))
      rows += batch;
    return { mails: 0, rows };
  },
});
