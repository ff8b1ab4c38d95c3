import { type VisitSummary, isVisitorType, visitStatus } from '@vestibule/shared';
import type { LocalVisit } from './kioskDb.ts';

/** The tablet stands in the building: its own time zone is the building's. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A visit the device knows, in the shape the check-in and check-out screens take from the
 * server: the kiosk's building, its status by the shared rule from its times (LATE once its
 * planned length has passed, EXPIRED for an expected visit whose time is over, REFUSED for a
 * check-in this device turned away), its host when the server's list named one (an invitation
 * scanned at the kiosk starts with its host filled in).
 */
export function localVisitSummary(
  visit: LocalVisit,
  building: { id: string; name: string },
  now: Date = new Date(),
  timeZone: string = deviceZone(),
): VisitSummary {
  const times = {
    scheduledAt: visit.scheduledAt,
    scheduledDuration: visit.scheduledDuration ?? null,
    checkedInAt: visit.checkedInAt,
    checkedOutAt: visit.checkedOutAt,
    allowed: visit.allowed ?? true,
  };
  return {
    id: visit.id,
    identifier: visit.identifier ?? '',
    publicIdentifier: visit.publicIdentifier ?? '',
    buildingId: building.id,
    buildingName: building.name,
    visitorType: isVisitorType(visit.visitorType) ? visit.visitorType : 'VISITOR',
    firstName: visit.firstName,
    lastName: visit.lastName,
    host: visit.host ?? null,
    scheduledAt: visit.scheduledAt,
    scheduledDuration: times.scheduledDuration,
    checkedInAt: visit.checkedInAt,
    checkedOutAt: visit.checkedOutAt,
    status: visitStatus(times, now, timeZone),
    allowed: times.allowed,
    flagged: false,
  };
}
