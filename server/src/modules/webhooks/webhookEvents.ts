import { type WebhookEvent, type WebhookPayload, uuidv7 } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import type { AuditActor, AuditEntry } from '../audit/audit.service.ts';
import { findPerson } from '../people/people.repo.ts';
import { scopeOf, toPerson } from '../people/people.service.ts';
import { seriesAnswer } from '../spaceBookings/spaceBookings.service.ts';
import { toVisitDetail } from '../visits/visit.dto.ts';
import { findTenantVisit } from '../visits/visits.repo.ts';
import { type NewDelivery, insertDeliveries, subscribedEndpoints } from './webhooks.repo.ts';

// The events webhooks tell (docs/webhooks.md, "Events"), read from the audit log's changes as they
// are recorded: every change is audited in its own transaction, so each delivery is written with
// the change it tells, or not at all. A company without an endpoint subscribed costs one indexed
// read per such change.

/** The event an audited change is, if any. */
export function eventOf(entry: AuditEntry): WebhookEvent | null {
  const after = entry.after ?? {};
  switch (entry.action) {
    case 'MEETING_CREATED':
    case 'MEETING_REGISTERED':
      return 'visit.invited';
    case 'MEETING_CHECKED_IN':
    case 'MEETING_CHECKED_IN_BACK':
    case 'WATCHLIST_HOLD_APPROVED':
      return 'visit.checked_in';
    case 'MEETING_CHECK_IN_REFUSED':
    case 'WATCHLIST_HOLD_REFUSED':
      return 'visit.refused';
    // A visitor the watchlist holds is neither in nor refused until staff decide.
    case 'WATCHLIST_MATCHED':
      return after.allowed === false ? 'visit.refused' : after.held === true ? null : 'visit.checked_in';
    case 'MEETING_CHECKED_OUT':
      return 'visit.checked_out';
    case 'MEETING_CANCELLED':
      return 'visit.cancelled';
    case 'PERSON_CREATED':
      return 'person.created';
    case 'PERSON_UPDATED':
      return after.deactivated === true ? 'person.deactivated' : 'person.updated';
    case 'BOOKING_CREATED':
      return 'booking.created';
    case 'BOOKING_APPROVED':
      return 'booking.approved';
    case 'BOOKING_REJECTED':
      return 'booking.rejected';
    case 'BOOKING_CANCELLED':
      return 'booking.cancelled';
    default:
      return null;
  }
}

const objectTypes: Record<string, string> = { visit: 'visit', person: 'person', spaceBooking: 'booking' };

/** The object as its own call answers it, read in the change's transaction; undefined when gone. */
async function objectOf(db: Db, tenantId: string, entity: string, id: string, now: Date) {
  if (entity === 'visit') {
    const row = await findTenantVisit(db, tenantId, id);
    return row ? toVisitDetail(row, now) : undefined;
  }
  if (entity === 'person') {
    const row = await findPerson(db, scopeOf({ tenantId, assignedTo: undefined }, now), id);
    return row ? toPerson(row) : undefined;
  }
  if (entity === 'spaceBooking') return seriesAnswer(db, tenantId, id).catch(() => undefined);
  return undefined;
}

/** Writes a delivery per subscribed endpoint of each change that is an event (an audit listener). */
export async function enqueueWebhookEvents(
  db: Db,
  changes: readonly { actor: AuditActor; entry: AuditEntry }[],
): Promise<void> {
  const events = changes.flatMap(({ entry }) => {
    const event = eventOf(entry);
    const objectType = objectTypes[entry.entity];
    return event && objectType && entry.tenantId && entry.entityId
      ? [{ event, objectType, entity: entry.entity, tenantId: entry.tenantId, objectId: entry.entityId }]
      : [];
  });
  if (events.length === 0) return;
  const endpoints = await subscribedEndpoints(
    db,
    [...new Set(events.map((event) => event.tenantId))],
    [...new Set(events.map((event) => event.event))],
  );
  if (endpoints.length === 0) return;
  const now = new Date();
  const rows: NewDelivery[] = [];
  for (const change of events) {
    const targets = endpoints.filter(
      (endpoint) => endpoint.tenant_id === change.tenantId && endpoint.events.includes(change.event),
    );
    if (targets.length === 0) continue;
    const object = await objectOf(db, change.tenantId, change.entity, change.objectId, now);
    if (!object) continue;
    const eventId = uuidv7();
    const payload: WebhookPayload = {
      id: eventId,
      event: change.event,
      occurredAt: now.toISOString(),
      companyId: change.tenantId,
      data: object,
    };
    const body = JSON.stringify(payload);
    for (const endpoint of targets)
      rows.push({
        id: uuidv7(),
        event_id: eventId,
        endpoint_id: endpoint.id,
        tenant_id: change.tenantId,
        event: change.event,
        object_type: change.objectType,
        object_id: change.objectId,
        payload: body,
      });
  }
  await insertDeliveries(db, rows);
}
