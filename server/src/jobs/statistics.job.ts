import { refreshStatistics } from '../db/statistics.ts';
import type { JobFactory } from './job.ts';

/** Fresh planner statistics every hour: the embedded database has no autovacuum to make them. */
export const statisticsJob: JobFactory = (ctx) => ({
  name: 'planner statistics',
  everyMs: 3_600_000,
  run: () => refreshStatistics(ctx.db),
});
