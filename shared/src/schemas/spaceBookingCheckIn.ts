import { z } from 'zod';
import { floorImageSchema, spaceKinds, spaceShapeSchema } from './floor.ts';

// Checking in to a booking at its space (docs/space-booking.md, "Check-in and release"): the QR
// code on a space opens what the space holds now and the caller's bookings of it today.

/** A booking's check-in opens this many minutes before its start. */
export const BOOKING_CHECK_IN_OPENS_MINUTES = 15;

export const bookingSpaceParamsSchema = z.object({ spaceId: z.uuid() });

/** An occurrence as the space's page shows it. */
export const spaceOccurrenceSchema = z.object({
  /** `<series uuid>-<n>`. */
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['PENDING', 'APPROVED']),
  host: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** When the check-in opens; null once checked in. */
  checkInOpensAt: z.string().nullable(),
  /** When an approved occurrence not checked into is released; null when the building releases none, or once checked in. */
  releasedAfter: z.string().nullable(),
});
export type SpaceOccurrence = z.infer<typeof spaceOccurrenceSchema>;

export const spaceNowSchema = z.object({
  space: z.object({
    id: z.uuid(),
    name: z.string(),
    kind: z.string(),
    floor: z.string(),
    building: z.string(),
  }),
  timeZone: z.string(),
  /** Minutes after its start an occurrence not checked into is released; null: never. */
  releaseMinutes: z.number().int().nullable(),
  /** The occurrence holding the space now, if any (anyone's: its title and host are shown). */
  current: spaceOccurrenceSchema.nullable(),
  /** The caller's own occurrences of this space from now to the end of the building's day. */
  mine: z.array(spaceOccurrenceSchema),
});
export type SpaceNow = z.infer<typeof spaceNowSchema>;

export const bookingCheckedInSchema = z.object({ id: z.string(), checkedInAt: z.string() });

// Who is where today (docs/space-booking.md, "Who is where"): the approved bookings of a floor's
// day with their hosts' names, when the company shares them.

export const whereaboutsParamsSchema = z.object({ floorId: z.uuid() });
export const whereaboutsQuerySchema = z.object({
  /** The day on the building's clock; today when missing. */
  date: z.iso.date().optional(),
});

export const whereaboutsSchema = z.object({
  /** Whether the company shares who is where; when not, `people` is empty. */
  shared: z.boolean(),
  date: z.string(),
  people: z.array(
    z.object({
      spaceId: z.uuid(),
      space: z.string(),
      name: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      checkedIn: z.boolean(),
    }),
  ),
});
export type Whereabouts = z.infer<typeof whereaboutsSchema>;

// A floor as the booking map draws it: its plan and the spaces the caller may book.

export const bookingFloorParamsSchema = z.object({ floorId: z.uuid() });

export const bookingFloorSchema = z.object({
  floor: z.object({
    id: z.uuid(),
    name: z.string(),
    buildingId: z.uuid(),
    buildingName: z.string(),
    timeZone: z.string(),
    image: floorImageSchema.nullable(),
  }),
  spaces: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      kind: z.enum(spaceKinds),
      capacity: z.number().int().nullable(),
      color: z.string(),
      available: z.boolean(),
      description: z.string().nullable(),
      shape: spaceShapeSchema.nullable(),
      /** Its bookings wait for an approver. */
      needsApproval: z.boolean(),
    }),
  ),
});
export type BookingFloor = z.infer<typeof bookingFloorSchema>;
export type BookingFloorSpace = BookingFloor['spaces'][number];
