import { HELP_URL, hasAnyRole, isTech, type Role } from '@vestibule/shared';
import type { MessageKey } from '../locale/index.ts';
import { paths } from '../routing/index.ts';

// The toolbar and the mobile sidebar, per role (docs/roles.md). Pure: the
// components only render what this module decides.

export interface MenuLink {
  kind: 'link';
  id: string;
  to: string;
  labelKey: MessageKey;
}

export interface MenuExternalLink {
  kind: 'external';
  id: 'about' | 'help';
  href: string;
  labelKey: MessageKey;
}

export interface MenuGroup {
  kind: 'group';
  id: 'spaces' | 'reports' | 'admin';
  labelKey: MessageKey;
  items: MenuLink[];
}

/** Controls that are not navigation: tenant selector, theme switch, logout, language menu. */
export interface MenuControl {
  kind: 'control';
  id: 'tenant' | 'theme' | 'logout' | 'language';
}

export type MenuEntry = MenuLink | MenuExternalLink | MenuGroup | MenuControl;

/** The toolbar colour: admin, technical users and the others differ; guests share the others'. */
export type ToolbarTone = 'admin' | 'tech' | 'standard';

export interface ToolbarModel {
  tone: ToolbarTone;
  entries: MenuEntry[];
}

const link = (id: string, to: string, labelKey: MessageKey): MenuLink => ({ kind: 'link', id, to, labelKey });
const control = (id: MenuControl['id']): MenuControl => ({ kind: 'control', id });

const adminItems = {
  tenants: link('tenants', paths.tenants, 'shell.menu.tenants'),
  users: link('users', paths.users, 'shell.menu.users'),
  people: link('people', paths.people, 'shell.menu.people'),
  buildings: link('buildings', paths.buildings, 'shell.menu.buildings'),
  cities: link('cities', paths.cities, 'shell.menu.cities'),
  floors: link('floors', paths.floors, 'shell.menu.floors'),
  questionnaires: link('questionnaires', paths.questionnaires, 'shell.menu.questionnaires'),
  privacy: link('privacy', paths.privacy, 'shell.menu.privacy'),
  watchlist: link('watchlist', paths.watchlist, 'shell.menu.watchlist'),
  integrations: link('integrations', paths.integrations, 'shell.menu.integrations'),
  tests: link('tests', paths.tests, 'shell.menu.tests'),
  logs: link('logs', paths.logs, 'shell.menu.logs'),
};

/** The role that decides the menus when a user holds several: the most privileged one. */
export function primaryRole(roleString: string | null | undefined): Role | undefined {
  if (!roleString) return undefined;
  const order: Role[] = [
    'ROLE_ADMIN',
    'ROLE_TECH_1',
    'ROLE_TECH_2',
    'ROLE_MASTER',
    'ROLE_SUPERVISOR',
    'ROLE_USER',
    'ROLE_SPACE',
  ];
  return order.find((role) => hasAnyRole(roleString, [role]));
}

function adminMenuFor(role: Role): MenuLink[] {
  const {
    tenants,
    users,
    people,
    buildings,
    cities,
    floors,
    questionnaires,
    privacy,
    watchlist,
    integrations,
    tests,
    logs,
  } = adminItems;
  switch (role) {
    case 'ROLE_ADMIN':
      return [
        tenants,
        users,
        people,
        buildings,
        cities,
        floors,
        questionnaires,
        privacy,
        watchlist,
        integrations,
        tests,
        logs,
      ];
    case 'ROLE_MASTER':
      return [users, people, buildings, cities, floors, questionnaires, privacy, watchlist, integrations];
    case 'ROLE_SUPERVISOR':
      return [users, people, buildings, cities, floors];
    case 'ROLE_TECH_1':
    case 'ROLE_TECH_2':
      return [tenants, users];
    case 'ROLE_USER':
    case 'ROLE_SPACE':
      return [];
  }
}

const help: MenuExternalLink = { kind: 'external', id: 'help', href: HELP_URL, labelKey: 'shell.menu.help' };
const about: MenuExternalLink = { kind: 'external', id: 'about', href: HELP_URL, labelKey: 'shell.menu.about' };

/**
 * The toolbar for a joined role string, or for a visitor who is not signed in (null).
 * A signed-in user whose roles cannot be determined gets the items every user has.
 */
export function toolbarFor(roleString: string | null | undefined, signedIn: boolean): ToolbarModel {
  if (!signedIn) {
    return {
      tone: 'standard',
      entries: [
        about,
        link('signUp', paths.signUp, 'shell.menu.signUp'),
        link('logIn', paths.login, 'shell.menu.logIn'),
        control('theme'),
        control('language'),
      ],
    };
  }
  const role = primaryRole(roleString);
  const admin = role === 'ROLE_ADMIN';
  const tech = isTech(role);
  const entries: MenuEntry[] = [];
  if (role !== undefined && !tech && role !== 'ROLE_SPACE') {
    entries.push(link('entryLog', paths.checkInOut, 'shell.menu.entryLog'));
  }
  // Everyone who works a building's door, space users included.
  if (role !== undefined && !tech) entries.push(link('evacuation', paths.evacuation, 'shell.menu.evacuation'));
  if (!admin) {
    entries.push({
      kind: 'group',
      id: 'spaces',
      labelKey: 'shell.menu.spaces',
      items: [
        link('spaceCalendar', paths.spaceCalendar, 'shell.menu.spaceCalendar'),
        link('spaceMap', paths.spaceMap, 'shell.menu.spaceMap'),
        link('myBookings', paths.booking, 'shell.menu.myBookings'),
      ],
    });
  }
  if (role === 'ROLE_ADMIN' || role === 'ROLE_MASTER' || role === 'ROLE_SUPERVISOR') {
    entries.push({
      kind: 'group',
      id: 'reports',
      labelKey: 'shell.menu.reports',
      items: [
        link('buildingReports', paths.buildingReports, 'shell.menu.buildingReports'),
        link('visitReports', paths.visitReports, 'shell.menu.visitReports'),
        link('absenceReports', paths.absenceReports, 'shell.menu.absenceReports'),
      ],
    });
  }
  entries.push(link('profile', paths.profile, 'shell.menu.profile'));
  const adminMenu = role === undefined ? [] : adminMenuFor(role);
  if (adminMenu.length > 0) {
    entries.push({ kind: 'group', id: 'admin', labelKey: 'shell.menu.admin', items: adminMenu });
  }
  if (admin || tech) entries.push(control('tenant'));
  entries.push(control('theme'), control('logout'), control('language'), help);
  return { tone: admin ? 'admin' : tech ? 'tech' : 'standard', entries };
}

/** A menu item is current on its own path and the paths below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
