import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { idParamsSchema, okSchema } from '../schemas/common.ts';
import { visitBadgeSchema, visitDetailSchema } from '../schemas/visit.ts';
import {
  heldVisitListSchema,
  hostCandidateSchema,
  hostSearchQuerySchema,
  visitInviteSchema,
  visitListQuerySchema,
  visitListSchema,
  visitQuestionnairesSchema,
  visitStatsSchema,
  visitUpdateSchema,
} from '../schemas/visitManagement.ts';
import { endpoint } from './endpoint.ts';

// The entry log's management of visits (the /meeting calls). Tenant-scoped; a
// supervisor, user or space user reaches the visits of their assigned buildings only (another
// building's or company's visit answers 404). Who may call what: domain/visitPermissions.ts.
// A refusal by the visit's state is a 409 (or 208 CHECKEDIN), never a 403 (that signs out):
// domain/visitState.ts `transitionRefusal`.

const tags = ['meetings'];

/** Refusals by the visit's state (domain/visitState.ts `transitionRefusal`). */
export const stateErrors = [
  'MEETING_CANCELLED',
  'MEETING_REFUSED',
  'MEETING_ALREADY_STARTED',
  'MEETING_NOT_CHECKED_IN',
  'MEETING_NOT_CHECKED_OUT',
] as const satisfies readonly ErrorCode[];

/** A person of the directory named in the body that the visit cannot have (another building, deactivated). */
export const personErrors = ['PERSON_DEACTIVATED', 'PERSON_NOT_VALID'] as const satisfies readonly ErrorCode[];

export const visitsContract = {
  'GET /meeting': endpoint({
    tokenScope: 'visits:read',
    tags,
    summary:
      "The entry log: the tenant's visits (assigned buildings only for supervisors, users and space users) by its filters, one sort column, paged; totalDocs capped",
    query: visitListQuerySchema,
    response: visitListSchema,
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  'GET /meetingStats/:buildingId': endpoint({
    tags,
    summary:
      "The entry log's counters for one building, on its day: in the building, expected today, leaving within an hour, checked out today",
    params: z.object({ buildingId: z.uuid() }),
    response: visitStatsSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meetings/held': endpoint({
    tags,
    summary:
      'The visitors the watchlist holds at the door in every building the caller sees (assigned buildings only for supervisors, users and space users), whatever the list shows, the longest waiting first',
    response: heldVisitListSchema,
    errors: [],
  }),
  'GET /meetings/meetings.csv': endpoint({
    tags,
    summary:
      "The entry log as CSV (the list's filters and sort, every row, streamed), headings in the caller's language",
    // The list's filters and sort; every row (the page and limit are not read).
    query: visitListQuerySchema,
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  'GET /meeting/:id': endpoint({
    tokenScope: 'visits:read',
    tags,
    summary: 'One visit with its answers',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meeting/:id/photo': endpoint({
    tags,
    summary:
      "The visitor's photo taken at check-in (image/jpeg, cached privately); 404 when the visit has none. Staff only, as the visit",
    params: idParamsSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meeting/:id/badge': endpoint({
    tags,
    summary:
      "A visit's badge to print again: what it says, the building's layout and logo, whether it has a photo. Staff only, as the visit",
    params: idParamsSchema,
    response: visitBadgeSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /meeting': endpoint({
    tokenScope: 'invitations:write',
    tags,
    summary:
      'Invite a visitor (201): from the directory or typed, with a host of the directory, a time and a duration; the invitation e-mail is sent by the lifecycle job',
    body: visitInviteSchema,
    response: visitDetailSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND', 'MISSING', 'MEETING_HOST_NOT_EMPLOYEE', 'MEETING_IN_THE_PAST', ...personErrors],
  }),
  'PATCH /meeting/:id': endpoint({
    tokenScope: 'invitations:write',
    tags,
    summary: 'Change a visit: visitor, host, duration; its time only before arrival',
    params: idParamsSchema,
    body: visitUpdateSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MEETING_HOST_NOT_EMPLOYEE', 'MEETING_IN_THE_PAST', ...stateErrors],
  }),
  'DELETE /meeting/:id': endpoint({
    tags,
    summary: 'Remove a visit from the history',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /meeting/:id/cancel': endpoint({
    tokenScope: 'invitations:write',
    tags,
    summary: 'Cancel a visit before arrival',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', ...stateErrors],
  }),
  'POST /meeting/:id/resendInvitation': endpoint({
    tags,
    summary:
      'Send the invitation e-mail of a visit not yet begun again (the invitation job sends it within seconds; audited)',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'INVITATION_NOT_SENDABLE', 'MEETING_IN_THE_PAST', ...stateErrors],
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
    response: visitQuestionnairesSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meeting/:id/exitQuestionnaire': endpoint({
    tags,
    summary: "A visit's exit questionnaires and the answers it holds",
    params: idParamsSchema,
    response: visitQuestionnairesSchema,
    errors: ['NOT_FOUND'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
