// Space booking (docs/space-booking.md): a series and its occurrences, made, changed, approved
// and cancelled. Every change runs in one transaction with its audit entry and its notice (the
// e-mails' seam); two bookings of a space cannot overlap by the table's exclusion constraint,
// whose refusal is answered TIME_CONFLICT.
import {
  BOOKING_OCCURRENCES_MAX,
  type BookingOccurrence,
  type BookingRepeat,
  type BookingSeries,
  type BookingStatus,
  type Role,
  atTimeOfDay,
  bookingRepeats,
  type bookingCreateSchema,
  type bookingListQuerySchema,
  type bookingUpdateSchema,
  expandBooking,
  fitsRepeatWindow,
  newBuildingSettings,
  parseBookingRef,
  seesWholeCompany,
  uuidv7,
} from '@vestibule/shared';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { isAssignedBuilding } from '../../db/ownership.repo.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { publicBase } from '../notifications/links.ts';
import { listApprovers } from '../floors/floors.repo.ts';
import { withinBookingLimits } from './bookingLimits.ts';
import { toOccurrence, toSeries } from './spaceBookings.dto.ts';
import { type BookingChange, bookingChanged } from './spaceBookings.notify.ts';
import {
  type BookableSpace,
  NO_OVERLAP,
  type OccurrenceRow,
  type OccurrenceSort,
  type SeriesRow,
  countToCome,
  findBookableSpace,
  findSeries,
  firstOverlap,
  insertSeries,
  listAttendees,
  listOccurrences,
  listOccurrencesOfSeries,
  moveOccurrences,
  occurrenceSortColumns,
  replaceAttendees,
  setStatus,
  updateSeries,
} from './spaceBookings.repo.ts';

/** Who calls: their company, their id and role, and the buildings they see. */
export interface Booker {
  tenantId: string;
  userId: string;
  role: Role;
}

const managers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];
export const isManager = (booker: Booker) => managers.includes(booker.role);
const defaultZone = newBuildingSettings().timeZoneId;
const holding: readonly BookingStatus[] = ['PENDING', 'APPROVED'];

/** Whether the caller sees a building: admins and masters all, others their assigned ones. */
export async function seesBuilding(db: Db, booker: Booker, buildingId: string | null): Promise<boolean> {
  if (seesWholeCompany(booker.role)) return true;
  return buildingId !== null && isAssignedBuilding(db, booker.userId, buildingId);
}

/**
 * A space the caller may book: in their company and a building they see, public unless they
 * manage buildings (else 404, as a private space is not offered to them), available (else
 * SPACE_UNAVAILABLE).
 */
async function bookableSpace(db: Db, booker: Booker, spaceId: string): Promise<BookableSpace> {
  const space = await findBookableSpace(db, booker.tenantId, spaceId);
  if (!space || !(await seesBuilding(db, booker, space.building_id))) throw notFound();
  if (!space.public && !isManager(booker)) throw notFound();
  if (!space.available) throw new AppError('SPACE_UNAVAILABLE');
  return space;
}

const zoneOf = (space: { time_zone: string | null }) => space.time_zone || defaultZone;
const needsApproval = (space: { approver1_id: string | null; approver2_id: string | null }) =>
  space.approver1_id !== null || space.approver2_id !== null;

function refuseTimes(refusal: string): never {
  throw new AppError(
    refusal as 'BOOKING_END_BEFORE_START',
    refusal === 'BOOKING_TOO_MANY_OCCURRENCES' ? { max: BOOKING_OCCURRENCES_MAX } : undefined,
  );
}

/**
 * Runs a write; the exclusion constraint's refusal (or a deadlock between two series taking the
 * same slots in another order) becomes TIME_CONFLICT, naming the first slot taken.
 */
async function refusingOverlap<T>(
  work: () => Promise<T>,
  conflict: () => Promise<Date | undefined>,
  fallback: Date,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    const overlap = code === '23P01' && (constraint === NO_OVERLAP || constraint === undefined);
    if (!overlap && code !== '40P01') throw error;
    const startsAt = (await conflict()) ?? fallback;
    throw new AppError('TIME_CONFLICT', { startsAt: startsAt.toISOString() });
  }
}

