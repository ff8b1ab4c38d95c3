import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { idParamsSchema, okSchema } from '../schemas/common.ts';
import {
  fastCheckInSchema,
  hostCandidateSchema,
  hostSearchQuerySchema,
  instantReplacementSchema,
  meetingAnswersSchema,
  meetingCheckInDataSchema,
  meetingCsvQuerySchema,
  meetingInviteSchema,
  meetingListSchema,
  meetingQuestionnairesSchema,
  meetingStatsSchema,
  meetingUpdateSchema,
  staffCheckInSchema,
} from '../schemas/meeting.ts';
import {
  checkInDataSchema,
  checkInResponseSchema,
  checkOutDataSchema,
  checkOutRequestSchema,
  meetingListQuerySchema,
  visitDetailSchema,
  wizardVisitorTypeSchema,
} from '../schemas/visit.ts';
import { endpoint } from './endpoint.ts';

// The entry log's calls (issue 13; application.md section 7, "Meetings"). Tenant-scoped; a
// supervisor, user or space user reaches the visits of their assigned buildings only (another
// building's or company's visit answers 404). Who may call what: domain/meetingPermissions.ts.
// A refusal by the visit's state is a 409 (or 208 CHECKEDIN), never a 403 (that signs out):
// domain/meeting.ts `transitionRefusal`.

const tags = ['meetings'];

/** What the wizard's rules answer on a staff check-in (the public check-in's codes). */
const wizardErrors = [
  'MISSING',
  'EMAIL_IS_NOT_VALID',
  'VALIDATION_FAILED',
  'EMPTY_MEETING_DURATION',
  'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID',
] as const satisfies readonly ErrorCode[];

const stateErrors = [
  'MEETING_CANCELLED',
  'MEETING_REFUSED',
  'MEETING_ALREADY_STARTED',
  'MEETING_NOT_CHECKED_IN',
  'MEETING_NOT_CHECKED_OUT',
] as const satisfies readonly ErrorCode[];

/** A person of the directory named in the body that the visit cannot have (another building, deactivated). */
const personErrors = ['PERSON_DEACTIVATED', 'PERSON_NOT_VALID'] as const satisfies readonly ErrorCode[];

