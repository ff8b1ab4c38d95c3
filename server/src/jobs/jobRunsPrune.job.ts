import { pruneJobRuns } from '../modules/logs/jobRuns.repo.ts';
import { pruneLogins } from '../modules/sso/sso.repo.ts';
import type { JobFactory } from './job.ts';

/**
 * The jobs' runs are kept 30 days, and single sign-ins started at a provider a day (docs/sso.md):
 * older ones are removed every hour (any instance may do it).
 */
export const jobRunsPruneJob: JobFactory = (ctx) => ({
  name: 'job runs pruning',
  everyMs: 3_600_000,
  run: async () => ({ mails: 0, rows: (await pruneJobRuns(ctx.db, new Date())) + (await pruneLogins(ctx.db)) }),
});
