// The visitor's invitation (QR code, .ics, cancel / postpone / reschedule links), its updated
// version when the visit moves, and the cancellation to the visitor and the host. The calendar
// event keeps the visit's UID, so each later file replaces the one the visitor's calendar holds.
import { type Locale, durationToMinutes } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import type { Block } from './html.ts';
import { type VisitLinks, visitLinks } from './links.ts';
import { visitCalendar } from './visitCalendar.ts';
import {
  type NoticeBuilding,
  type NoticeContext,
  type NoticeHost,
  type NoticeVisit,
  dateTime,
  entryBlocks,
  durationWords,
  fullName,
  greeting,
  letter,
  localeOf,
  visitorLocale,
  visitorName,
} from './visitLetter.ts';

/** The visitor's invitation: when and where, the QR code, the calendar file and the three links. */
export async function invitationMail(
  context: NoticeContext,
  building: NoticeBuilding,
  visit: NoticeVisit & { email: string },
  host: NoticeHost | null,
): Promise<OutgoingMail> {
  const locale = visitorLocale(building, visit);
  const links = visitLinks(context.base, building.qrCodeKey, visit.publicIdentifier);
  const hostName = host?.name ?? visit.hostName;
  const date = visit.scheduledAt ? dateTime(locale, building, visit.scheduledAt) : '';
  const params = { building: building.name, date, host: hostName ?? '' };
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(locale, `mail.lifecycle.invitation.${key}`, { ...params, ...extra });
  const duration = durationWords(locale, visit.scheduledDuration);
  const entry = await entryBlocks(locale, building, visit, links);
  const blocks: Block[] = [greeting(locale, fullName(visit.firstName, visit.lastName))];
  if (visit.invitationSentBefore) blocks.push({ kind: 'text', text: t('updated') });
  if (visit.scheduledAt) blocks.push({ kind: 'text', text: hostName ? t('invited') : t('expected') });
  if (duration) blocks.push({ kind: 'text', text: t('length', { duration }) });
  if (building.address) blocks.push({ kind: 'text', text: t('address', { address: building.address }) });
  blocks.push(...entry.blocks);
  if (visit.scheduledAt) blocks.push({ kind: 'text', text: t('calendar') });
  blocks.push(
    { kind: 'link', text: t('cancel'), href: links.cancel },
    { kind: 'link', text: t('reschedule'), href: links.reschedule },
    { kind: 'link', text: t('postpone'), href: links.postpone },
    { kind: 'text', text: t('closing') },
  );
  const calendar = visit.scheduledAt
    ? calendarOf(locale, building, { ...visit, scheduledAt: visit.scheduledAt }, host, links, false)
    : undefined;
  const subject = !visit.scheduledAt ? 'subjectUndated' : visit.invitationSentBefore ? 'subjectUpdated' : 'subject';
  return letter(building, {
    to: visit.email,
    locale,
    subject: t(subject),
    blocks,
    ...(entry.qr ? { qr: entry.qr } : {}),
    ...(calendar ? { calendar: { text: calendar, cancelled: false } } : {}),
  });
}

/**
 * The visit's calendar event: its UID the visit's, its SEQUENCE the visit's invitation sequence,
 * so each later file (an updated invitation, a cancellation) replaces the one the calendar holds.
 * The description carries the check-in and cancel links while the visit stands.
 */
function calendarOf(
  locale: Locale,
  building: NoticeBuilding,
  visit: NoticeVisit & { scheduledAt: Date },
  host: NoticeHost | null,
  links: VisitLinks,
  cancelled: boolean,
): string {
  const c = (key: string, extra: Record<string, string>) =>
    translate(locale, `mail.lifecycle.calendar.${key}`, { building: building.name, ...extra });
  const hostName = host?.name ?? visit.hostName;
  return visitCalendar({
    visitId: visit.id,
    start: visit.scheduledAt,
    minutes: visit.scheduledDuration ? durationToMinutes(visit.scheduledDuration) : undefined,
    title: c('title', {}),
    description: [
      ...(hostName ? [c('host', { host: hostName })] : []),
      ...(cancelled ? [] : [c('checkIn', { link: links.checkIn }), c('cancel', { link: links.cancel })]),
    ].join('\n'),
    location: building.address ? `${building.name}, ${building.address}` : building.name,
    url: links.checkIn,
    organizer: host?.email ? { name: host.name, email: host.email } : null,
    sequence: visit.invitationSequence,
    cancelled,
  });
}

/**
 * A cancelled visit whose invitation the visitor received: the visitor is told, with a calendar
 * file that withdraws the event (METHOD:CANCEL, the same UID, a higher SEQUENCE), and so is the
 * host. Each in their own language.
 */
export function cancellationMails(
  context: NoticeContext,
  building: NoticeBuilding,
  visit: NoticeVisit,
  host: NoticeHost | null,
): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  const dated = visit.scheduledAt !== null;
  if (visit.email) {
    const locale = visitorLocale(building, visit);
    const links = visitLinks(context.base, building.qrCodeKey, visit.publicIdentifier);
    const date = visit.scheduledAt ? dateTime(locale, building, visit.scheduledAt) : '';
    const t = (key: string) =>
      translate(locale, `mail.lifecycle.cancellation.${key}`, { building: building.name, date });
    const calendar = visit.scheduledAt
      ? calendarOf(locale, building, { ...visit, scheduledAt: visit.scheduledAt }, host, links, true)
      : undefined;
    const blocks: Block[] = [
      greeting(locale, fullName(visit.firstName, visit.lastName)),
      { kind: 'text', text: t(dated ? 'text' : 'textUndated') },
      { kind: 'text', text: t('code') },
    ];
    if (calendar) blocks.push({ kind: 'text', text: t('calendar') });
    mails.push(
      letter(building, {
        to: visit.email,
        locale,
        subject: t(dated ? 'subject' : 'subjectUndated'),
        blocks,
        ...(calendar ? { calendar: { text: calendar, cancelled: true } } : {}),
      }),
    );
  }
  if (host?.email) {
    const locale = localeOf(host.locale, building.defaultLocale);
    const params = {
      building: building.name,
      visitor: visitorName(locale, visit),
      date: visit.scheduledAt ? dateTime(locale, building, visit.scheduledAt) : '',
    };
    const t = (key: string) => translate(locale, `mail.lifecycle.cancellation.${key}`, params);
    mails.push(
      letter(building, {
        to: host.email,
        locale,
        subject: t(dated ? 'hostSubject' : 'hostSubjectUndated'),
        blocks: [greeting(locale, host.name), { kind: 'text', text: t(dated ? 'hostText' : 'hostTextUndated') }],
      }),
    );
  }
  return mails;
}
