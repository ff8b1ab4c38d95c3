import { z } from 'zod';
import { locales } from '../constants.ts';
import { bookingStatuses } from './spaceBooking.ts';

// The public booking calls (docs/space-booking.md, "Public calls"): no sign-in. A floor's busy
// slots, a booking's approval summary by its identifier, and a booking's export by its export
// key (the secret its e-mails carry).

/** The longest period a floor's public list covers, in days. */
export const PUBLIC_BOOKING_DAYS_MAX = 31;

export const publicFloorBookingsParamsSchema = z.object({
  floorId: z.uuid(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
});

export const publicFloorBookingsSchema = z.object({
  timeZone: z.string(),
  /** The slots taken (pending or approved), without titles nor names. */
  bookings: z.array(
    z.object({
      spaceId: z.uuid(),
      startsAt: z.string(),
      endsAt: z.string(),
      status: z.enum(['PENDING', 'APPROVED']),
    }),
  ),
});
export type PublicFloorBookings = z.infer<typeof publicFloorBookingsSchema>;

export const bookingKeyParamsSchema = z.object({ key: z.string().min(16).max(128) });
export const bookingApprovalParamsSchema = z.object({ id: z.string().min(36).max(41) });

const occurrenceTimesSchema = z.object({
  /** `<series uuid>-<n>`. */
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(bookingStatuses),
});

/** What the approval page shows before the approver decides (signed in). */
export const bookingApprovalSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  space: z.string(),
  floor: z.string(),
  building: z.string(),
  timeZone: z.string(),
  host: z.string().nullable(),
  attendeesCount: z.number().int(),
  /** The occurrences to come (pending or approved, not over). */
  occurrences: z.array(occurrenceTimesSchema),
});
export type BookingApprovalSummary = z.infer<typeof bookingApprovalSummarySchema>;

/** A booking's export page: the event, its calendar links. */
export const bookingExportSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  space: z.string(),
  floor: z.string(),
  building: z.string(),
  address: z.string().nullable(),
  timeZone: z.string(),
  host: z.string().nullable(),
  occurrences: z.array(occurrenceTimesSchema),
  /** Google Calendar's event template for the first occurrence to come (or the first). */
  googleLink: z.string(),
  /** The calendar file of the occurrences, on this server. */
  icsPath: z.string(),
  /** The booking on one printable page (add `?locale=` for its language), on this server. */
  pdfPath: z.string(),
});

/** The printable page's language; its building's without one. */
export const bookingPdfQuerySchema = z.object({ locale: z.enum(locales).optional() });
export type BookingExport = z.infer<typeof bookingExportSchema>;

export const bookingPeopleSchema = z.object({
  host: z.string().nullable(),
  attendees: z.array(z.object({ firstName: z.string(), lastName: z.string(), role: z.string().nullable() })),
});
export type BookingPeople = z.infer<typeof bookingPeopleSchema>;

/** The export page's "e-mail the attendees again": form-encoded, the field names the export key. */
export const bookingEmailBodySchema = z.object({ spacebookingId: z.string().min(16).max(128) });
export const bookingEmailSentSchema = z.object({ sent: z.number().int() });
