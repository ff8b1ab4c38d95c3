// The e-mails of a visit's lifecycle (issue 13), each in its recipient's language with the
// building's logo: the visitor's invitation (QR code, .ics, cancel / postpone / reschedule
// links) and its updated version when the visit moves, the cancellation to the visitor and the
// host, the start and end reminders to the visitor and the host, and the host's notices of
// the check-in and of an overdue visit. Built from rows the lifecycle jobs claimed; written to
// the outbox in the same transaction.
import { type Locale, durationToMinutes } from '@vestibule/shared';
import { isLocale, translate } from '@vestibule/shared/i18n';
import type { MailAttachment, OutgoingMail } from '../mail/mail.repo.ts';
import { type Block, LOGO_CID, QR_CID, htmlBody, textBody } from './html.ts';
import { type VisitLinks, visitLinks } from './links.ts';
import { calendarContentType, visitCalendar } from './visitCalendar.ts';
import { visitQrPng } from './visitQr.ts';

export interface NoticeBuilding {
  id: string;
  tenantId: string;
  name: string;
  qrCodeKey: string;
  /** One line (street, city, ...), or null. */
  address: string | null;
  timeZoneId: string;
  /** The building's sender addresses (one or several, separated by commas or semicolons). */
  senderEmail: string;
  defaultLocale: string;
  /** A logo that mail clients show (PNG, JPEG or GIF; a BMP is left out). */
  hasLogo: boolean;
}

export interface NoticeVisit {
  id: string;
  publicIdentifier: string;
  identifier: string;
  pin: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
  locale: string;
  scheduledAt: Date | null;
  scheduledDuration: string | null;
  checkedInAt: Date | null;
  /** The version of the visit's calendar event (its .ics SEQUENCE), raised by each change of time or length. */
  invitationSequence: number;
  /** Whether the visitor received an invitation before (this one then replaces it). */
  invitationSentBefore: boolean;
  /** The host's name as the entry log shows it (the directory's employee, else the typed name). */
  hostName: string | null;
}

export interface NoticeHost {
  name: string;
  email: string | null;
  locale: string;
}

/** Where the links of the e-mails start (PUBLIC_URL). */
export interface NoticeContext {
  base: string;
}

const localeOf = (value: string | null | undefined, fallback: string): Locale =>
  isLocale(value) ? value : isLocale(fallback) ? fallback : 'en';

/** The language of the visitor: the visit's, else the building's. */
export const visitorLocale = (building: NoticeBuilding, visit: NoticeVisit): Locale =>
  localeOf(visit.locale, building.defaultLocale);

export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name === '' ? null : name;
}

/** The first of the building's sender addresses: the replies go there. */
function replyToOf(building: NoticeBuilding): string | null {
  return senderAddresses(building)[0] ?? null;
}

export function senderAddresses(building: NoticeBuilding): string[] {
  return building.senderEmail
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address.includes('@'));
}

/** A moment in the building's time zone (UTC for a zone this runtime does not know: a message is still sent). */
function formatIn(locale: Locale, timeZone: string, options: Intl.DateTimeFormatOptions, instant: Date): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone, timeZoneName: 'short' });
  } catch {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC', timeZoneName: 'short' });
  }
  return format.format(instant);
}

