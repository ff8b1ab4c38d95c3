import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import {
  postponableVisitSchema,
  postponeRequestSchema,
  publicIdentifierParamsSchema,
  publicVisitSchema,
  registrationPageSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  registrationVisitorTypeSchema,
  rescheduleRequestSchema,
} from '../schemas/publicVisit.ts';
import { endpoint } from './endpoint.ts';

// The visitor's own visit pages: no sign-in, rate-limited. Cancel, postpone and
// reschedule find the visit by its public identifier (the secret of the visitor's links); the
// registration page finds the building by its check-in key (the poster's QR code).

const tags = ['public visit'];

/**
 * What a visit's state no longer allows, in the entry log's words (domain/visitState.ts): cancelled,
 * or already begun (checked in or out). A visit refused at the door has no visitor's page: not found.
 */
const cancelErrors = [
  'CANCEL_VISIT_NOT_FOUND',
  'MEETING_CANCELLED',
  'MEETING_ALREADY_STARTED',
] as const satisfies readonly ErrorCode[];
/** A visit in progress may still be made longer; one checked out no longer. */
const postponeErrors = [
  'POSTPONE_CHECKOUT_VISIT_NOT_FOUND',
  'MEETING_CANCELLED',
  'VISIT_ALREADY_CHECKED_OUT',
] as const satisfies readonly ErrorCode[];

export const publicVisitContract = {
  'GET /cancelable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'A visit its visitor may still cancel (not begun, not cancelled)',
    params: publicIdentifierParamsSchema,
    response: publicVisitSchema,
    errors: cancelErrors,
  }),
  'DELETE /cancelable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'The visitor cancels a visit that has not begun',
    params: publicIdentifierParamsSchema,
    response: publicVisitSchema,
    errors: cancelErrors,
  }),
  'GET /postponable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'A visit (scheduled or in progress) its visitor may make longer, with the durations that would',
    params: publicIdentifierParamsSchema,
    response: postponableVisitSchema,
    errors: postponeErrors,
  }),
  'PATCH /postponable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'The visitor makes a visit longer: a new duration, longer than the current one, ending after now',
    params: publicIdentifierParamsSchema,
    body: postponeRequestSchema,
    response: publicVisitSchema,
    errors: [...postponeErrors, 'POSTPONE_DURATION_NOT_LONGER'],
  }),
  'GET /reschedulable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'A visit its visitor may still move to another time (not begun, not cancelled)',
    params: publicIdentifierParamsSchema,
    response: publicVisitSchema,
    errors: cancelErrors,
  }),
  'PATCH /reschedulable/:publicIdentifier': endpoint({
    access: 'public',
    tags,
    summary: 'The visitor moves a visit that has not begun to another time (not over by then, within a year)',
    params: publicIdentifierParamsSchema,
    body: rescheduleRequestSchema,
    response: publicVisitSchema,
    errors: [...cancelErrors, 'MEETING_IN_THE_PAST', 'VALIDATION_FAILED'],
  }),
  'GET /registration/:qrCodeKey': endpoint({
    access: 'public',
    tags,
    summary: "A building's registration page: its person types, and the form of the one chosen",
    params: z.object({ qrCodeKey: z.string().min(1).max(64) }),
    query: z.object({ visitorType: registrationVisitorTypeSchema.optional() }),
    response: registrationPageSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /registration': endpoint({
    access: 'public',
    tags,
    summary: 'A visitor registers ahead for a building (201): an invitation is e-mailed to them',
    body: registrationRequestSchema,
    response: registrationResponseSchema,
    alsoAnswers: [201],
    errors: ['NOT_FOUND', 'MISSING', 'EMAIL_IS_NOT_VALID', 'VALIDATION_FAILED', 'MEETING_IN_THE_PAST'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