export const meetingsContract = {
  'GET /meeting': endpoint({
    tags,
    summary:
      "The entry log: the tenant's visits (assigned buildings only for supervisors, users and space users) by its filters, one sort column, paged; totalDocs capped",
    query: meetingListQuerySchema,
    response: meetingListSchema,
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  'GET /meetingStats/:buildingId': endpoint({
    tags,
    summary:
      "The entry log's counters for one building, on its day: in the building, expected today, leaving within an hour, checked out today",
    params: z.object({ buildingId: z.uuid() }),
    response: meetingStatsSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meetings/meetings.csv': endpoint({
    tags,
    summary:
      "The entry log as CSV (the list's filters and sort, every row, streamed), headings in the caller's language",
    query: meetingCsvQuerySchema,
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  'GET /meeting/:id': endpoint({
    tags,
    summary: 'One visit with its answers',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /meeting': endpoint({
    tags,
    summary:
      'Invite a visitor (201): from the directory or typed, with a host of the directory, a time and a duration; the invitation e-mail is sent by the lifecycle job',
    body: meetingInviteSchema,
    response: visitDetailSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND', 'MISSING', 'MEETING_HOST_NOT_EMPLOYEE', 'MEETING_IN_THE_PAST', ...personErrors],
  }),
  'POST /meetingWithCheckIn': endpoint({
    tags,
    summary:
      "Fast check-in: a new visit checked in at once by staff with the wizard's result (the wizard's rules apply; 208 CHECKEDIN when the person is in)",
    body: fastCheckInSchema,
    response: checkInResponseSchema,
    alsoAnswers: [208],
    errors: ['NOT_FOUND', 'CHECKEDIN', 'MEETING_HOST_NOT_EMPLOYEE', ...wizardErrors, ...personErrors],
  }),
  'GET /meeting/building/:id/checkInData': endpoint({
    tags,
    summary:
      "What staff run a fast check-in's wizard with: the building's form, questionnaires and settings for one person type (what the public check-in's wizard reads)",
    params: idParamsSchema,
    query: z.object({ visitorType: wizardVisitorTypeSchema }),
    response: checkInDataSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /meeting/:id': endpoint({
    tags,
    summary: 'Change a visit: visitor, host, duration; its time only before arrival',
    params: idParamsSchema,
    body: meetingUpdateSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MEETING_HOST_NOT_EMPLOYEE', 'MEETING_IN_THE_PAST', ...stateErrors],
  }),
  'PATCH /meeting/:id/questionnaires': endpoint({
    tags,
    summary: "Fill a visit's entry questionnaires ahead of arrival (checked like the wizard's)",
    params: idParamsSchema,
    body: meetingAnswersSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MISSING', 'VALIDATION_FAILED', ...stateErrors],
  }),
  'PATCH /meeting/:id/exitQuestionnaires': endpoint({
    tags,
    summary: "Fill an open visit's exit questionnaires before check-out",
    params: idParamsSchema,
    body: meetingAnswersSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MISSING', 'VALIDATION_FAILED', ...stateErrors],
  }),
  'GET /meeting/:id/check-in': endpoint({
    tags,
    summary:
      "What staff check an expected visit in with: the wizard's input for its building and type, the visit's prefill, and whether it expired",
    params: idParamsSchema,
    response: meetingCheckInDataSchema,
    errors: ['NOT_FOUND', ...stateErrors, 'CHECKEDIN'],
  }),
  'GET /meeting/:id/check-out': endpoint({
    tags,
    summary: 'What staff check an open visit out with: its exit questionnaires and measures settings',
    params: idParamsSchema,
    response: checkOutDataSchema,
    errors: ['NOT_FOUND', ...stateErrors],
  }),
  'PATCH /meeting/:id/check-in': endpoint({
    tags,
    summary:
      "Staff check an expected visit in with the wizard's result (the public check-in's rules; 208 CHECKEDIN when in)",
    params: idParamsSchema,
    body: staffCheckInSchema,
    response: checkInResponseSchema,
    alsoAnswers: [208],
    errors: ['NOT_FOUND', 'CHECKEDIN', ...wizardErrors, ...stateErrors, ...personErrors],
  }),
  'PATCH /meeting/:id/check-out': endpoint({
    tags,
    summary: 'Staff check an open visit out (temperatures, comments, exit answers checked by the building settings)',
    params: idParamsSchema,
    body: checkOutRequestSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MISSING', 'VALIDATION_FAILED', ...stateErrors],
  }),
  'PATCH /meeting/:id/check-in-back': endpoint({
    tags,
    summary:
      'Check in back: undo the check-out of a visit, open again (208 with the CHECKEDIN error when the person is in on another visit)',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'CHECKEDIN', ...stateErrors],
  }),
  'DELETE /meeting/:id': endpoint({
    tags,
    summary: 'Remove a visit from the history',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /meeting/:id/cancel': endpoint({
    tags,
    summary: 'Cancel a visit before arrival',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', ...stateErrors],
  }),
  'POST /meeting/instantReplacementCheckin': endpoint({
    tags,
    summary:
      "Check the person of a visit in again at once, as a new visit with that visit's form and answers while they hold (an open visit is checked out first)",
    body: instantReplacementSchema,
    response: checkInResponseSchema,
    alsoAnswers: [208],
    errors: ['NOT_FOUND', 'CHECKEDIN', ...wizardErrors, ...stateErrors, ...personErrors],
  }),
  'GET /meeting/building/:id/employee': endpoint({
    tags,
    summary: 'Hosts: active employees of the building in the directory, by part of their name or e-mail',
    params: idParamsSchema,
    query: hostSearchQuerySchema,
    response: z.object({ docs: z.array(hostCandidateSchema) }),
    errors: ['NOT_FOUND'],
  }),
  'GET /meeting/:id/questionnaire': endpoint({
    tags,
    summary: "A visit's entry questionnaires and the answers it holds",
    params: idParamsSchema,
    response: meetingQuestionnairesSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meeting/:id/exitQuestionnaire': endpoint({
    tags,
    summary: "A visit's exit questionnaires and the answers it holds",
    params: idParamsSchema,
    response: meetingQuestionnairesSchema,
    errors: ['NOT_FOUND'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
