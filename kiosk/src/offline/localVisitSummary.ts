import { type VisitSummary, visitorTypes } from '@vestibule/shared';
import type { LocalVisit } from './kioskDb.ts';

/**
 * A visit the device knows, in the shape the check-in and check-out screens take from the
 * server: the kiosk's building, its status from its times, no host or schedule length (the
 * device does not keep them).
 */
export function localVisitSummary(visit: LocalVisit, building: { id: string; name: string }): VisitSummary {
  return {
    id: visit.id,
    identifier: visit.identifier ?? '',
    publicIdentifier: visit.publicIdentifier ?? '',
    buildingId: building.id,
    buildingName: building.name,
    visitorType: (visitorTypes as readonly string[]).includes(visit.visitorType)
      ? (visit.visitorType as VisitSummary['visitorType'])
      : 'VISITOR',
    firstName: visit.firstName,
    lastName: visit.lastName,
    host: null,
    scheduledAt: visit.scheduledAt,
    scheduledDuration: null,
    checkedInAt: visit.checkedInAt,
    checkedOutAt: visit.checkedOutAt,
    status: visit.checkedOutAt ? 'OUT' : visit.checkedInAt ? 'IN' : 'EXPECTED',
    allowed: true,
    flagged: false,
  };
}
