import { describe, expect, it } from 'vitest';
import {
  type HostOption,
  type HostRecord,
  HOST_SEARCH_LIMIT,
  arrivalIsNews,
  arrivalNoticeTo,
  hostMatches,
  hostName,
  hostToTell,
  linkOf,
  searchHosts,
} from './hosts.ts';
import { HOST_NOTICE_MAX_AGE_MINUTES } from './lifecycle.ts';

const person = (firstName: string, lastName: string, department: string | null = null): HostOption => ({
  personId: `p-${firstName}-${lastName}`,
  userId: null,
  firstName,
  lastName,
  department,
});
const user = (firstName: string, lastName: string): HostOption => ({
  personId: null,
  userId: `u-${firstName}-${lastName}`,
  firstName,
  lastName,
  department: null,
});

describe('finding a host as one types', () => {
  it('matches the first name, the last name or "first last" from their first letters, in any case', () => {
    const ada = person('Ada', 'Lovelace');
    for (const text of ['a', 'AD', 'ada', 'lov', 'LOVELACE', 'ada l', '  Ada   Lo  '])
      expect(hostMatches(ada, text)).toBe(true);
    for (const text of ['', '   ', 'da', 'lace', 'ada x', 'lovelace ada', '%'])
      expect(hostMatches(ada, text)).toBe(false);
  });

  it('answers people and users together by last then first name, at most the limit, and nobody for no text', () => {
    const hosts = [user('Hal', 'Adair'), person('Adam', 'Smith'), person('Ada', 'Lovelace', 'Engineering')];
    expect(searchHosts(hosts, 'ada').map(hostName)).toEqual(['Hal Adair', 'Ada Lovelace', 'Adam Smith']);
    expect(searchHosts(hosts, '')).toEqual([]);
    const many = Array.from({ length: 30 }, (_, index) => person('Sam', `Samson ${String(index).padStart(2, '0')}`));
    expect(searchHosts(many, 'sam')).toHaveLength(HOST_SEARCH_LIMIT);
    expect(searchHosts(many, 'sam', 3).map((host) => host.lastName)).toEqual(['Samson 00', 'Samson 01', 'Samson 02']);
  });

  it('names a host by first and last name, either alone when the other is blank', () => {
    expect(hostName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(hostName({ firstName: ' ', lastName: 'Lovelace ' })).toBe('Lovelace');
    expect(hostName({ firstName: null, lastName: null })).toBe('');
  });

  it('links a person or a user, never both, and nobody for no choice', () => {
    expect(linkOf(person('Ada', 'Lovelace'))).toEqual({ hostPersonId: 'p-Ada-Lovelace', hostUserId: null });
    expect(linkOf(user('Hal', 'Adair'))).toEqual({ hostPersonId: null, hostUserId: 'u-Hal-Adair' });
    expect(linkOf(null)).toEqual({ hostPersonId: null, hostUserId: null });
  });
});

describe('who is told of an arrival', () => {
  const host: HostRecord = {
    name: 'Ada Lovelace',
    email: ' ada@example.test ',
    locale: 'fr',
    hostNotice: 'EMAIL',
    inactive: false,
  };
  const now = new Date('2026-06-15T14:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('tells the linked host by e-mail, in their language', () => {
    expect(hostToTell(host)).toEqual({
      name: 'Ada Lovelace',
      channel: 'EMAIL',
      email: 'ada@example.test',
      phone: null,
      locale: 'fr',
    });
  });

  it('tells by the channel chosen: a chat needs no address of theirs, an SMS a valid number, else their e-mail', () => {
    expect(hostToTell({ ...host, hostNotice: 'SLACK', email: null })).toMatchObject({ channel: 'SLACK', email: null });
    expect(hostToTell({ ...host, hostNotice: 'TEAMS' })).toMatchObject({ channel: 'TEAMS', email: 'ada@example.test' });
    expect(hostToTell({ ...host, hostNotice: 'SMS', phone: '+33 6 12 34 56 78' })).toMatchObject({
      channel: 'SMS',
      phone: '+33612345678',
      email: 'ada@example.test',
    });
    expect(hostToTell({ ...host, hostNotice: 'SMS', phone: '0612' })).toMatchObject({ channel: 'EMAIL', phone: null });
    expect(hostToTell({ ...host, hostNotice: 'SMS', phone: null, email: null })).toBeNull();
  });

  it('tells nobody for a host only typed, one who chose none, one deactivated or blocked, or one without an address', () => {
    expect(hostToTell(null)).toBeNull();
    expect(hostToTell({ ...host, hostNotice: 'NONE' })).toBeNull();
    expect(hostToTell({ ...host, inactive: true })).toBeNull();
    expect(hostToTell({ ...host, email: null })).toBeNull();
    expect(hostToTell({ ...host, email: '  ' })).toBeNull();
    expect(hostToTell({ ...host, email: 'not an address' })).toBeNull();
  });

  it('tells of a check-in while it is news: let in, not in the future, at most the notice age old (a kiosk synced later too)', () => {
    expect(arrivalIsNews(null, now)).toBe(false);
    expect(arrivalIsNews(minutesAgo(0), now)).toBe(true);
    expect(arrivalIsNews(minutesAgo(HOST_NOTICE_MAX_AGE_MINUTES), now)).toBe(true);
    expect(arrivalIsNews(minutesAgo(HOST_NOTICE_MAX_AGE_MINUTES + 1), now)).toBe(false);
    expect(arrivalIsNews(minutesAgo(-1), now)).toBe(false);
    expect(arrivalNoticeTo({ checkedInAt: minutesAgo(90) }, host, now)).toEqual(hostToTell(host));
    expect(arrivalNoticeTo({ checkedInAt: minutesAgo(90) }, { ...host, hostNotice: 'NONE' }, now)).toBeNull();
    expect(arrivalNoticeTo({ checkedInAt: null }, host, now)).toBeNull();
  });
});
