import { expireVisits } from '../modules/lifecycle/lifecycle.service.ts';
import type { JobFactory } from './job.ts';

/** Visits never checked in past their end, and those whose answers lapsed, expire: checked every minute. */
export const visitExpiryJob: JobFactory = (ctx) => ({
  name: 'visit expiry',
  everyMs: 60_000,
  run: async () => {
    await expireVisits({ db: ctx.db }, new Date());
  },
});
