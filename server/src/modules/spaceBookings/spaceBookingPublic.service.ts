import {
  type BookingApprovalSummary,
  type BookingExport,
  type BookingPeople,
  type Locale,
  PUBLIC_BOOKING_DAYS_MAX,
  type PublicFloorBookings,
  bookingOccurrenceRef,
  googleCalendarLink,
  newBuildingSettings,
  nextDay,
  parseBookingRef,
  zonedInstant,
} from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { buildingOf } from '../lifecycle/lifecycle.service.ts';
import { publicBase } from '../notifications/links.ts';
import { dateTime, localeOf, timeOfDay } from '../notifications/visitLetter.ts';
import { bookingPdf } from './bookingPdf.ts';
import {
  type SeriesMailRow,
  floorForPublic,
  seriesForMail,
  seriesIdByExportKey,
  takenSlotsOfFloor,
  usersForMail,
} from './bookingMails.repo.ts';
import { type Recipient, bookingCalendar, bookingChanged, userRecipient } from './spaceBookings.notify.ts';
import { hostNameOf } from './spaceBookings.dto.ts';
import { type OccurrenceRow, listAttendees, listOccurrencesOfSeries } from './spaceBookings.repo.ts';

// The public booking calls (docs/space-booking.md, "Public calls"): no sign-in. A floor's taken
// slots (no titles, no names), a booking's approval summary by its identifier (unguessable), and
// its export by its export key (the secret its e-mails carry).

const DAY_MS = 86_400_000;
const holding = new Set(['PENDING', 'APPROVED']);

/** A floor's taken slots over days of its building's clock, `startDate` to `endDate` included. */
export async function publicFloorBookings(
  ctx: ServerContext,
  params: { floorId: string; startDate: string; endDate: string },
): Promise<PublicFloorBookings> {
  const days = (Date.parse(params.endDate) - Date.parse(params.startDate)) / DAY_MS;
  if (!(days >= 0 && days < PUBLIC_BOOKING_DAYS_MAX)) throw new AppError('ERROR_WITH_FILTER');
  const floor = await floorForPublic(ctx.db, params.floorId);
  if (!floor) throw notFound();
  const timeZone = floor.time_zone || newBuildingSettings().timeZoneId;
  const rows = await takenSlotsOfFloor(
    ctx.db,
    floor.id,
    zonedInstant(params.startDate, '00:00', timeZone),
    zonedInstant(nextDay(params.endDate), '00:00', timeZone),
  );
  return {
    timeZone,
    bookings: rows
      .filter((row): row is typeof row & { space_id: string } => row.space_id !== null)
      .map((row) => ({
        spaceId: row.space_id,
        startsAt: row.starts_at.toISOString(),
        endsAt: row.ends_at.toISOString(),
        status: row.status === 'PENDING' ? 'PENDING' : 'APPROVED',
      })),
  };
}

const timesOf = (seriesId: string, occurrence: OccurrenceRow) => ({
  id: bookingOccurrenceRef(seriesId, occurrence.occurrence),
  startsAt: new Date(occurrence.starts_at).toISOString(),
  endsAt: new Date(occurrence.ends_at).toISOString(),
  status: occurrence.status,
});

async function seriesWithHost(ctx: ServerContext, seriesId: string) {
  const series = await seriesForMail(ctx.db, seriesId);
  if (!series) throw notFound();
  const [host] = series.host_id ? await usersForMail(ctx.db, [series.host_id]) : [];
  return { series, host: host ?? null, hostName: hostNameOf(series) };
}

const zoneOfSeries = (series: SeriesMailRow) => buildingOf(series).timeZoneId;

/** A booking's summary for its approval page: its occurrences to come (or the one named). */
export async function approvalSummary(
  ctx: ServerContext,
  id: string,
  now = new Date(),
): Promise<BookingApprovalSummary> {
  const ref = parseBookingRef(id);
  if (!ref) throw notFound();
  const { series, hostName } = await seriesWithHost(ctx, ref.seriesId);
  const occurrences = (await listOccurrencesOfSeries(ctx.db, series.id)).filter(
    (occurrence) =>
      holding.has(occurrence.status) &&
      new Date(occurrence.ends_at).getTime() > now.getTime() &&
      (ref.occurrence === null || occurrence.occurrence === ref.occurrence),
  );
  const attendees = await listAttendees(ctx.db, series.id);
  return {
    id: series.id,
    title: series.title,
    space: series.space_name,
    floor: series.floor_name,
    building: series.building_name,
    timeZone: zoneOfSeries(series),
    host: hostName,
    attendeesCount: attendees.length,
    occurrences: occurrences.map((occurrence) => timesOf(series.id, occurrence)),
  };
}

async function seriesByKey(ctx: ServerContext, key: string) {
  const seriesId = await seriesIdByExportKey(ctx.db, key);
  if (!seriesId) throw notFound();
  return seriesWithHost(ctx, seriesId);
}

/** The occurrences still held (pending or approved), or all of them when none is. */
async function heldOccurrences(ctx: ServerContext, seriesId: string) {
  const all = await listOccurrencesOfSeries(ctx.db, seriesId);
  const held = all.filter((occurrence) => holding.has(occurrence.status));
  return held.length > 0 ? held : all;
}

