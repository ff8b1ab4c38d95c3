import { type Locale, googleCalendarLink, uuidv7 } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import { type EventAttributes, createEvents } from 'ics';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { buildingOf } from '../lifecycle/lifecycle.service.ts';
import { type OutgoingMail, enqueueMail } from '../mail/mail.repo.ts';
import type { Block } from '../notifications/html.ts';
import { type NoticeBuilding, dateTime, greeting, letter, localeOf } from '../notifications/visitLetter.ts';
import {
  type SeriesMailRow,
  type UserMailRow,
  occurrencesForMail,
  raiseIcsSequence,
  seriesForMail,
  usersForMail,
} from './bookingMails.repo.ts';
import { keepEntryInvitations } from './bookingInvitations.ts';
import { listAttendees } from './spaceBookings.repo.ts';

// The booking e-mails (docs/space-booking.md, "E-mails and calendars"), written to the outbox in
// the transaction of the change that causes them, so they are kept or lost with it:
// - a booking waiting for approval: its space's approvers get the approval link, its host is told;
// - an approved booking (made, changed, approved): its host and attendees get the event, with a
//   calendar file (.ics, scheduling ICS) or an "Add to Google Calendar" link (GOOGLE);
// - a rejection, a cancellation, a release: its host and attendees are told (a cancellation's
//   calendar file removes the event). A calendar's UID is the occurrence's, its SEQUENCE the
//   series' (raised by every change), so calendars update the event they have.

export interface BookingChange {
  /** RELEASED: cancelled by the release job, nobody having checked in (docs/space-booking.md). */
  /** RESENT: the event sent again on request (the export page), unchanged. */
  kind: 'CREATED' | 'CHANGED' | 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'RELEASED' | 'RESENT';
  tenantId: string;
  seriesId: string;
  /** The occurrence numbers the change touched. */
  occurrences: readonly number[];
  comment: string | null;
}

export interface Recipient {
  email: string;
  name: string | null;
  locale: Locale;
}

interface Occurrence {
  occurrence: number;
  starts_at: Date;
  ends_at: Date;
  status: string;
}