export async function seriesAnswer(db: Db, tenantId: string, seriesId: string): Promise<BookingSeries> {
  const row = await findSeries(db, tenantId, seriesId);
  if (!row) throw notFound();
  const [occurrences, attendees] = await Promise.all([
    listOccurrencesOfSeries(db, seriesId),
    listAttendees(db, seriesId),
  ]);
  return toSeries(row, occurrences, attendees);
}

function attendeeColumns(attendees: z.infer<typeof bookingCreateSchema>['attendees']) {
  return (attendees ?? []).map((attendee) => ({
    first_name: attendee.firstName,
    last_name: attendee.lastName,
    email: attendee.email,
    role: attendee.role ?? null,
    verified: attendee.verified ?? false,
  }));
}

export async function createBooking(
  ctx: ServerContext,
  actor: AuditActor,
  booker: Booker,
  input: z.infer<typeof bookingCreateSchema>,
): Promise<BookingSeries> {
  const space = await bookableSpace(ctx.db, booker, input.spaceId);
  const hostId = input.hostId ?? booker.userId;
  if (hostId !== booker.userId) {
    // Only a manager books for someone else, who must be a user of the company seeing the building.
    if (!isManager(booker) || (await listApprovers(ctx.db, booker.tenantId, space.building_id, [hostId])).length === 0)
      throw new AppError('BOOKING_HOST_INVALID');
  }
  const repeat: BookingRepeat = input.repeat ?? 'NONE';
  const timeZone = zoneOf(space);
  const expanded = expandBooking({
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    repeat,
    repeatUntil: repeat === 'NONE' ? null : (input.repeatUntil ?? null),
    timeZone,
  });
  if ('refusal' in expanded) refuseTimes(expanded.refusal);
  const first = expanded.occurrences[0];
  if (!first || first.startsAt.getTime() < Date.now()) throw new AppError('TIME_UNAVAILABLE');
  const status: BookingStatus = needsApproval(space) ? 'PENDING' : 'APPROVED';
  const id = uuidv7();
  await refusingOverlap(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await withinBookingLimits(trx, {
          buildingId: space.building_id,
          timeZone,
          hostId,
          starts: expanded.occurrences.map((occurrence) => occurrence.startsAt),
          adding: expanded.occurrences.length,
        });
        await insertSeries(
          trx,
          {
            id,
            tenant_id: booker.tenantId,
            space_id: space.id,
            host_id: hostId,
            created_by: booker.userId,
            title: input.title,
            description: input.description ?? null,
            comment: input.comment ?? null,
            repeat,
            repeat_until: repeat === 'NONE' ? null : (input.repeatUntil ?? null),
            time_zone: timeZone,
            scheduling: input.scheduling ?? 'NONE',
            create_invitation: input.createInvitation ?? false,
            export_key: randomBytes(24).toString('base64url'),
          },
          attendeeColumns(input.attendees),
          expanded.occurrences.map((occurrence) => ({
            id: uuidv7(),
            occurrence: occurrence.occurrence,
            starts_at: occurrence.startsAt,
            ends_at: occurrence.endsAt,
            status,
          })),
        );
        await audit(trx, actor, {
          tenantId: booker.tenantId,
          action: 'BOOKING_CREATED',
          entity: 'spaceBooking',
          entityId: id,
          after: {
            spaceId: space.id,
            hostId,
            title: input.title,
            repeat,
            repeatUntil: input.repeatUntil ?? null,
            startsAt: first.startsAt,
            endsAt: first.endsAt,
            occurrences: expanded.occurrences.length,
            status,
          },
        });
        await bookingChanged(trx, publicBase(ctx.config), {
          kind: 'CREATED',
          tenantId: booker.tenantId,
          seriesId: id,
          occurrences: expanded.occurrences.map((occurrence) => occurrence.occurrence),
          comment: input.comment ?? null,
        });
      }),
    () => firstOverlap(ctx.db, space.id, expanded.occurrences, null),
    first.startsAt,
  );
  return seriesAnswer(ctx.db, booker.tenantId, id);
}