/** A booking's export page by its export key. */
export async function bookingExport(ctx: ServerContext, key: string, now = new Date()): Promise<BookingExport> {
  const { series, hostName } = await seriesByKey(ctx, key);
  const occurrences = await heldOccurrences(ctx, series.id);
  const next =
    occurrences.find((occurrence) => new Date(occurrence.ends_at).getTime() > now.getTime()) ?? occurrences[0];
  const building = buildingOf(series);
  const location = `${series.space_name}, ${series.floor_name}, ${series.building_name}`;
  return {
    title: series.title,
    description: series.description,
    space: series.space_name,
    floor: series.floor_name,
    building: series.building_name,
    address: building.address,
    timeZone: building.timeZoneId,
    host: hostName,
    occurrences: occurrences.map((occurrence) => timesOf(series.id, occurrence)),
    googleLink: googleCalendarLink({
      title: series.title,
      startsAt: new Date(next?.starts_at ?? now),
      endsAt: new Date(next?.ends_at ?? now),
      details: series.description,
      location,
    }),
    icsPath: `/service/public/spacebooking/export/${encodeURIComponent(key)}/event.ics`,
    pdfPath: `/service/public/spacebooking/export/${encodeURIComponent(key)}/booking.pdf`,
  };
}

/** The calendar file of a booking's occurrences still held, by its export key. */
export async function bookingExportIcs(ctx: ServerContext, key: string): Promise<string> {
  const { series, host } = await seriesByKey(ctx, key);
  const building = buildingOf(series);
  const occurrences = (await heldOccurrences(ctx, series.id)).map((occurrence) => ({
    ...occurrence,
    starts_at: new Date(occurrence.starts_at),
    ends_at: new Date(occurrence.ends_at),
  }));
  const attendees: Recipient[] = (await listAttendees(ctx.db, series.id)).map((attendee) => ({
    email: attendee.email,
    name: `${attendee.first_name} ${attendee.last_name}`.trim() || null,
    locale: localeOf(null, building.defaultLocale),
  }));
  const organizer = host ? userRecipient(host, building) : null;
  const cancelled = occurrences.every((occurrence) => !holding.has(occurrence.status));
  return bookingCalendar(series, occurrences, series.ics_sequence, organizer, attendees, cancelled);
}

/** How many occurrences the printed page lists; the others are counted. */
const PRINTED_OCCURRENCES = 10;

/**
 * A booking's one-page PDF by its export key, in the language asked for (else its building's):
 * the occurrences still held, where, who, and the QR code of its export page.
 */
export async function bookingExportPdf(
  ctx: ServerContext,
  key: string,
  asked: Locale | undefined,
  now = new Date(),
): Promise<Buffer> {
  const { series, hostName } = await seriesByKey(ctx, key);
  const building = buildingOf(series);
  const locale = asked ?? localeOf(null, building.defaultLocale);
  const t = (name: string, params: Record<string, string | number> = {}) =>
    translate(locale, `booking.export.${name}`, params);
  const held = await heldOccurrences(ctx, series.id);
  const toCome = held.filter((occurrence) => new Date(occurrence.ends_at).getTime() > now.getTime());
  const shown = (toCome.length > 0 ? toCome : held).slice(0, PRINTED_OCCURRENCES);
  const rest = (toCome.length > 0 ? toCome : held).length - shown.length;
  const attendees = await listAttendees(ctx.db, series.id);
  const link = `${publicBase(ctx.config)}/spacebooking/export/${encodeURIComponent(key)}`;
  return bookingPdf({
    title: series.title,
    headings: { when: t('when'), where: t('where'), people: t('people') },
    when: shown.map(
      (occurrence) =>
        `${dateTime(locale, building, new Date(occurrence.starts_at))} – ${timeOfDay(locale, building, new Date(occurrence.ends_at))}`,
    ),
    more: rest > 0 ? t('more', { count: rest }) : null,
    where: [
      `${series.space_name}, ${series.floor_name}`,
      series.building_name,
      ...(building.address ? [building.address] : []),
    ],
    host: hostName ? t('host', { host: hostName }) : null,
    attendees: attendees.map((attendee) => `${attendee.first_name} ${attendee.last_name}`.trim()),
    description: series.description,
    online: t('online', { link }),
    link,
  });
}

/** A booking's host and attendees by its export key: names and roles, no addresses. */
export async function bookingPeople(ctx: ServerContext, key: string): Promise<BookingPeople> {
  const { series, hostName } = await seriesByKey(ctx, key);
  const attendees = await listAttendees(ctx.db, series.id);
  return {
    host: hostName,
    attendees: attendees.map((attendee) => ({
      firstName: attendee.first_name,
      lastName: attendee.last_name,
      role: attendee.role,
    })),
  };
}

/** E-mails a booking's occurrences to come to its host and attendees again; answers how many e-mails. */
export async function emailBookingAgain(ctx: ServerContext, key: string, now = new Date()): Promise<{ sent: number }> {
  const { series } = await seriesByKey(ctx, key);
  const seriesId = series.id;
  const toCome = (await listOccurrencesOfSeries(ctx.db, seriesId)).filter(
    (occurrence) => occurrence.status === 'APPROVED' && new Date(occurrence.ends_at).getTime() > now.getTime(),
  );
  if (toCome.length === 0) return { sent: 0 };
  const sent = await ctx.db.transaction().execute((trx) =>
    bookingChanged(trx, publicBase(ctx.config), {
      kind: 'RESENT',
      tenantId: series.tenant_id,
      seriesId,
      occurrences: toCome.map((occurrence) => occurrence.occurrence),
      comment: null,
    }),
  );
  return { sent };
}
