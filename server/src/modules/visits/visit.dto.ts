// What is answered of a visit row: its summary (the visitor's and the kiosk's), the entry log's
// list item and detail, and what the audit log keeps of it.
import {
  type VisitDetail,
  type VisitListItem,
  type VisitSummary,
  type VisitTimes,
  newBuildingSettings,
  visitState,
  visitStatus,
} from '@vestibule/shared';
import type { VisitRow, VisitSummaryRow } from './visits.repo.ts';

/** A building without a time zone of its own reads as the new-building default. */
export const defaultZone = newBuildingSettings().timeZoneId;

export function zoneOf(row: { time_zone: unknown }): string {
  return typeof row.time_zone === 'string' && row.time_zone ? row.time_zone : defaultZone;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

type StatusRow = Pick<
  VisitSummaryRow,
  | 'scheduled_at'
  | 'scheduled_duration'
  | 'checked_in_at'
  | 'checked_out_at'
  | 'cancelled_at'
  | 'allowed'
  | 'expired_at'
  | 'questionnaires_answered_at'
>;

/** The facts of a row the status rule reads (shared `visitStatus`). */
export function statusFactsOf(row: StatusRow): VisitTimes {
  return {
    scheduledAt: iso(row.scheduled_at),
    scheduledDuration: row.scheduled_duration,
    checkedInAt: iso(row.checked_in_at),
    checkedOutAt: iso(row.checked_out_at),
    cancelledAt: iso(row.cancelled_at),
    allowed: row.allowed,
    expiredAt: iso(row.expired_at),
    questionnairesAnsweredAt: iso(row.questionnaires_answered_at),
  };
}

/** What a visitor or a staff member sees of a visit; status in the building's time zone. */
export function toVisitSummary(
  row: VisitSummaryRow & { building_name: string },
  timeZone: string,
  now: Date = new Date(),
): VisitSummary {
  const times = statusFactsOf(row);
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

type ListRow = Parameters<typeof toVisitSummary>[0] &
  Pick<
    VisitRow,
    | 'email'
    | 'phone'
    | 'company_name'
    | 'host_person_id'
    | 'host_user_id'
    | 'is_invitation'
    | 'refusal_reason'
    | 'checkout_method'
    | 'anonymised_at'
    | 'watch_hold'
  > & { time_zone: unknown; has_photo: boolean };

export function toVisitListItem(row: ListRow, now: Date): VisitListItem {
  return {
    ...toVisitSummary(row, zoneOf(row), now),
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    hostPersonId: row.host_person_id,
    hostUserId: row.host_user_id,
    isInvitation: row.is_invitation,
    cancelledAt: iso(row.cancelled_at),
    refusal: row.refusal_reason,
    checkoutMethod: row.checkout_method,
    timeZoneId: zoneOf(row),
    hasPhoto: row.has_photo,
    held: row.watch_hold === 'HELD',
    anonymised: row.anonymised_at !== null,
  };
}

export function toVisitDetail(row: VisitRow & { invited_by_name?: string | null }, now = new Date()): VisitDetail {
  return {
    ...toVisitSummary(row, zoneOf(row), now),
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    checkInForm: row.check_in_form,
    tempMeasure1: row.temp_measure1,
    tempMeasure2: row.temp_measure2,
    comments: row.comments,
    exitTempMeasure1: row.exit_temp_measure1,
    exitTempMeasure2: row.exit_temp_measure2,
    exitComments: row.exit_comments,
    questionnairesAnswers: row.questionnaires_answers,
    exitQuestionnairesAnswers: row.exit_questionnaires_answers,
    consentAccepted: row.consent_accepted,
    emailMe: row.email_me,
    refusal: row.refusal_reason,
    source: row.source,
    deviceId: row.device_id,
    createdAt: new Date(row.created_at).toISOString(),
    personId: row.person_id,
    hostPersonId: row.host_person_id,
    hostUserId: row.host_user_id,
    isInvitation: row.is_invitation,
    invitedBy: row.invited_by,
    invitedByName: row.invited_by_name ?? null,
    cancelledAt: iso(row.cancelled_at),
    expiredAt: iso(row.expired_at),
    checkoutMethod: row.checkout_method,
    locale: row.locale,
    timeZoneId: zoneOf(row),
    hasPhoto: row.has_photo,
    held: row.watch_hold === 'HELD',
    anonymised: row.anonymised_at !== null,
  };
}

/**
 * What the audit log keeps of a visit: who, where, when and how, never its PIN or codes, its
 * answers, temperatures or comments (health data stay in the visit).
 */
export function auditedVisit(row: VisitRow) {
  return {
    buildingId: row.building_id,
    visitorType: row.visitor_type,
    personId: row.person_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    hostPersonId: row.host_person_id,
    hostUserId: row.host_user_id,
    host: row.host,
    scheduledAt: iso(row.scheduled_at),
    scheduledDuration: row.scheduled_duration,
    checkedInAt: iso(row.checked_in_at),
    checkedOutAt: iso(row.checked_out_at),
    cancelledAt: iso(row.cancelled_at),
    allowed: row.allowed,
    checkoutMethod: row.checkout_method,
    isInvitation: row.is_invitation,
    locale: row.locale,
  };
}

/** Where a visit stands for staff actions (shared rule). */
/** A visit's stored state (shared `visitState`) from the columns it reads. */
export function stateOf(row: Pick<VisitRow, 'checked_in_at' | 'checked_out_at' | 'cancelled_at' | 'allowed'>) {
  return visitState({
    checkedInAt: row.checked_in_at,
    checkedOutAt: row.checked_out_at,
    cancelledAt: row.cancelled_at,
    allowed: row.allowed,
  });
}
