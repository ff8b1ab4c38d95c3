// The watchlist's alert (docs/watchlist.md, "Alerts"): a check-in that matched the company's
// watchlist is told to the building's security contacts, in the building's language, written to
// the outbox in the transaction of the visit. It says who (the name, the company if given), when
// on the building's clock, what happened (held or refused) and the kind of entry matched, with a
// link to the entry log; never the entry's reason (administrators only) nor the visitor's e-mail
// or phone.
import { type BuildingSettings, type WatchlistKind, knownFormats } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { type Block, htmlBody, textBody } from './html.ts';
import { dateTime, fullName, localeOf } from './visitLetter.ts';

/** The building's security contacts: its `securityContacts` addresses (commas or semicolons between them). */
export function securityContacts(settings: Pick<BuildingSettings, 'securityContacts'>): string[] {
  return (settings.securityContacts ?? '')
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address.includes('@'));
}

export interface WatchlistAlert {
  building: { tenantId: string; name: string };
  settings: Pick<
    BuildingSettings,
    'securityContacts' | 'defaultLocale' | 'timeZoneId' | 'dateFormat' | 'timeFormat' | 'senderEmail'
  >;
  visitor: { firstName: string | null; lastName: string | null; companyName: string | null };
  /** Held at the door until staff decide, or refused. */
  outcome: 'HELD' | 'REFUSED';
  /** How the entry matched the visitor (never its value or its reason). */
  kind: WatchlistKind;
  /** A kiosk's entry made offline and synced later: the visitor may already be inside. */
  queued: boolean;
  at: Date;
  /** The admin app's entry log (/check-in-out). */
  entryLogUrl: string;
}

/** One e-mail to every security contact of the building, or undefined when it names none. */
export function watchlistAlertMail(alert: WatchlistAlert): OutgoingMail | undefined {
  const to = securityContacts(alert.settings);
  if (to.length === 0) return undefined;
  const { building, settings, visitor } = alert;
  const locale = localeOf(null, settings.defaultLocale);
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(locale, `mail.watchlistAlert.${key}`, params);
  const name = fullName(visitor.firstName, visitor.lastName) ?? t('someone');
  const clock = { timeZoneId: settings.timeZoneId, formats: knownFormats(settings) };
  const params = {
    visitor: name,
    building: building.name,
    time: dateTime(locale, clock, alert.at),
    kind: t(`kinds.${alert.kind}`),
  };
  const company = visitor.companyName?.trim();
  const blocks: Block[] = [
    { kind: 'text', text: t('matched', params) },
    ...(company ? [{ kind: 'text' as const, text: t('company', { company }) }] : []),
    { kind: 'text', text: t(alert.outcome === 'HELD' ? 'held' : 'refused') },
    ...(alert.queued ? [{ kind: 'text' as const, text: t('queued') }] : []),
    { kind: 'link', text: t('entryLog'), href: alert.entryLogUrl },
  ];
  const subject = t(alert.outcome === 'HELD' ? 'subjectHeld' : 'subjectRefused', params);
  const body = { locale, title: subject, logoAlt: null, blocks, footer: t('footer', params) };
  return {
    tenantId: building.tenantId,
    to: to.join(', '),
    locale,
    subject,
    text: textBody(body),
    html: htmlBody(body),
    replyTo: settings.senderEmail.split(/[,;]/)[0]?.trim() || null,
  };
}