/** The series an identifier names, locked, seen by the caller (else 404), and its occurrences. */
async function lockedSeries(
  db: Db,
  booker: Booker,
  ref: string,
): Promise<{ series: SeriesRow; occurrences: OccurrenceRow[]; occurrence: number | null }> {
  const parsed = parseBookingRef(ref);
  if (!parsed) throw notFound();
  const series = await findSeries(db, booker.tenantId, parsed.seriesId, true);
  if (!series || !(await seesBuilding(db, booker, series.building_id))) throw notFound();
  const occurrences = await listOccurrencesOfSeries(db, series.id);
  if (parsed.occurrence !== null && !occurrences.some((o) => o.occurrence === parsed.occurrence)) throw notFound();
  return { series, occurrences, occurrence: parsed.occurrence };
}

/**
 * The host, the one who booked, and the building's managers change or cancel a booking; to
 * anyone else it answers 404 (docs/space-booking.md, "Who may do what": 403 would sign them out).
 */
function mayChange(booker: Booker, series: SeriesRow): boolean {
  return series.host_id === booker.userId || series.created_by === booker.userId || isManager(booker);
}

/**
 * The occurrences a change acts on: the one named (which must still hold its slot and not be
 * over) or the series' occurrences to come; none is BOOKING_NOT_CHANGEABLE.
 */
function targets(
  occurrences: readonly OccurrenceRow[],
  occurrence: number | null,
  statuses: readonly BookingStatus[],
): OccurrenceRow[] {
  const now = Date.now();
  const open = occurrences.filter(
    (o) =>
      statuses.includes(o.status) &&
      new Date(o.ends_at).getTime() > now &&
      (occurrence === null || o.occurrence === occurrence),
  );
  if (open.length === 0) throw new AppError('BOOKING_NOT_CHANGEABLE');
  return open;
}

