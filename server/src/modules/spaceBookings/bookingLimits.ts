import { dayInZone } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { buildingBookingLimits, lockAndCountHostToCome } from './bookingLimits.repo.ts';

// A building's limits per person on space booking (docs/space-booking.md, "Limits"): how many
// days ahead a booking may start, and how many occurrences to come one host may hold there.

const DAY_MS = 86_400_000;

/** The last day (yyyy-MM-dd, on the building's clock) a booking may start on. */
function lastDayAllowed(daysAhead: number, timeZone: string, now: Date): string {
  const today = dayInZone(now, timeZone);
  return new Date(Date.parse(`${today}T00:00:00Z`) + daysAhead * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Refuses occurrences starting past the building's horizon (BOOKING_TOO_FAR_AHEAD), and, when
 * `adding` occurrences join the host's bookings to come, more than the building allows one host
 * (BOOKING_LIMIT_REACHED). Call it in the booking's transaction: the count holds the host's lock.
 */
export async function withinBookingLimits(
  db: Db,
  check: {
    buildingId: string;
    timeZone: string;
    hostId: string | null;
    starts: readonly Date[];
    adding: number;
  },
): Promise<void> {
  const limits = await buildingBookingLimits(db, check.buildingId);
  if (limits.daysAhead !== null) {
    const last = lastDayAllowed(limits.daysAhead, check.timeZone, new Date());
    if (check.starts.some((start) => dayInZone(start, check.timeZone) > last))
      throw new AppError('BOOKING_TOO_FAR_AHEAD', { days: limits.daysAhead });
  }
  if (limits.atOnce !== null && check.hostId !== null && check.adding > 0) {
    const holding = await lockAndCountHostToCome(db, check.hostId, check.buildingId);
    if (holding + check.adding > limits.atOnce) throw new AppError('BOOKING_LIMIT_REACHED', { max: limits.atOnce });
  }
}
