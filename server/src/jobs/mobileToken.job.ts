import { refreshDueMobileTokens } from '../modules/buildings/mobileTokens.service.ts';
import type { JobFactory } from './job.ts';

/** Buildings' mobile tokens whose refresh is due get a new value, checked every minute. */
export const mobileTokenJob: JobFactory = (ctx) => ({
  name: 'mobile token rotation',
  everyMs: 60_000,
  run: async () => {
    await refreshDueMobileTokens(ctx.db);
  },
});
