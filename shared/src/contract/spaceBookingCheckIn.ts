import { bookingRefParamsSchema } from '../schemas/spaceBooking.ts';
import {
  bookingCheckedInSchema,
  bookingFloorParamsSchema,
  bookingFloorSchema,
  bookingSpaceParamsSchema,
  spaceNowSchema,
  whereaboutsParamsSchema,
  whereaboutsQuerySchema,
  whereaboutsSchema,
} from '../schemas/spaceBookingCheckIn.ts';
import { endpoint } from './endpoint.ts';

// At the space (docs/space-booking.md, "Check-in and release", "Who is where"): the space's QR
// code opens its page on a phone, where the host checks in; the map shows who is where today.

const tags = ['spacebooking'];

export const spaceBookingCheckInContract = {
  'GET /spacebooking/space/:spaceId': endpoint({
    tags,
    summary:
      "A space as its QR code opens it: what holds it now and the caller's bookings of it for the rest of the day",
    params: bookingSpaceParamsSchema,
    response: spaceNowSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND'],
  }),
  'POST /spacebooking/checkin/:id': endpoint({
    tags,
    summary: 'Check in to an occurrence (<uuid>-<n>): its host or booker, from shortly before its start until its end',
    params: bookingRefParamsSchema,
    response: bookingCheckedInSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND', 'BOOKING_NOT_CHANGEABLE', 'BOOKING_CHECK_IN_CLOSED'],
  }),
  'GET /spacebooking/whereabouts/:floorId': endpoint({
    tags,
    summary:
      'Who is where on a floor on a day (today by default): its approved bookings with their hosts, when the company shares them',
    params: whereaboutsParamsSchema,
    query: whereaboutsQuerySchema,
    response: whereaboutsSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND'],
  }),
  'GET /spacebooking/floor/:floorId': endpoint({
    tags,
    summary: "A floor as the booking map draws it: its plan, its building's clock and the spaces the caller may book",
    params: bookingFloorParamsSchema,
    response: bookingFloorSchema,
    errors: ['TENANT_REQUIRED', 'NOT_FOUND'],
  }),
};
