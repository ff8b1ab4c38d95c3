import type { Db } from '../../db/database.ts';

// The seam of the booking e-mails (docs/space-booking.md, "What is left"): every change of a
// booking calls `bookingChanged` in its own transaction with what changed, so that the e-mails
// (to the host, the attendees, the approvers) can be written to the outbox beside it.

export interface BookingChange {
  /** RELEASED: cancelled by the release job, nobody having checked in (docs/space-booking.md). */
  kind: 'CREATED' | 'CHANGED' | 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'RELEASED';
  tenantId: string;
  seriesId: string;
  /** The occurrence numbers the change touched. */
  occurrences: readonly number[];
  comment: string | null;
}

/** Today nothing is sent: the e-mails are the next step of the feature. */
export function bookingChanged(db: Db, change: BookingChange): Promise<BookingChange> {
  void db;
  return Promise.resolve(change);
}
