import type { Role } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { toolbarFor, type MenuEntry } from './menu.ts';

/** One line per toolbar entry: a group lists its items, a link its target. */
function describeEntries(entries: MenuEntry[]): string[] {
  return entries.map((entry) => {
    switch (entry.kind) {
      case 'group':
        return `${entry.id}: ${entry.items.map((item) => item.id).join(', ')}`;
      case 'link':
        return `${entry.id} -> ${entry.to}`;
      case 'external':
        return `${entry.id} -> ${entry.href}`;
      case 'control':
        return `[${entry.id}]`;
    }
  });
}

const help = 'help -> https://github.com/vestibule-app/vestibule/wiki';
const spaces = 'spaces: spaceCalendar, spaceMap, myBookings';
const reports = 'reports: buildingReports, visitReports, absenceReports';
const evacuation = 'evacuation -> /evacuation';

const expected: Record<Role, { tone: string; entries: string[] }> = {
  ROLE_ADMIN: {
    tone: 'admin',
    entries: [
      'entryLog -> /check-in-out',
      evacuation,
      reports,
      'profile -> /profile',
      'admin: tenants, users, people, buildings, cities, floors, questionnaires, privacy, watchlist, integrations, tests, logs',
      '[tenant]',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ],
  },
  ROLE_MASTER: {
    tone: 'standard',
    entries: [
      'entryLog -> /check-in-out',
      evacuation,
      spaces,
      reports,
      'profile -> /profile',
      'admin: users, people, buildings, cities, floors, questionnaires, privacy, watchlist, integrations',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ],
  },
  ROLE_SUPERVISOR: {
    tone: 'standard',
    entries: [
      'entryLog -> /check-in-out',
      evacuation,
      spaces,
      reports,
      'profile -> /profile',
      'admin: users, people, buildings, cities, floors',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ],
  },
  ROLE_USER: {
    tone: 'standard',
    entries: [
      'entryLog -> /check-in-out',
      evacuation,
      spaces,
      'profile -> /profile',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ],
  },
  ROLE_SPACE: {
    tone: 'standard',
    entries: [evacuation, spaces, 'profile -> /profile', '[theme]', '[logout]', '[language]', help],
  },
  ROLE_TECH_1: {
    tone: 'tech',
    entries: [
      spaces,
      'profile -> /profile',
      'admin: tenants, users',
      '[tenant]',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ],
  },
  ROLE_TECH_2: {
    tone: 'tech',
    entries: [
      spaces,
      'profile -> /profile',
      'admin: tenants, users',
      '[tenant]',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ],
  },
};

describe('toolbarFor', () => {
  it.each(Object.keys(expected) as Role[])('%s sees exactly its items', (role) => {
    const model = toolbarFor(role, true);
    expect({ tone: model.tone, entries: describeEntries(model.entries) }).toEqual(expected[role]);
  });

  it('shows only About, sign up and login (with theme and language) to visitors who are not signed in', () => {
    const model = toolbarFor(null, false);
    expect(describeEntries(model.entries)).toEqual([
      'about -> https://github.com/vestibule-app/vestibule/wiki',
      'signUp -> /signup',
      'logIn -> /login',
      '[theme]',
      '[language]',
    ]);
  });

  it('uses the most privileged of several joined roles', () => {
    expect(toolbarFor('ROLE_USER,ROLE_ADMIN', true).tone).toBe('admin');
  });

  it('gives a user whose roles cannot be determined no entry log, reports or admin menu', () => {
    expect(describeEntries(toolbarFor('', true).entries)).toEqual([
      spaces,
      'profile -> /profile',
      '[theme]',
      '[logout]',
      '[language]',
      help,
    ]);
  });
});
