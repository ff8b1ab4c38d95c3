// The notices of a visit under way, each in its recipient's language with the building's logo:
// the start and end reminders to the visitor and the host, and the host's notices of the
// check-in and of an overdue visit. Built from rows the lifecycle claimed; written to the outbox
// in the same transaction. The invitation and the cancellation are invitationMails.ts.
import { type HostChannelMessage, type HostToTell, type Locale, SMS_MAX_LENGTH, clipText } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { visitLinks } from './links.ts';
import {
  type NoticeBuilding,
  type NoticeContext,
  type NoticeHost,
  type NoticeVisit,
  dateTime,
  entryBlocks,
  fullName,
  greeting,
  letter,
  localeOf,
  senderAddresses,
  timeOfDay,
  visitEnd,
  visitorLocale,
  visitorName,
} from './visitLetter.ts';

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
    const params = { building: building.name, date: dateTime(locale, building, visit.scheduledAt) };
    const t = (key: string) => translate(locale, `mail.lifecycle.${key}`, params);
    const entry = await entryBlocks(locale, building, visit, links);
    mails.push(
      letter(building, {
        to: visit.email,
        locale,
        subject: t('startReminder.subject'),
        blocks: [
          greeting(locale, fullName(visit.firstName, visit.lastName)),
          { kind: 'text', text: t('startReminder.text') },
          ...entry.blocks,
          { kind: 'link', text: t('invitation.cancel'), href: links.cancel },
          { kind: 'link', text: t('invitation.reschedule'), href: links.reschedule },
        ],
        ...(entry.qr ? { qr: entry.qr } : {}),
      }),
    );
  }
  if (host?.email) {
    const locale = localeOf(host.locale, building.defaultLocale);
    const params = {
      building: building.name,
      visitor: visitorName(locale, visit),
      date: dateTime(locale, building, visit.scheduledAt),
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
    const params = { building: building.name, time: timeOfDay(locale, building, end) };
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
      time: timeOfDay(locale, building, end),
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

/**
 * The host hears that their visitor checked in (at a kiosk, a phone, the desk, or a kiosk's synced
 * entry), in their language: who, their company and type, where they wait (the building's text,
 * else the reception), and the time on the building's clock; the visitor's photo when the visit
 * has one, so the host knows whom to meet (docs/check-in.md, "The visitor's photo").
 */
export function hostCheckedInMail(
  building: NoticeBuilding,
  visit: NoticeVisit & { checkedInAt: Date },
  host: Pick<HostToTell, 'name' | 'email' | 'locale'>,
  options: { withPhoto?: boolean } = {},
): OutgoingMail {
  const locale = localeOf(host.locale, building.defaultLocale);
  const params = {
    building: building.name,
    visitor: visitorName(locale, visit),
    time: timeOfDay(locale, building, visit.checkedInAt),
    company: visit.companyName ?? '',
  };
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(locale, `mail.lifecycle.hostCheckedIn.${key}`, { ...params, ...extra });
  const place = building.hostNoticeWaitText.trim();
  return letter(building, {
    to: host.email ?? '',
    locale,
    subject: t('subject'),
    blocks: [
      greeting(locale, host.name),
      { kind: 'text', text: t('text') },
      ...(visit.companyName ? [{ kind: 'text' as const, text: t('company') }] : []),
      { kind: 'text', text: t('type', { type: t(`types.${visit.visitorType}`) }) },
      { kind: 'text', text: place === '' ? t('waitDefault') : t('wait', { place }) },
      ...(options.withPhoto ? [{ kind: 'photo' as const, alt: t('photoAlt') }] : []),
    ],
    ...(options.withPhoto ? { photoOf: visit.id } : {}),
  });
}

/**
 * The arrival notice in a chat or by SMS (docs/host-notifications.md): a title, the facts (the
 * visitor, their company, the building, the time) and a short text for an SMS, in the host's
 * language. The provider's body is made from it when it is sent.
 */
export function hostArrivalMessage(
  building: NoticeBuilding,
  visit: NoticeVisit & { checkedInAt: Date },
  host: Pick<HostToTell, 'locale'>,
): HostChannelMessage {
  const locale = localeOf(host.locale, building.defaultLocale);
  const params = {
    building: building.name,
    visitor: visitorName(locale, visit),
    time: timeOfDay(locale, building, visit.checkedInAt),
    company: visit.companyName?.trim() ?? '',
  };
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(locale, `mail.lifecycle.hostCheckedIn.${key}`, { ...params, ...extra });
  const facts = [
    { label: t('chat.visitor'), value: params.visitor },
    ...(params.company === '' ? [] : [{ label: t('chat.company'), value: params.company }]),
    { label: t('chat.building'), value: params.building },
    { label: t('chat.time'), value: params.time },
  ];
  // An SMS keeps to one message: the company goes first when too long, then the names are cut.
  const withCompany = params.company === '' ? null : t('chat.smsWithCompany');
  const sms = withCompany !== null && withCompany.length <= SMS_MAX_LENGTH ? withCompany : t('chat.sms');
  return { title: t('subject'), facts, sms: clipText(sms, SMS_MAX_LENGTH) };
}

/**
 * The host's arrival notice as the outbox queues it: an e-mail, or a chat or SMS message that
 * carries the e-mail to send instead should it fail (to their address, when they have one).
 */
export function hostArrivalNotice(
  building: NoticeBuilding,
  visit: NoticeVisit & { checkedInAt: Date },
  host: HostToTell,
  options: { withPhoto?: boolean } = {},
): OutgoingMail {
  const mail = hostCheckedInMail(building, visit, host, options);
  if (host.channel === 'EMAIL') return mail;
  return {
    ...mail,
    channel: { name: host.channel, to: host.phone, message: hostArrivalMessage(building, visit, host) },
  };
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
      time: timeOfDay(locale, building, end),
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
        { kind: 'text', text: t('checkedIn', { time: timeOfDay(locale, building, visit.checkedInAt) }) },
      ],
    });
  });
}
