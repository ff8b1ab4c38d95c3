import {
  BOOKING_CHECK_IN_OPENS_MINUTES,
  type BookingFloor,
  type SpaceNow,
  type SpaceOccurrence,
  type Whereabouts,
  bookingOccurrenceRef,
  dayInZone,
  newBuildingSettings,
  nextDay,
  parseBookingRef,
  zonedInstant,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, automaticActor } from '../audit/audit.service.ts';
import {
  type SpaceOccurrenceRow,
  approvedOfFloor,
  findFloorForWhereabouts,
  findSpaceForCheckIn,
  holdingOccurrencesOfSpace,
  lockOccurrence,
  markCheckedIn,
  releaseDue,
} from './bookingCheckIn.repo.ts';
import { getLayout } from '../floors/floors.service.ts';
import { hostNameOf } from './spaceBookings.dto.ts';
import { bookingChanged } from './spaceBookings.notify.ts';
import { type Booker, isManager, seesBuilding } from './spaceBookings.service.ts';

// At the space: checking in to a booking, releasing those nobody checked into, and who is where
// (docs/space-booking.md, "Check-in and release", "Who is where").

const MINUTE = 60_000;

function toSpaceOccurrence(row: SpaceOccurrenceRow, releaseMinutes: number | null): SpaceOccurrence {
  const checkedIn = row.checked_in_at !== null;
  return {
    id: bookingOccurrenceRef(row.series_id, row.occurrence),
    title: row.title,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    status: row.status === 'PENDING' ? 'PENDING' : 'APPROVED',
    host: hostNameOf(row),
    checkedInAt: row.checked_in_at === null ? null : row.checked_in_at.toISOString(),
    checkInOpensAt: checkedIn
      ? null
      : new Date(row.starts_at.getTime() - BOOKING_CHECK_IN_OPENS_MINUTES * MINUTE).toISOString(),
    releasedAfter:
      checkedIn || releaseMinutes === null || row.status !== 'APPROVED'
        ? null
        : new Date(row.starts_at.getTime() + releaseMinutes * MINUTE).toISOString(),
  };
}

/**
 * What a space's QR code opens: the occurrence holding it now (anyone's), and the caller's own
 * occurrences of it from now to the end of the building's day. A space of another company or of
 * a building the caller does not see, or a private one to a user, is 404.
 */
export async function spaceNow(
  ctx: ServerContext,
  booker: Booker,
  spaceId: string,
  now = new Date(),
): Promise<SpaceNow> {
  const space = await findSpaceForCheckIn(ctx.db, booker.tenantId, spaceId);
  if (!space || !(await seesBuilding(ctx.db, booker, space.building_id))) throw notFound();
  if (!space.public && !isManager(booker)) throw notFound();
  const timeZone = space.time_zone || newBuildingSettings().timeZoneId;
  const dayEnd = zonedInstant(nextDay(dayInZone(now, timeZone)), '00:00', timeZone);
  const rows = await holdingOccurrencesOfSpace(ctx.db, space.id, now, dayEnd);
  const current = rows.find((row) => row.starts_at.getTime() <= now.getTime()) ?? null;
  const mine = rows.filter((row) => row.host_id === booker.userId || row.created_by === booker.userId);
  return {
    space: {
      id: space.id,
      name: space.name,
      kind: space.kind,
      floor: space.floor_name,
      building: space.building_name,
    },
    timeZone,
    releaseMinutes: space.release_minutes,
    current: current === null ? null : toSpaceOccurrence(current, space.release_minutes),
    mine: mine.map((row) => toSpaceOccurrence(row, space.release_minutes)),
  };
}

/**
 * Checks in to one occurrence (`<uuid>-<n>`): its host, the one who booked it, or a manager who
 * sees the building (anyone else: 404). It must be approved and not over
 * (BOOKING_NOT_CHANGEABLE), and the check-in opens shortly before its start
 * (BOOKING_CHECK_IN_CLOSED). Checking in again answers the first check-in.
 */
