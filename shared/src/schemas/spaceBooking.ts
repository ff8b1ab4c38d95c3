import { z } from 'zod';
import { bookingRepeats } from '../domain/bookingRecurrence.ts';
import { listQuerySchema, optionalTextSchema } from './common.ts';

// Space booking (docs/space-booking.md): a series (one event) and its occurrences. One schema
// per payload; the admin forms and the server validate with the same one.

export const BOOKING_TITLE_MAX = 200;
export const BOOKING_DESCRIPTION_MAX = 2000;
export const BOOKING_COMMENT_MAX = 1000;
export const BOOKING_ATTENDEES_MAX = 100;

export const bookingStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const bookingSchedulings = ['NONE', 'ICS', 'GOOGLE'] as const;
export type BookingScheduling = (typeof bookingSchedulings)[number];
/** The list's status filter: pending and approved are the bookings that hold their slot. */
export const bookingStatusFilters = ['all', 'approved', 'pending', 'rejected', 'cancelled'] as const;

/** A series (`<uuid>`) or one of its occurrences (`<uuid>-<n>`): see parseBookingRef. */
export const bookingRefParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(-[1-9][0-9]{0,3})?$/),
});

const momentSchema = z.iso.datetime({ offset: true });

export const bookingAttendeeSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).pipe(z.email()),
  role: optionalTextSchema(100),
  verified: z.boolean().optional(),
});
export type BookingAttendeeInput = z.input<typeof bookingAttendeeSchema>;

const attendeesSchema = z.array(bookingAttendeeSchema).max(BOOKING_ATTENDEES_MAX);

export const bookingCreateSchema = z.object({
  spaceId: z.uuid(),
  title: z.string().trim().min(1).max(BOOKING_TITLE_MAX),
  description: optionalTextSchema(BOOKING_DESCRIPTION_MAX),
  comment: optionalTextSchema(BOOKING_COMMENT_MAX),
  startsAt: momentSchema,
  endsAt: momentSchema,
  repeat: z.enum(bookingRepeats).optional(),
  /** The last day an occurrence may start on, on the building's clock. */
  repeatUntil: z.iso.date().nullable().optional(),
  /** Another user of the company as host (managers only); the caller by default. */
  hostId: z.uuid().optional(),
  attendees: attendeesSchema.optional(),
  scheduling: z.enum(bookingSchedulings).optional(),
  createInvitation: z.boolean().optional(),
});
export type BookingCreate = z.input<typeof bookingCreateSchema>;

/**
 * A change. With an occurrence's identifier, its times move that occurrence; with the series',
 * they set the time of day (and length) of every occurrence to come, each on its own day.
 */
export const bookingUpdateSchema = z.object({
  spaceId: z.uuid().optional(),
  title: z.string().trim().min(1).max(BOOKING_TITLE_MAX).optional(),
  description: optionalTextSchema(BOOKING_DESCRIPTION_MAX),
  comment: optionalTextSchema(BOOKING_COMMENT_MAX),
  startsAt: momentSchema.optional(),
  endsAt: momentSchema.optional(),
  attendees: attendeesSchema.optional(),
});
export type BookingUpdate = z.input<typeof bookingUpdateSchema>;

export const bookingApprovalSchema = z.object({
  approved: z.boolean(),
  comment: optionalTextSchema(BOOKING_COMMENT_MAX),
});
export type BookingApproval = z.input<typeof bookingApprovalSchema>;

/** A cancellation's body; a DELETE may come without one. */
export const bookingCancelSchema = z.object({ comment: optionalTextSchema(BOOKING_COMMENT_MAX) }).nullish();

export const bookingListQuerySchema = listQuerySchema.extend({
  floorId: z.uuid().optional(),
  spaceId: z.uuid().optional(),
  hostId: z.uuid().optional(),
  status: z.enum(bookingStatusFilters).optional(),
  from: momentSchema.optional(),
  to: momentSchema.optional(),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;

const namedSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const bookingAttendeeItemSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  verified: z.boolean(),
});
export type BookingAttendee = z.infer<typeof bookingAttendeeItemSchema>;

/** One occurrence with its series' fields: a row of the list and of the calendar. */
export const bookingOccurrenceSchema = z.object({
  /** `<series uuid>-<n>`. */
  id: z.string(),
  seriesId: z.uuid(),
  occurrence: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(bookingStatuses),
  cancelledAt: z.string().nullable(),
  /** When someone checked in to it (at the space, or its guest at the front desk); null before. */
  checkedInAt: z.string().nullable(),
  title: z.string(),
  space: namedSchema,
  floor: namedSchema,
  building: namedSchema,
  host: namedSchema,
  repeat: z.enum(bookingRepeats),
  attendeesCount: z.number().int(),
});
export type BookingOccurrence = z.infer<typeof bookingOccurrenceSchema>;

/** A series with every occurrence, the answer of a creation or a change. */
export const bookingSeriesSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  comment: z.string().nullable(),
  space: namedSchema,
  floor: namedSchema,
  building: namedSchema,
  host: namedSchema,
  repeat: z.enum(bookingRepeats),
  repeatUntil: z.string().nullable(),
  timeZone: z.string(),
  scheduling: z.enum(bookingSchedulings),
  createInvitation: z.boolean(),
  /** The secret of the series' public calendar export. */
  exportKey: z.string(),
  icsSequence: z.number().int(),
  attendees: z.array(bookingAttendeeItemSchema),
  occurrences: z.array(
    z.object({
      id: z.string(),
      occurrence: z.number().int(),
      startsAt: z.string(),
      endsAt: z.string(),
      status: z.enum(bookingStatuses),
      cancelledAt: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingSeries = z.infer<typeof bookingSeriesSchema>;

/** What a cancellation or an approval changed: how many occurrences. */
export const bookingChangedSchema = z.object({ id: z.string(), changed: z.number().int() });

/** The booking feature's health (GET /spacebooking/test). */
export const bookingHealthSchema = z.object({
  ok: z.literal(true),
  repeats: z.array(z.enum(bookingRepeats)),
  occurrencesMax: z.number().int(),
  bookingsToCome: z.number().int(),
});
