import {
  bookingApprovalParamsSchema,
  bookingApprovalSummarySchema,
  bookingEmailBodySchema,
  bookingEmailSentSchema,
  bookingExportSchema,
  bookingKeyParamsSchema,
  bookingPeopleSchema,
  publicFloorBookingsParamsSchema,
  publicFloorBookingsSchema,
  bookingPdfQuerySchema,
} from '../schemas/spaceBookingPublic.ts';
import { endpoint } from './endpoint.ts';

// The public booking calls (docs/space-booking.md, "Public calls"): no sign-in, rate-limited.

const tags = ['spacebooking'];

export const spaceBookingPublicContract = {
  'GET /public/spacebooking/list/:floorId/:startDate/:endDate': endpoint({
    access: 'public',
    tags,
    summary: "A floor's taken slots over a period (days on its building's clock, at most 31): no titles, no names",
    params: publicFloorBookingsParamsSchema,
    response: publicFloorBookingsSchema,
    errors: ['NOT_FOUND', 'ERROR_WITH_FILTER'],
  }),
  'GET /public/spacebooking/approval/:id': endpoint({
    access: 'public',
    tags,
    summary: "A booking's summary for its approval page (the series' or an occurrence's identifier)",
    params: bookingApprovalParamsSchema,
    response: bookingApprovalSummarySchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /public/spacebooking/export/:key': endpoint({
    access: 'public',
    tags,
    summary: "A booking's export page by its export key: the event, its calendar file and Google Calendar link",
    params: bookingKeyParamsSchema,
    response: bookingExportSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /public/spacebooking/export/:key/event.ics': endpoint({
    access: 'public',
    tags,
    summary: "A booking's calendar file (text/calendar) by its export key",
    params: bookingKeyParamsSchema,
    errors: ['NOT_FOUND', 'SPACEBOOKING_FAIL_ADD_EVENT'],
  }),
  'GET /public/spacebooking/export/:key/booking.pdf': endpoint({
    access: 'public',
    tags,
    summary: 'A booking on one printable page (application/pdf) by its export key, in the language asked for',
    params: bookingKeyParamsSchema,
    query: bookingPdfQuerySchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /public/spacebooking/people/:key': endpoint({
    access: 'public',
    tags,
    summary: "A booking's host and attendees by its export key (names and roles, no addresses)",
    params: bookingKeyParamsSchema,
    response: bookingPeopleSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /public/spacebooking/email': endpoint({
    access: 'public',
    tags,
    summary: 'E-mail a booking to its host and attendees again (form-encoded `spacebookingId`: its export key)',
    body: bookingEmailBodySchema,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    response: bookingEmailSentSchema,
    errors: ['NOT_FOUND', 'SPACEBOOKING_FAIL_ADD_EVENT'],
  }),
};