export async function changeBooking(
  ctx: ServerContext,
  actor: AuditActor,
  booker: Booker,
  ref: string,
  input: z.infer<typeof bookingUpdateSchema>,
): Promise<BookingSeries> {
  let slots: { startsAt: Date; endsAt: Date }[] = [];
  let spaceOfSlots: string | null = null;
  let seriesId = '';
  await refusingOverlap(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const { series, occurrences, occurrence } = await lockedSeries(trx, booker, ref);
        seriesId = series.id;
        if (!mayChange(booker, series)) throw notFound();
        const open = targets(occurrences, occurrence, holding);
        const space =
          input.spaceId !== undefined && input.spaceId !== series.space_id
            ? await bookableSpace(trx, booker, input.spaceId)
            : null;
        const spaceId = space?.id ?? series.space_id;
        if (spaceId === null) throw new AppError('BOOKING_NOT_CHANGEABLE');
        const timed = input.startsAt !== undefined || input.endsAt !== undefined;
        const moves = open.map((o) => {
          let startsAt = new Date(o.starts_at);
          let endsAt = new Date(o.ends_at);
          if (timed && occurrence !== null) {
            startsAt = input.startsAt === undefined ? startsAt : new Date(input.startsAt);
            endsAt = input.endsAt === undefined ? endsAt : new Date(input.endsAt);
          } else if (timed) {
            // The series' time of day: each occurrence to come keeps its day.
            const first = occurrences[0];
            ({ startsAt, endsAt } = atTimeOfDay(
              startsAt,
              {
                startsAt: new Date(input.startsAt ?? first?.starts_at ?? startsAt),
                endsAt: new Date(input.endsAt ?? first?.ends_at ?? endsAt),
              },
              series.time_zone,
            ));
          }
          return { id: o.id, occurrence: o.occurrence, startsAt, endsAt, spaceId };
        });
        if (timed) {
          for (const move of moves) {
            if (move.endsAt.getTime() <= move.startsAt.getTime()) throw new AppError('BOOKING_END_BEFORE_START');
            if (!fitsRepeatWindow(series.repeat, move.startsAt, move.endsAt, series.time_zone))
              throw new AppError('BOOKING_TOO_LONG_FOR_REPEAT');
            if (move.startsAt.getTime() < Date.now()) throw new AppError('TIME_UNAVAILABLE');
          }
        }
        if (timed || space) {
          // Moved to another building, they join the host's bookings to come there.
          const buildingId = space?.building_id ?? series.building_id;
          if (buildingId !== null)
            await withinBookingLimits(trx, {
              buildingId,
              timeZone: series.time_zone,
              hostId: series.host_id,
              starts: moves.map((move) => move.startsAt),
              adding: space !== null && space.building_id !== series.building_id ? moves.length : 0,
            });
        }
        slots = moves;
        spaceOfSlots = spaceId;
        if (timed || space) await moveOccurrences(trx, moves);
        // A booking moved to a space with approvers waits for them again; to one without, it is approved.
        if (space) {
          const ids = moves.map((move) => move.id);
          if (needsApproval(space)) await setStatus(trx, ids, 'PENDING', ['APPROVED']);
          else await setStatus(trx, ids, 'APPROVED', ['PENDING']);
        }
        const seriesFields = {
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.comment === undefined ? {} : { comment: input.comment }),
          ...(space && occurrence === null ? { space_id: space.id } : {}),
        };
        await updateSeries(trx, series.id, seriesFields);
        if (input.attendees) await replaceAttendees(trx, series.id, attendeeColumns(input.attendees));
        const change = changedFields(
          {
            title: series.title,
            description: series.description,
            comment: series.comment,
            spaceId: series.space_id,
          },
          {
            title: input.title ?? series.title,
            description: input.description === undefined ? series.description : input.description,
            comment: input.comment === undefined ? series.comment : input.comment,
            spaceId,
          },
        );
        await audit(trx, actor, {
          tenantId: booker.tenantId,
          action: 'BOOKING_CHANGED',
          entity: 'spaceBooking',
          entityId: series.id,
          before: change.before,
          after: {
            ...change.after,
            occurrences: moves.map((move) => move.occurrence),
            ...(timed ? { startsAt: moves[0]?.startsAt, endsAt: moves[0]?.endsAt } : {}),
            ...(input.attendees ? { attendees: input.attendees.length } : {}),
          },
        });
        await bookingChanged(trx, publicBase(ctx.config), {
          kind: 'CHANGED',
          tenantId: booker.tenantId,
          seriesId: series.id,
          occurrences: moves.map((move) => move.occurrence),
          comment: input.comment ?? null,
        });
      }),
    () => (spaceOfSlots === null ? Promise.resolve(undefined) : firstOverlap(ctx.db, spaceOfSlots, slots, seriesId)),
    new Date(input.startsAt ?? Date.now()),
  );
  return seriesAnswer(ctx.db, booker.tenantId, seriesId);
}

const isApprover = (booker: Booker, series: SeriesRow) =>
  series.approver1_id === booker.userId || series.approver2_id === booker.userId;

/**
 * A booking's series, whole (attendees' addresses included): for those who may change it and for
 * its space's approvers; to anyone else 404, as for another company's.
 */
export async function bookingOf(ctx: ServerContext, booker: Booker, ref: string): Promise<BookingSeries> {
  const parsed = parseBookingRef(ref);
  const series = parsed ? await findSeries(ctx.db, booker.tenantId, parsed.seriesId) : undefined;
  if (!series || !(await seesBuilding(ctx.db, booker, series.building_id))) throw notFound();
  if (!mayChange(booker, series) && !isApprover(booker, series)) throw notFound();
  const answer = await seriesAnswer(ctx.db, booker.tenantId, series.id);
  if (parsed?.occurrence && !answer.occurrences.some((o) => o.occurrence === parsed.occurrence)) throw notFound();
  return answer;
}