export async function checkInToBooking(
  ctx: ServerContext,
  actor: AuditActor,
  booker: Booker,
  ref: string,
  now = new Date(),
): Promise<{ id: string; checkedInAt: string }> {
  const parsed = parseBookingRef(ref);
  if (!parsed || parsed.occurrence === null) throw notFound();
  const { seriesId, occurrence } = parsed;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockOccurrence(trx, booker.tenantId, seriesId, occurrence);
    if (!row || !(await seesBuilding(trx, booker, row.building_id))) throw notFound();
    if (row.host_id !== booker.userId && row.created_by !== booker.userId && !isManager(booker)) throw notFound();
    if (row.checked_in_at !== null) return { id: ref, checkedInAt: row.checked_in_at.toISOString() };
    if (row.status !== 'APPROVED' || row.ends_at.getTime() <= now.getTime())
      throw new AppError('BOOKING_NOT_CHANGEABLE');
    if (row.starts_at.getTime() - BOOKING_CHECK_IN_OPENS_MINUTES * MINUTE > now.getTime())
      throw new AppError('BOOKING_CHECK_IN_CLOSED', { minutes: BOOKING_CHECK_IN_OPENS_MINUTES });
    await markCheckedIn(trx, row.id, now);
    await audit(trx, actor, {
      tenantId: booker.tenantId,
      action: 'BOOKING_CHECKED_IN',
      entity: 'spaceBooking',
      entityId: seriesId,
      after: { occurrences: [occurrence] },
    });
    return { id: ref, checkedInAt: now.toISOString() };
  });
}

/**
 * The release job's run: the approved occurrences nobody checked into within their building's
 * delay are cancelled and marked released, audited, and their people told. Answers how many,
 * and the e-mails queued.
 */
export async function releaseNoShows(
  deps: { db: Db; base: string },
  now = new Date(),
): Promise<{ released: number; mails: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const released = await releaseDue(trx, now);
    let mails = 0;
    for (const row of released) {
      await audit(trx, automaticActor, {
        tenantId: row.tenant_id,
        action: 'BOOKING_RELEASED',
        entity: 'spaceBooking',
        entityId: row.series_id,
        after: { occurrences: [row.occurrence] },
      });
      mails += await bookingChanged(trx, deps.base, {
        kind: 'RELEASED',
        tenantId: row.tenant_id,
        seriesId: row.series_id,
        occurrences: [row.occurrence],
        comment: null,
      });
    }
    return { released: released.length, mails };
  });
}

/**
 * Who is where on a floor on a day of its building (today by default): the approved bookings with
 * their hosts' names, when the company shares them (else `shared` false and nobody). A floor of
 * another company or of a building the caller does not see is 404.
 */
export async function whereabouts(
  ctx: ServerContext,
  booker: Booker,
  floorId: string,
  date: string | undefined,
  now = new Date(),
): Promise<Whereabouts> {
  const floor = await findFloorForWhereabouts(ctx.db, booker.tenantId, floorId);
  if (!floor || !(await seesBuilding(ctx.db, booker, floor.building_id))) throw notFound();
  const timeZone = floor.time_zone || newBuildingSettings().timeZoneId;
  const day = date ?? dayInZone(now, timeZone);
  if (!floor.share_whereabouts) return { shared: false, date: day, people: [] };
  const rows = await approvedOfFloor(
    ctx.db,
    floor.id,
    zonedInstant(day, '00:00', timeZone),
    zonedInstant(nextDay(day), '00:00', timeZone),
  );
  return {
    shared: true,
    date: day,
    people: rows.map((row) => ({
      spaceId: row.space_id,
      space: row.space_name,
      name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || (row.username ?? ''),
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      checkedIn: row.checked_in_at !== null,
    })),
  };
}

/**
 * A floor as the booking map draws it: its plan, its building's clock, and the spaces the caller
 * may book (a user: the public ones), without their approvers' names. A floor of another company
 * or of a building the caller does not see is 404.
 */
export async function bookingFloor(ctx: ServerContext, booker: Booker, floorId: string): Promise<BookingFloor> {
  const floor = await findFloorForWhereabouts(ctx.db, booker.tenantId, floorId);
  if (!floor || !(await seesBuilding(ctx.db, booker, floor.building_id))) throw notFound();
  const layout = await getLayout(ctx, booker.tenantId, floorId);
  const manager = isManager(booker);
  return {
    floor: {
      id: layout.floor.id,
      name: layout.floor.name,
      buildingId: layout.floor.buildingId,
      buildingName: layout.floor.buildingName,
      timeZone: floor.time_zone || newBuildingSettings().timeZoneId,
      image: layout.floor.image,
    },
    spaces: layout.spaces
      .filter((space) => space.public || manager)
      .map((space) => ({
        id: space.id,
        name: space.name,
        kind: space.kind,
        capacity: space.capacity,
        color: space.color,
        available: space.available,
        description: space.description,
        shape: space.shape,
        needsApproval: space.approver1 !== null || space.approver2 !== null,
      })),
  };
}
