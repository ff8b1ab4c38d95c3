import { releaseNoShows } from '../modules/spaceBookings/bookingCheckIn.service.ts';
import { publicBase } from '../modules/notifications/links.ts';
import type { JobFactory } from './job.ts';

/**
 * Bookings nobody checked into within their building's delay are released, their space freed
 * (docs/space-booking.md, "Check-in and release"): checked every minute.
 */
export const bookingReleaseJob: JobFactory = (ctx) => {
  const deps = { db: ctx.db, base: publicBase(ctx.config) };
  return {
    name: 'booking release',
    everyMs: 60_000,
    run: async () => {
      const { released, mails } = await releaseNoShows(deps, new Date());
      return { mails, rows: released };
    },
  };
};