const dateTime = (locale: Locale, timeZone: string, instant: Date) =>
  formatIn(
    locale,
    timeZone,
    { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' },
    instant,
  );

const timeOfDay = (locale: Locale, timeZone: string, instant: Date) =>
  formatIn(locale, timeZone, { hour: '2-digit', minute: '2-digit' }, instant);

function durationWords(locale: Locale, duration: string | null): string | null {
  const minutes = duration ? durationToMinutes(duration) : undefined;
  if (minutes === undefined || minutes === 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const key = hours === 0 ? 'minutes' : rest === 0 ? 'hours' : 'both';
  return translate(locale, `mail.lifecycle.duration.${key}`, { hours, minutes: rest });
}

/** When the visit is expected to end: from its check-in (or schedule) plus its duration. */
export function visitEnd(visit: NoticeVisit): Date | null {
  const start = visit.checkedInAt ?? visit.scheduledAt;
  const minutes = visit.scheduledDuration ? durationToMinutes(visit.scheduledDuration) : undefined;
  return start && minutes !== undefined ? new Date(start.getTime() + minutes * 60_000) : null;
}

interface Letter {
  to: string;
  locale: Locale;
  subject: string;
  blocks: Block[];
  /** The QR code's PNG when a block shows it. */
  qr?: Buffer;
  calendar?: { text: string; cancelled: boolean };
}

function letter(building: NoticeBuilding, mail: Letter): OutgoingMail {
  const t = (key: string) => translate(mail.locale, `mail.lifecycle.${key}`, { building: building.name });
  const body = {
    locale: mail.locale,
    title: mail.subject,
    logoAlt: building.hasLogo ? t('logoAlt') : null,
    blocks: mail.blocks,
    footer: t('footer'),
  };
  const attachments: MailAttachment[] = [];
  if (building.hasLogo) {
    attachments.push({ fileName: 'logo', contentType: 'image/png', contentId: LOGO_CID, buildingLogoOf: building.id });
  }
  if (mail.qr)
    attachments.push({ fileName: 'visit-qr.png', contentType: 'image/png', contentId: QR_CID, content: mail.qr });
  if (mail.calendar) {
    attachments.push({
      fileName: 'visit.ics',
      contentType: calendarContentType(mail.calendar.cancelled),
      content: Buffer.from(mail.calendar.text, 'utf8'),
    });
  }
  return {
    tenantId: building.tenantId,
    to: mail.to,
    locale: mail.locale,
    subject: mail.subject,
    text: textBody(body),
    html: htmlBody(body),
    replyTo: replyToOf(building),
    attachments,
  };
}

const greeting = (locale: Locale, name: string | null): Block => ({
  kind: 'text',
  text: name
    ? translate(locale, 'mail.lifecycle.greeting', { name })
    : translate(locale, 'mail.lifecycle.greetingNoName'),
});

function visitorName(locale: Locale, visit: NoticeVisit): string {
  return fullName(visit.firstName, visit.lastName) ?? translate(locale, 'mail.lifecycle.someone');
}

/** The QR code and the check-in link, the visit code and PIN for typing at the kiosk. */
async function doorBlocks(locale: Locale, building: NoticeBuilding, visit: NoticeVisit, links: VisitLinks) {
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(locale, `mail.lifecycle.invitation.${key}`, { building: building.name, ...params });
  const blocks: Block[] = [
    { kind: 'text', text: t('qr') },
    { kind: 'qr', alt: t('qrAlt') },
    { kind: 'link', text: links.checkIn, href: links.checkIn },
    { kind: 'text', text: t('code', { identifier: visit.identifier, pin: visit.pin }) },
  ];
  return { blocks, qr: await visitQrPng(links.checkIn) };
}

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
  const date = visit.scheduledAt ? dateTime(locale, building.timeZoneId, visit.scheduledAt) : '';
  const params = { building: building.name, date, host: hostName ?? '' };
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(locale, `mail.lifecycle.invitation.${key}`, { ...params, ...extra });
  const duration = durationWords(locale, visit.scheduledDuration);
  const door = await doorBlocks(locale, building, visit, links);
  const blocks: Block[] = [greeting(locale, fullName(visit.firstName, visit.lastName))];
  if (visit.invitationSentBefore) blocks.push({ kind: 'text', text: t('updated') });
  if (visit.scheduledAt) blocks.push({ kind: 'text', text: hostName ? t('invited') : t('expected') });
  if (duration) blocks.push({ kind: 'text', text: t('length', { duration }) });
  if (building.address) blocks.push({ kind: 'text', text: t('address', { address: building.address }) });
  blocks.push(...door.blocks);
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
    qr: door.qr,
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
    const date = visit.scheduledAt ? dateTime(locale, building.timeZoneId, visit.scheduledAt) : '';
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
      date: visit.scheduledAt ? dateTime(locale, building.timeZoneId, visit.scheduledAt) : '',
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

/** The start reminder: to the visitor (with the QR code and the cancel and reschedule links) and to the host. */
export async function startReminderMails(
  context: NoticeContext,
  building: NoticeBuilding,
  visit: NoticeVisit & { scheduledAt: Date },
  host: NoticeHost | null,
): Promise<OutgoingMail[]> {
  const mails: OutgoingMail[] = [];
  if (visit.email) {
    const locale = visitorLocale(building, visit);
    const links = visitLinks(context.base, building.qrCodeKey, visit.publicIdentifier);
    const params = { building: building.name, date: dateTime(locale, building.timeZoneId, visit.scheduledAt) };
    const t = (key: string) => translate(locale, `mail.lifecycle.${key}`, params);
    const door = await doorBlocks(locale, building, visit, links);
    mails.push(
      letter(building, {
        to: visit.email,
        locale,
        subject: t('startReminder.subject'),
        blocks: [
          greeting(locale, fullName(visit.firstName, visit.lastName)),
          { kind: 'text', text: t('startReminder.text') },
          ...door.blocks,
          { kind: 'link', text: t('invitation.cancel'), href: links.cancel },
          { kind: 'link', text: t('invitation.reschedule'), href: links.reschedule },
        ],
        qr: door.qr,
      }),
    );
  }
  if (host?.email) {
    const locale = localeOf(host.locale, building.defaultLocale);
    const params = {
      building: building.name,
      visitor: visitorName(locale, visit),
      date: dateTime(locale, building.timeZoneId, visit.scheduledAt),
    };
    const t = (key: string) => translate(locale, `mail.lifecycle.startReminder.${key}`, params);
    mails.push(
      letter(building, {
        to: host.email,
        locale,
        subject: t('hostSubject'),
        blocks: [greeting(locale, host.name), { kind: 'text', text: t('hostText') }],
      }),
    );
  }
  return mails;
}

/** The end reminder: to the visitor (extend the visit, or check out) and to the host. */
export function endReminderMails(
  context: NoticeContext,
  building: NoticeBuilding,
  visit: NoticeVisit,
  host: NoticeHost | null,
): OutgoingMail[] {
  const end = visitEnd(visit);
  if (!end) return [];
  const mails: OutgoingMail[] = [];
  if (visit.email) {
    const locale = visitorLocale(building, visit);
    const links = visitLinks(context.base, building.qrCodeKey, visit.publicIdentifier);
    const params = { building: building.name, time: timeOfDay(locale, building.timeZoneId, end) };
    const t = (key: string) => translate(locale, `mail.lifecycle.${key}`, params);
    mails.push(
      letter(building, {
        to: visit.email,
        locale,
        subject: t('endReminder.subject'),
        blocks: [
          greeting(locale, fullName(visit.firstName, visit.lastName)),
          { kind: 'text', text: t('endReminder.text') },
          { kind: 'link', text: t('invitation.postpone'), href: links.postpone },
          { kind: 'link', text: t('endReminder.checkOut'), href: links.checkOut },
        ],
      }),
    );
  }
  if (host?.email) {
    const locale = localeOf(host.locale, building.defaultLocale);
    const params = {
      building: building.name,
      visitor: visitorName(locale, visit),
      time: timeOfDay(locale, building.timeZoneId, end),
    };
    const t = (key: string) => translate(locale, `mail.lifecycle.endReminder.${key}`, params);
    mails.push(
      letter(building, {
        to: host.email,
        locale,
        subject: t('hostSubject'),
        blocks: [greeting(locale, host.name), { kind: 'text', text: t('hostText') }],
      }),
    );
  }
  return mails;
}

/** The host hears that their visitor checked in (at a kiosk, a phone, the desk, or a kiosk's synced entry). */
export function hostCheckedInMail(
  building: NoticeBuilding,
  visit: NoticeVisit & { checkedInAt: Date },
  host: NoticeHost & { email: string },
): OutgoingMail {
  const locale = localeOf(host.locale, building.defaultLocale);
  const params = {
    building: building.name,
    visitor: visitorName(locale, visit),
    time: timeOfDay(locale, building.timeZoneId, visit.checkedInAt),
    company: visit.companyName ?? '',
  };
  const t = (key: string) => translate(locale, `mail.lifecycle.hostCheckedIn.${key}`, params);
  return letter(building, {
    to: host.email,
    locale,
    subject: t('subject'),
    blocks: [
      greeting(locale, host.name),
      { kind: 'text', text: t('text') },
      ...(visit.companyName ? [{ kind: 'text' as const, text: t('company') }] : []),
    ],
  });
}

/**
 * The overdue alert: the visitor is still in past the alert time after the expected end. To the
 * host; a visit without a host with an address alerts the building's sender addresses (the desk).
 */
export function overdueAlertMails(
  building: NoticeBuilding,
  visit: NoticeVisit & { checkedInAt: Date },
  host: NoticeHost | null,
): OutgoingMail[] {
  const end = visitEnd(visit);
  if (!end) return [];
  const recipients: { to: string; name: string | null; locale: Locale }[] = host?.email
    ? [{ to: host.email, name: host.name, locale: localeOf(host.locale, building.defaultLocale) }]
    : senderAddresses(building).map((to) => ({ to, name: null, locale: localeOf(null, building.defaultLocale) }));
  return recipients.map(({ to, name, locale }) => {
    const params = {
      building: building.name,
      visitor: visitorName(locale, visit),
      time: timeOfDay(locale, building.timeZoneId, end),
    };
    const t = (key: string, extra: Record<string, string> = {}) =>
      translate(locale, `mail.lifecycle.hostOverdue.${key}`, { ...params, ...extra });
    return letter(building, {
      to,
      locale,
      subject: t('subject'),
      blocks: [
        greeting(locale, name),
        { kind: 'text', text: t('text') },
        { kind: 'text', text: t('checkedIn', { time: timeOfDay(locale, building.timeZoneId, visit.checkedInAt) }) },
      ],
    });
  });
}
