// The host of a visit (docs/glossary.md, "host"): a person of the building's directory who can
// host, or a user of the company who sees the building. How one is found as a visitor types, and
// the one rule that decides whether a host is told of an arrival (docs/visits.md, "Who is told").
// Pure: the server, the kiosk (its cached directory, offline) and the wizard apply the same rules.
import { HOST_NOTICE_MAX_AGE_MINUTES } from './lifecycle.ts';
import { normalisedPhoneNumber } from './phoneNumbers.ts';

/**
 * How a host hears of an arrival (their profile or person record): by e-mail, in the company's
 * Slack or Microsoft Teams channel, by SMS to their mobile number, or not at all
 * (docs/host-notifications.md).
 */
export const hostNoticeChoices = ['EMAIL', 'SLACK', 'TEAMS', 'SMS', 'NONE'] as const;
export type HostNotice = (typeof hostNoticeChoices)[number];

/** A search answers at most this many hosts: a name narrows it, nobody scrolls a directory at a door. */
export const HOST_SEARCH_LIMIT = 10;

/** The directory's person types who can host: employees and residents. */
export const hostPersonTypes = ['EMPLOYEE', 'RESIDENT'] as const;

/**
 * A host as a search answers it: the link (a person or a user, never both), the names and the
 * department; never an e-mail or a phone.
 */
export interface HostOption {
  personId: string | null;
  userId: string | null;
  firstName: string;
  lastName: string;
  department: string | null;
}

/** The link a check-in or an invitation carries beside the host's name. */
export interface HostLink {
  hostPersonId: string | null;
  hostUserId: string | null;
}

/** The host's name as shown and stored on the visit (`visits.host`). */
export function hostName(host: { firstName: string | null; lastName: string | null }): string {
  return [host.firstName, host.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

/** What a search compares: lower case, spaces collapsed (the server's `lower(...) like 'term%'`). */
export function hostSearchTerm(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether the first or last name, or "first last", starts with the typed text. */
export function hostMatches(host: Pick<HostOption, 'firstName' | 'lastName'>, text: string): boolean {
  const term = hostSearchTerm(text);
  if (term === '') return false;
  const first = host.firstName.toLowerCase();
  const last = host.lastName.toLowerCase();
  return first.startsWith(term) || last.startsWith(term) || `${first} ${last}`.startsWith(term);
}

const byName = (a: HostOption, b: HostOption) =>
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName) ||
  (a.personId ?? a.userId ?? '').localeCompare(b.personId ?? b.userId ?? '');

/** The kiosk's search of its cached hosts: the matches by last then first name, at most `limit`. */
export function searchHosts(hosts: readonly HostOption[], text: string, limit = HOST_SEARCH_LIMIT): HostOption[] {
  if (hostSearchTerm(text) === '') return [];
  return hosts
    .filter((host) => hostMatches(host, text))
    .sort(byName)
    .slice(0, limit);
}

/** The link of a host option, as a request carries it. */
export function linkOf(host: Pick<HostOption, 'personId' | 'userId'> | null): HostLink {
  return { hostPersonId: host?.personId ?? null, hostUserId: host?.personId ? null : (host?.userId ?? null) };
}

/** The host a visit names, as the notice reads it: their record, whichever kind it is. */
export interface HostRecord {
  name: string;
  email: string | null;
  /** Their language (a person's `locale`, a user's `userLocale`); another value reads as the building's. */
  locale: string | null;
  hostNotice: HostNotice;
  /** Their mobile number (SMS). */
  phone?: string | null;
  /** A person deactivated, or a user blocked: no longer written to. */
  inactive: boolean;
}

/** A channel a host is told by. */
export type HostChannel = Exclude<HostNotice, 'NONE'>;

/**
 * The arrival notice's recipient: who is told, by which channel, in which language. `email` is
 * where an e-mail goes (the channel's own, or the fallback of a chat or SMS that failed: null for
 * none); `phone` is the SMS's number, in its international form.
 */
export interface HostToTell {
  name: string;
  channel: HostChannel;
  email: string | null;
  phone: string | null;
  locale: string | null;
}

/**
 * Who is told of an arrival, and how: the visit's linked host (a person of the directory or a
 * user), while active, by the channel they chose. E-mail needs an address; SMS a valid mobile
 * number (without one, their e-mail); Slack and Teams need nothing of theirs (the company's
 * channel). A host only typed as a name has no record and is told nothing; nor is a host who
 * chose none.
 */
export function hostToTell(host: HostRecord | null): HostToTell | null {
  if (!host || host.inactive || host.hostNotice === 'NONE') return null;
  const trimmed = host.email?.trim() ?? '';
  const email = trimmed.includes('@') ? trimmed : null;
  const phone = host.phone ? normalisedPhoneNumber(host.phone) : null;
  const channel: HostChannel = host.hostNotice === 'SMS' && phone === null ? 'EMAIL' : host.hostNotice;
  if (channel === 'EMAIL' && email === null) return null;
  return { name: host.name, channel, email, phone: channel === 'SMS' ? phone : null, locale: host.locale };
}

/**
 * Whether a check-in is still news to its host: checked in (let in), at most
 * HOST_NOTICE_MAX_AGE_MINUTES ago and not in the future. A kiosk's offline check-in is told when
 * it syncs, within that age; an older one is not told late. The lifecycle's claim is this rule in SQL.
 */
export function arrivalIsNews(checkedInAt: Date | null, now: Date): boolean {
  if (!checkedInAt) return false;
  const age = now.getTime() - checkedInAt.getTime();
  return age >= 0 && age <= HOST_NOTICE_MAX_AGE_MINUTES * 60_000;
}

/** The one rule of the arrival notice: a check-in that is news, told to its host as `hostToTell` says. */
export function arrivalNoticeTo(
  visit: { checkedInAt: Date | null },
  host: HostRecord | null,
  now: Date,
): HostToTell | null {
  return arrivalIsNews(visit.checkedInAt, now) ? hostToTell(host) : null;
}
