import { listResponseSchema } from '../schemas/common.ts';
import {
  bookingApprovalSchema,
  bookingCancelSchema,
  bookingChangedSchema,
  bookingCreateSchema,
  bookingHealthSchema,
  bookingListQuerySchema,
  bookingOccurrenceSchema,
  bookingRefParamsSchema,
  bookingSeriesSchema,
  bookingUpdateSchema,
} from '../schemas/spaceBooking.ts';
import { endpoint } from './endpoint.ts';

// Space booking (docs/space-booking.md): any signed-in user of a company books the spaces of
// the buildings they see; a space's approvers approve or reject. `:id` is a series' uuid, or
// `<uuid>-<n>` for its occurrence n.

const tags = ['spacebooking'];
const timeRules = [
  'BOOKING_END_BEFORE_START',
  'BOOKING_TOO_LONG_FOR_REPEAT',
  'BOOKING_REPEAT_UNTIL_REQUIRED',
  'BOOKING_REPEAT_UNTIL_INVALID',
  'BOOKING_TOO_MANY_OCCURRENCES',
  'TIME_UNAVAILABLE',
  'TIME_CONFLICT',
] as const;

export const spaceBookingsContract = {
  'GET /spacebooking': endpoint({
    tags,
    summary:
      'Occurrences of bookings in the buildings the caller sees, with their series: by floor, space, host, status, period; paged',
    query: bookingListQuerySchema,
    response: listResponseSchema(bookingOccurrenceSchema),
    errors: ['TENANT_REQUIRED', 'ERROR_WITH_FILTER'],
  }),
  'GET /spacebooking/test': endpoint({
    tags,
    summary: "The booking feature's health: its repeat rules, its limit, and the company's bookings to come",
    response: bookingHealthSchema,
    errors: ['TENANT_REQUIRED'],
  }),
  'GET /spacebooking/:id': endpoint({
    tags,
    summary:
      "A booking's series with its occurrences and attendees, for its host, the one who booked it, the building's managers and the space's approvers",
    params: bookingRefParamsSchema,
    response: bookingSeriesSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND'],
  }),
  'POST /spacebooking': endpoint({
    tags,
    summary: 'Book a space: one occurrence, or a series by its repeat rule (all or nothing)',
    body: bookingCreateSchema,
    response: bookingSeriesSchema,
    errors: [
      'TENANT_REQUIRED',
      'NOT_FOUND',
      'SPACE_UNAVAILABLE',
      'BOOKING_HOST_INVALID',
      'BOOKING_LIMIT_REACHED',
      'BOOKING_TOO_FAR_AHEAD',
      ...timeRules,
    ],
  }),
  'PATCH /spacebooking/:id': endpoint({
    tags,
    summary: 'Change a booking: the series (its occurrences to come) or one occurrence with -n',
    params: bookingRefParamsSchema,
    body: bookingUpdateSchema,
    response: bookingSeriesSchema,
    errors: [
      'TENANT_REQUIRED',
      'NOT_FOUND',
      'SPACE_UNAVAILABLE',
      'BOOKING_NOT_CHANGEABLE',
      'BOOKING_LIMIT_REACHED',
      'BOOKING_TOO_FAR_AHEAD',
      ...timeRules,
    ],
  }),
  'PATCH /spacebooking/approve/:id': endpoint({
    tags,
    summary: "Approve or reject a pending booking (the space's approvers): the series, or one occurrence with -n",
    params: bookingRefParamsSchema,
    body: bookingApprovalSchema,
    response: bookingChangedSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND', 'BOOKING_NOT_CHANGEABLE'],
  }),
  'DELETE /spacebooking/:id': endpoint({
    tags,
    summary: 'Cancel a booking: its occurrences to come, or one occurrence with -n (kept, marked cancelled)',
    params: bookingRefParamsSchema,
    body: bookingCancelSchema,
    response: bookingChangedSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND', 'BOOKING_NOT_CHANGEABLE'],
  }),
};
