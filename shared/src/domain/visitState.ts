// Visits as staff handle them on the entry log (docs/visits.md): the date-range rule of the
// list's filters, the duration choices of an invitation, and which action a visit's state allows. Pure functions: the server decides with them and the
// admin screen shows or hides its buttons with the same ones.
import type { ErrorCode } from '../errors.ts';

/** The entry log's from/to filter spans at most this many days. */
export const VISIT_RANGE_MAX_DAYS = 30;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Whether `from`..`to` is an allowed range: `to` not before `from`, at most `maxDays` days
 * apart. One hour more is allowed, so that whole calendar days across a change of summer time
 * (a day of 25 hours) still fit.
 */
export function dateRangeError(
  from: string | Date | undefined,
  to: string | Date | undefined,
  maxDays = VISIT_RANGE_MAX_DAYS,
): 'ORDER' | 'TOO_LONG' | null {
  if (from === undefined || to === undefined) return null;
  const start = new Date(from).getTime();
  const end = new Date(to).getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (end < start) return 'ORDER';
  return end - start > maxDays * DAY + HOUR ? 'TOO_LONG' : null;
}

/**
 * The durations an invitation may be given (5 min, 15 min, 30 min, 1 h, 1.5 h, then
 * every hour from 2 h to 8 h; docs/visits.md, "How a visit is created").
 */
export const visitDurationChoices = [
  'PT5M',
  'PT15M',
  'PT30M',
  'PT1H',
  'PT1H30M',
  'PT2H',
  'PT3H',
  'PT4H',
  'PT5H',
  'PT6H',
  'PT7H',
  'PT8H',
] as const;
export type VisitDurationChoice = (typeof visitDurationChoices)[number];

export function isVisitDurationChoice(value: string): value is VisitDurationChoice {
  return (visitDurationChoices as readonly string[]).includes(value);
}

/**
 * Where a visit stands for staff actions (the stored facts, not the clock):
 * - INVITED: made ahead (an invitation, a registration, a pre-filled questionnaire), not yet in;
 * - CANCELLED: cancelled before arriving;
 * - REFUSED: turned away at the door (an alert answer, a temperature): a record, never reopened;
 * - IN: checked in, not yet out (overdue or not);
 * - OUT: checked out.
 */
export const visitStates = ['INVITED', 'CANCELLED', 'REFUSED', 'IN', 'OUT'] as const;
export type VisitState = (typeof visitStates)[number];

export interface VisitFacts {
  checkedInAt: string | Date | null;
  checkedOutAt: string | Date | null;
  cancelledAt: string | Date | null;
  allowed: boolean;
}

export function visitState(visit: VisitFacts): VisitState {
  if (visit.checkedOutAt) return 'OUT';
  if (visit.checkedInAt) return 'IN';
  if (!visit.allowed) return 'REFUSED';
  if (visit.cancelledAt) return 'CANCELLED';
  return 'INVITED';
}

/** The entry log's actions on one visit (creating one is not an action on a visit). */
export const visitTransitions = {
  /** Staff check-in of an expected visit (PATCH /meeting/{id}/check-in). */
  checkIn: ['INVITED'],
  /** Staff check-out (PATCH /meeting/{id}/check-out). */
  checkOut: ['IN'],
  /** Undo a check-out: the visit is open again (PATCH /meeting/{id}/check-in-back). */
  checkInBack: ['OUT'],
  /** Cancel before arriving (PATCH /meeting/{id}/cancel). */
  cancel: ['INVITED'],
  /** Send the invitation again (POST /meeting/{id}/resendInvitation). */
  resend: ['INVITED'],
  /** Change the visitor, host or duration (PATCH /meeting/{id}); the schedule only while INVITED. */
  update: ['INVITED', 'IN'],
  /** Change the start time (PATCH /meeting/{id} with scheduledAt). */
  reschedule: ['INVITED'],
  /** Fill the entry questionnaires ahead of arrival (PATCH /meeting/{id}/questionnaires). */
  questionnaires: ['INVITED'],
  /** Fill the exit questionnaires before leaving (PATCH /meeting/{id}/exitQuestionnaires). */
  exitQuestionnaires: ['IN'],
  /** A new check-in of the same person from this visit (POST /meeting/instantReplacementCheckin). */
  replace: ['IN', 'OUT'],
  /** Delete the visit (DELETE /meeting/{id}). */
  remove: ['INVITED', 'CANCELLED', 'REFUSED', 'IN', 'OUT'],
} as const satisfies Record<string, readonly VisitState[]>;
export type VisitTransition = keyof typeof visitTransitions;

export function mayTransition(state: VisitState, action: VisitTransition): boolean {
  return (visitTransitions[action] as readonly VisitState[]).includes(state);
}

/**
 * Why an action does not apply to a visit in this state, as the catalogue's code (null when it
 * does). Never a 403 (that signs the user out): a 208 for a visit already in, 409 otherwise.
 */
export function transitionRefusal(state: VisitState, action: VisitTransition): ErrorCode | null {
  if (mayTransition(state, action)) return null;
  switch (state) {
    case 'CANCELLED':
      return 'MEETING_CANCELLED';
    case 'REFUSED':
      return 'MEETING_REFUSED';
    case 'IN':
      return action === 'checkIn' || action === 'checkInBack' ? 'CHECKEDIN' : 'MEETING_ALREADY_STARTED';
    case 'OUT':
      return action === 'checkOut' || action === 'exitQuestionnaires'
        ? 'MEETING_NOT_CHECKED_IN'
        : 'MEETING_ALREADY_STARTED';
    case 'INVITED':
      return action === 'checkInBack' ? 'MEETING_NOT_CHECKED_OUT' : 'MEETING_NOT_CHECKED_IN';
  }
}