const nameOf = (user: Pick<UserMailRow, 'first_name' | 'last_name' | 'username'>) =>
  `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username;

export function userRecipient(user: UserMailRow, building: NoticeBuilding): Recipient | null {
  if (!user.email) return null;
  return { email: user.email, name: nameOf(user), locale: localeOf(user.user_locale, building.defaultLocale) };
}

/** Each address once (a host may be an attendee too), the first naming kept. */
function distinct(recipients: readonly (Recipient | null)[]): Recipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient): recipient is Recipient => {
    if (recipient === null) return false;
    const key = recipient.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The calendar file of occurrences: one event each, updating or removing what calendars hold. */
export function bookingCalendar(
  series: SeriesMailRow,
  occurrences: readonly Occurrence[],
  sequence: number,
  organizer: Recipient | null,
  attendees: readonly Recipient[],
  cancelled: boolean,
): string {
  const location = `${series.space_name}, ${series.floor_name}, ${series.building_name}`;
  const events: EventAttributes[] = occurrences.map((occurrence) => ({
    uid: `${series.id}-${occurrence.occurrence}@vestibule`,
    sequence,
    start: occurrence.starts_at.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: occurrence.ends_at.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: series.title,
    ...(series.description ? { description: series.description } : {}),
    location,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    ...(organizer ? { organizer: { name: organizer.name ?? organizer.email, email: organizer.email } } : {}),
    attendees: attendees.map((attendee) => ({
      name: attendee.name ?? attendee.email,
      email: attendee.email,
      rsvp: false,
      role: 'REQ-PARTICIPANT' as const,
    })),
  }));
  const { error, value } = createEvents(events, {
    productId: 'Vestibule//space booking',
    method: cancelled ? 'CANCEL' : organizer ? 'REQUEST' : 'PUBLISH',
  });
  // The calendar hand-over failed: the change is refused with it (SPACEBOOKING_FAIL_ADD_EVENT).
  if (error || !value) throw new AppError('SPACEBOOKING_FAIL_ADD_EVENT');
  return value;
}

/**
 * Tells the people of a change, in the caller's transaction: keeps the external attendees' entry
 * invitations in step with the occurrences, and writes the e-mails to the outbox; answers how
 * many. `base` starts the links (the approval page).
 */
export async function bookingChanged(db: Db, base: string, change: BookingChange): Promise<number> {
  const series = await seriesForMail(db, change.seriesId);
  if (!series) return 0;
  await keepEntryInvitations(db, series);
  const occurrences = await occurrencesForMail(db, series.id, change.occurrences);
  const first = occurrences[0];
  const last = occurrences.at(-1);
  if (!first || !last) return 0;
  const building = buildingOf(series);
  const approverIds = [series.approver1_id, series.approver2_id].filter((id): id is string => id !== null);
  const users = await usersForMail(db, [...(series.host_id ? [series.host_id] : []), ...approverIds]);
  const hostUser = users.find((user) => user.id === series.host_id) ?? null;
  const host = hostUser ? userRecipient(hostUser, building) : null;
  const attendees = (await listAttendees(db, series.id)).map((attendee): Recipient => ({
    email: attendee.email,
    name: `${attendee.first_name} ${attendee.last_name}`.trim() || null,
    locale: localeOf(null, building.defaultLocale),
  }));
  const people = distinct([host, ...attendees]);

  /** The words of a mail to `to`, in their language, about these occurrences. */
  const words = (to: Recipient) => {
    const params = {
      title: series.title,
      space: series.space_name,
      floor: series.floor_name,
      building: series.building_name,
      host: hostUser ? nameOf(hostUser) : translate(to.locale, 'mail.booking.someone'),
      date: dateTime(to.locale, building, first.starts_at),
      last: dateTime(to.locale, building, last.starts_at),
      count: occurrences.length - 1,
      description: series.description ?? '',
      comment: change.comment ?? '',
    };
    const t = (key: string) => translate(to.locale, `mail.booking.${key}`, params);
    const details: Block[] = [
      ...(occurrences.length > 1
        ? [{ kind: 'text' as const, text: t(occurrences.length === 2 ? 'more_one' : 'more_other') }]
        : []),
      ...(series.description ? [{ kind: 'text' as const, text: t('description') }] : []),
      ...(change.comment ? [{ kind: 'text' as const, text: t('comment') }] : []),
    ];
    return { t, details };
  };

  const mails: OutgoingMail[] = [];
  const tell = (to: Recipient, subject: string, text: string, extra: Block[] = [], calendar?: string) => {
    const { t, details } = words(to);
    mails.push(
      letter(building, {
        to: to.email,
        locale: to.locale,
        subject: t(subject),
        blocks: [greeting(to.locale, to.name), { kind: 'text', text: t(text) }, ...details, ...extra],
        ...(calendar
          ? {
              calendar: {
                text: calendar,
                cancelled: change.kind === 'CANCELLED' || change.kind === 'RELEASED',
                fileName: 'booking.ics',
              },
            }
          : {}),
      }),
    );
  };

  /** The event to its people: with its calendar file or Google link, as the series schedules it. */
  const sendEvent = (sequence: number, subject: string, opening: (to: Recipient) => string, note?: string) => {
    const calendar =
      series.scheduling === 'ICS' ? bookingCalendar(series, occurrences, sequence, host, attendees, false) : undefined;
    for (const to of people) {
      const { t } = words(to);
      const extra: Block[] = [];
      if (note) extra.unshift({ kind: 'text', text: t(note) });
      if (calendar) extra.push({ kind: 'text', text: t('calendar') });
      if (series.scheduling === 'GOOGLE')
        extra.push({
          kind: 'link',
          text: t('google'),
          href: googleCalendarLink({
            title: series.title,
            startsAt: first.starts_at,
            endsAt: first.ends_at,
            details: series.description,
            location: `${series.space_name}, ${series.floor_name}, ${series.building_name}`,
          }),
        });
      tell(to, subject, opening(to), extra, calendar);
    }
  };
  const opening = (to: Recipient) => (host !== null && to.email === host.email ? 'booked' : 'invited');

  const waiting = occurrences.some((occurrence) => occurrence.status === 'PENDING');
  switch (change.kind) {
    case 'CREATED':
    case 'CHANGED': {
      if (waiting) {
        // The approvers decide first; the attendees hear of it once it is approved.
        const approvalLink = `${base}/spacebooking/approval/${series.id}`;
        for (const approver of users.filter((user) => approverIds.includes(user.id))) {
          const to = userRecipient(approver, building);
          if (to)
            tell(to, 'subjectApproval', 'approval', [
              { kind: 'link', text: words(to).t('approvalLink'), href: approvalLink },
            ]);
        }
        if (host && change.kind === 'CREATED') tell(host, 'subjectPending', 'pending');
        break;
      }
      const sequence = series.ics_sequence;
      if (change.kind === 'CREATED') sendEvent(sequence, 'subject', opening);
      else sendEvent(sequence, 'subjectUpdated', opening, 'updated');
      break;
    }
    case 'RESENT':
      sendEvent(series.ics_sequence, 'subject', opening);
      break;
    case 'APPROVED':
      sendEvent(await raiseIcsSequence(db, series.id), 'subjectApproved', () => 'approved');
      break;
    case 'REJECTED':
      for (const to of people) tell(to, 'subjectRejected', 'rejected');
      break;
    case 'CANCELLED':
    case 'RELEASED': {
      const sequence = await raiseIcsSequence(db, series.id);
      // A series scheduled with calendar files gets one that removes its events (a calendar that
      // never held them, the booking having waited for approval, ignores it).
      const calendar =
        series.scheduling === 'ICS' ? bookingCalendar(series, occurrences, sequence, host, attendees, true) : undefined;
      const released = change.kind === 'RELEASED';
      for (const to of people) {
        const extra: Block[] = calendar ? [{ kind: 'text', text: words(to).t('calendarCancel') }] : [];
        tell(
          to,
          released ? 'subjectReleased' : 'subjectCancelled',
          released ? 'released' : 'cancelled',
          extra,
          calendar,
        );
      }
      break;
    }
  }
  const about = hostUser ? { entity: 'user' as const, id: hostUser.id } : null;
  for (const mail of mails) await enqueueMail(db, uuidv7(), { ...mail, about });
  return mails.length;
}
