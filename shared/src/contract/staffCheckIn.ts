import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { idParamsSchema } from '../schemas/common.ts';
import {
  deskCheckInDataSchema,
  fastCheckInSchema,
  instantReplacementSchema,
  returningVisitorQuerySchema,
  returningVisitorSchema,
  staffCheckInSchema,
  visitAnswersSchema,
  visitCheckInDataSchema,
} from '../schemas/staffCheckIn.ts';
import {
  checkInResponseSchema,
  checkOutDataSchema,
  checkOutRequestSchema,
  visitDetailSchema,
  wizardVisitorTypeSchema,
} from '../schemas/visit.ts';
import { endpoint } from './endpoint.ts';
import { personErrors, stateErrors } from './visits.ts';

// The entry log's door actions: staff at the desk check visits in and out on the check-in's staff
// channel (server modules/checkin, staffCheckIn.routes.ts), judged by the public check-in's rules.
// Tenant-scoped like every visit call; who may call what: domain/visitPermissions.ts.

const tags = ['meetings'];

/** What the wizard's rules answer on a staff check-in (the public check-in's codes). */
const wizardErrors = [
  'MISSING',
  'EMAIL_IS_NOT_VALID',
  'VALIDATION_FAILED',
  'EMPTY_MEETING_DURATION',
  'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID',
] as const satisfies readonly ErrorCode[];

export const staffCheckInContract = {
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
      "What the desk checks someone in with: the building's form, questionnaires and settings for one person type (what the public check-in's wizard reads) and whether it asks the questionnaires at the desk",
    params: idParamsSchema,
    query: z.object({ visitorType: wizardVisitorTypeSchema }),
    response: deskCheckInDataSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /meeting/building/:id/returning': endpoint({
    tags,
    summary:
      "Who checked in at the building before (the last year), each once, as their latest visit says: the desk's search of returning visitors, newest first",
    params: idParamsSchema,
    query: returningVisitorQuerySchema,
    response: z.object({ docs: z.array(returningVisitorSchema) }),
    errors: ['NOT_FOUND'],
  }),
  'PATCH /meeting/:id/questionnaires': endpoint({
    tags,
    summary: "Fill a visit's entry questionnaires ahead of arrival (checked like the wizard's)",
    params: idParamsSchema,
    body: visitAnswersSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MISSING', 'VALIDATION_FAILED', ...stateErrors],
  }),
  'PATCH /meeting/:id/exitQuestionnaires': endpoint({
    tags,
    summary: "Fill an open visit's exit questionnaires before check-out",
    params: idParamsSchema,
    body: visitAnswersSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'MISSING', 'VALIDATION_FAILED', ...stateErrors],
  }),
  'GET /meeting/:id/check-in': endpoint({
    tags,
    summary:
      "What staff check an expected visit in with: the wizard's input for its building and type, the visit's prefill, and whether it expired",
    params: idParamsSchema,
    response: visitCheckInDataSchema,
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
  'POST /meeting/instantReplacementCheckin': endpoint({
    tags,
    summary:
      "Check the person of a visit in again at once, as a new visit with that visit's form and answers while they hold (an open visit is checked out first)",
    body: instantReplacementSchema,
    response: checkInResponseSchema,
    alsoAnswers: [208],
    errors: ['NOT_FOUND', 'CHECKEDIN', ...wizardErrors, ...stateErrors, ...personErrors],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
