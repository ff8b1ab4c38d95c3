// What every e-mail of a visit is made of: the building, the visit and the host as a notice sees
// them, the recipient's language, dates and times on the building's clock in its date and time
// formats, and the letter itself (HTML and text, the building's logo when it adds it, the visit's
// QR code when it adds it, its phone for questions, a calendar file) with the building's first
// sender address to reply to.
import { type DateTimeFormats, type Locale, durationToMinutes, formatInZone } from '@vestibule/shared';
import { isLocale, translate } from '@vestibule/shared/i18n';
import type { MailAttachment, OutgoingMail } from '../mail/mail.repo.ts';
import { type Block, LOGO_CID, PHOTO_CID, QR_CID, htmlBody, textBody } from './html.ts';
import type { VisitLinks } from './links.ts';
import { calendarContentType } from './visitCalendar.ts';
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
  /** A logo the building adds to its e-mails (`appendLogo`) that mail clients show (PNG, JPEG or GIF; a BMP is left out). */
  hasLogo: boolean;
  /** Where a visitor waits for their host (the host's arrival notice); empty: at the reception. */
  hostNoticeWaitText: string;
  /** Whether the visitor's invitations and start reminders carry the visit's QR code (`appendQrCode`). */
  appendQrCode: boolean;
  /** The phone number visitors may call with a question (`senderPhone`), or empty. */
  senderPhone: string;
  /** How the building writes dates and times (its `dateFormat` and `timeFormat`). */
  formats: DateTimeFormats;
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
  visitorType: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT';
  locale: string;
  scheduledAt: Date | null;
  scheduledDuration: string | null;
  checkedInAt: Date | null;
  /** The version of the visit's calendar event (its .ics SEQUENCE), raised by each change of time or length. */
  invitationSequence: number;
  /** Whether the visitor received an invitation before (this one then replaces it). */
  invitationSentBefore: boolean;
  /** The host's name as the entry log shows it (the linked person's or user's, else the typed name). */
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

export const localeOf = (value: string | null | undefined, fallback: string): Locale =>
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

/** The zone the building's clock reads: UTC for a zone this runtime does not know (a message is still sent). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** A part of a moment as the language writes it on the building's clock (its weekday, its zone's name). */
function partIn(
  locale: Locale,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  type: Intl.DateTimeFormatPartTypes,
  instant: Date,
) {
  const parts = new Intl.DateTimeFormat(locale, { ...options, timeZone: knownZone(timeZone) }).formatToParts(instant);
  return parts.find((part) => part.type === type)?.value ?? '';
}

/** What a building's clock reads a moment by: its zone and its date and time formats. */
export type BuildingClock = Pick<NoticeBuilding, 'timeZoneId' | 'formats'>;

/** "Tuesday 2026-06-16 09:30 EDT": the weekday in words, the date and time in the building's formats, its zone. */
export function dateTime(locale: Locale, building: BuildingClock, instant: Date): string {
  const zone = knownZone(building.timeZoneId);
  const weekday = partIn(locale, zone, { weekday: 'long' }, 'weekday', instant);
  const date = formatInZone(instant, building.formats.dateFormat, zone, locale);
  return `${weekday} ${date} ${timeOfDay(locale, building, instant)}`;
}

/** "09:30 EDT": the time in the building's time format, with its zone. */
export function timeOfDay(locale: Locale, building: BuildingClock, instant: Date): string {
  const zone = knownZone(building.timeZoneId);
  const time = formatInZone(instant, building.formats.timeFormat, zone, locale);
  return `${time} ${partIn(locale, zone, { timeZoneName: 'short' }, 'timeZoneName', instant)}`;
}

export function durationWords(locale: Locale, duration: string | null): string | null {
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
  /** The visit whose photo a block shows (read when the message is sent, never copied). */
  photoOf?: string;
  /** A calendar file, named `fileName` (visit.ics unless told). */
  calendar?: { text: string; cancelled: boolean; fileName?: string };
}

export function letter(building: NoticeBuilding, mail: Letter): OutgoingMail {
  const t = (key: string) => translate(mail.locale, `mail.lifecycle.${key}`, { building: building.name });
  const phone = building.senderPhone.trim();
  const body = {
    locale: mail.locale,
    title: mail.subject,
    logoAlt: building.hasLogo ? t('logoAlt') : null,
    blocks: phone
      ? [
          ...mail.blocks,
          { kind: 'text' as const, text: translate(mail.locale, 'mail.lifecycle.contactPhone', { phone }) },
        ]
      : mail.blocks,
    footer: t('footer'),
  };
  const attachments: MailAttachment[] = [];
  if (building.hasLogo) {
    attachments.push({ fileName: 'logo', contentType: 'image/png', contentId: LOGO_CID, buildingLogoOf: building.id });
  }
  if (mail.qr)
    attachments.push({ fileName: 'visit-qr.png', contentType: 'image/png', contentId: QR_CID, content: mail.qr });
  if (mail.photoOf) {
    attachments.push({
      fileName: 'visitor-photo.jpg',
      contentType: 'image/jpeg',
      contentId: PHOTO_CID,
      visitPhotoOf: mail.photoOf,
    });
  }
  if (mail.calendar) {
    attachments.push({
      fileName: mail.calendar.fileName ?? 'visit.ics',
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

export const greeting = (locale: Locale, name: string | null): Block => ({
  kind: 'text',
  text: name
    ? translate(locale, 'mail.lifecycle.greeting', { name })
    : translate(locale, 'mail.lifecycle.greetingNoName'),
});

export function visitorName(locale: Locale, visit: NoticeVisit): string {
  return fullName(visit.firstName, visit.lastName) ?? translate(locale, 'mail.lifecycle.someone');
}

/**
 * The check-in link with the visit's QR code when the building adds it (`appendQrCode`), and the
 * visit code and PIN for typing at the kiosk.
 */
export async function entryBlocks(
  locale: Locale,
  building: NoticeBuilding,
  visit: NoticeVisit,
  links: VisitLinks,
): Promise<{ blocks: Block[]; qr?: Buffer }> {
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(locale, `mail.lifecycle.invitation.${key}`, { building: building.name, ...params });
  const link: Block = { kind: 'link', text: links.checkIn, href: links.checkIn };
  const code: Block = { kind: 'text', text: t('code', { identifier: visit.identifier, pin: visit.pin }) };
  if (!building.appendQrCode) return { blocks: [{ kind: 'text', text: t('linkOnly') }, link, code] };
  const blocks: Block[] = [{ kind: 'text', text: t('qr') }, { kind: 'qr', alt: t('qrAlt') }, link, code];
  return { blocks, qr: await visitQrPng(links.checkIn) };
}