/** Approves or rejects pending occurrences: only the space's approvers (others: 404). */
export async function decideBooking(
  ctx: ServerContext,
  actor: AuditActor,
  booker: Booker,
  ref: string,
  input: { approved: boolean; comment?: string | null | undefined },
): Promise<{ id: string; changed: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const { series, occurrences, occurrence } = await lockedSeries(trx, booker, ref);
    if (!isApprover(booker, series)) throw notFound();
    const open = targets(occurrences, occurrence, ['PENDING']);
    const status: BookingStatus = input.approved ? 'APPROVED' : 'REJECTED';
    const changed = await setStatus(
      trx,
      open.map((o) => o.id),
      status,
      ['PENDING'],
    );
    const numbers = open.map((o) => o.occurrence);
    await audit(trx, actor, {
      tenantId: booker.tenantId,
      action: input.approved ? 'BOOKING_APPROVED' : 'BOOKING_REJECTED',
      entity: 'spaceBooking',
      entityId: series.id,
      after: { occurrences: numbers, comment: input.comment ?? null },
    });
    await bookingChanged(trx, publicBase(ctx.config), {
      kind: input.approved ? 'APPROVED' : 'REJECTED',
      tenantId: booker.tenantId,
      seriesId: series.id,
      occurrences: numbers,
      comment: input.comment ?? null,
    } satisfies BookingChange);
    return { id: ref, changed };
  });
}

/** Cancels one occurrence or the series' occurrences to come; nothing is deleted. */
export async function cancelBooking(
  ctx: ServerContext,
  actor: AuditActor,
  booker: Booker,
  ref: string,
  comment: string | null,
): Promise<{ id: string; changed: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const { series, occurrences, occurrence } = await lockedSeries(trx, booker, ref);
    if (!mayChange(booker, series)) throw notFound();
    const open = targets(occurrences, occurrence, holding);
    const changed = await setStatus(
      trx,
      open.map((o) => o.id),
      'CANCELLED',
      holding,
    );
    const numbers = open.map((o) => o.occurrence);
    await audit(trx, actor, {
      tenantId: booker.tenantId,
      action: 'BOOKING_CANCELLED',
      entity: 'spaceBooking',
      entityId: series.id,
      after: { occurrences: numbers, comment },
    });
    await bookingChanged(trx, publicBase(ctx.config), {
      kind: 'CANCELLED',
      tenantId: booker.tenantId,
      seriesId: series.id,
      occurrences: numbers,
      comment,
    });
    return { id: ref, changed };
  });
}

const statusFilters: Record<string, readonly BookingStatus[] | undefined> = {
  all: undefined,
  approved: ['APPROVED'],
  pending: ['PENDING'],
  rejected: ['REJECTED'],
  cancelled: ['CANCELLED'],
};

export async function listBookings(
  ctx: ServerContext,
  booker: Booker,
  query: z.infer<typeof bookingListQuerySchema>,
): Promise<{ docs: BookingOccurrence[]; totalDocs: number }> {
  const sortable = query.sort !== undefined && Object.hasOwn(occurrenceSortColumns, query.sort);
  if (query.sort && !sortable) throw new AppError('ERROR_WITH_FILTER', { field: 'sort' });
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && to.getTime() <= from.getTime()) throw new AppError('ERROR_WITH_FILTER', { field: 'to' });
  const limit = query.limit ?? 25;
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await listOccurrences(ctx.db, booker.tenantId, {
    assignedTo: seesWholeCompany(booker.role) ? undefined : booker.userId,
    floorId: query.floorId,
    spaceId: query.spaceId,
    hostId: query.hostId,
    statuses: statusFilters[query.status ?? 'all'],
    from,
    to,
    sort: sortable ? (query.sort as OccurrenceSort) : 'startsAt',
    descending: query.order === -1,
    offset: (page - 1) * limit,
    limit,
  });
  return { docs: rows.map(toOccurrence), totalDocs: total };
}

export async function bookingHealth(
  ctx: ServerContext,
  tenantId: string,
): Promise<{ ok: true; repeats: BookingRepeat[]; occurrencesMax: number; bookingsToCome: number }> {
  return {
    ok: true,
    repeats: [...bookingRepeats],
    occurrencesMax: BOOKING_OCCURRENCES_MAX,
    bookingsToCome: await countToCome(ctx.db, tenantId),
  };
}
