import { type VisitSummary, visitStatus } from '@vestibule/shared';
import type { VisitSummaryRow } from './checkin.repo.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** What a visitor or a staff member sees of a visit; status in the building's time zone. */
export function toVisitSummary(
  row: VisitSummaryRow & { building_name: string },
  timeZone: string,
  now: Date = new Date(),
): VisitSummary {
  const times = {
    scheduledAt: iso(row.scheduled_at),
    scheduledDuration: row.scheduled_duration,
    checkedInAt: iso(row.checked_in_at),
    checkedOutAt: iso(row.checked_out_at),
    cancelledAt: iso(row.cancelled_at),
  };
  return {
    id: row.id,
    identifier: row.identifier,
    publicIdentifier: row.public_identifier,
    buildingId: row.building_id,
    buildingName: row.building_name,
    visitorType: row.visitor_type,
    firstName: row.first_name,
    lastName: row.last_name,
    host: row.host,
    scheduledAt: times.scheduledAt,
    scheduledDuration: row.scheduled_duration,
    checkedInAt: times.checkedInAt,
    checkedOutAt: times.checkedOutAt,
    status: visitStatus(times, now, timeZone),
    allowed: row.allowed,
    flagged: row.flagged,
  };
}
