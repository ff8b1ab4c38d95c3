import { releaseNoShows } from '../modules/spaceBookings/bookingCheckIn.service.ts';
import type { JobFactory } from './job.ts';

/**
 * Bookings nobody checked into within their building's delay are released, their space freed
 * (docs/space-booking.md, "Check-in and release"): checked every minute.
 */
export const bookingReleaseJob: JobFactory = (ctx) => ({
  name: 'booking release',
  everyMs: 60_000,
  run: async () => {
    const rows = await releaseNoShows({ db: ctx.db }, new Date());
    return { mails: 0, rows };
  },
});
