// The seeded demo accounts and what each one sees by its role (docs/roles.md, "Screens and
// areas"). This is the oracle of the menu scenarios: written from the roles' rights, not from
// the app's own menu code.
import type { Role } from '@vestibule/shared';

export const DEMO_PASSWORD = 'Vestibule1!';
export const DEMO_TENANT = 'Demo Corp';
export const OTHER_TENANT = 'Northwind';

/**
 * Demo HQ's hosts the scenarios choose at its doors (the seed's directory: server
 * src/db/seed/demoPeople.ts), by their name and the first letters a visitor types.
 */
export const demoHosts = {
  /** Facilities Manager, Operations; the pass holder `npm start` prints. */
  elena: { name: 'Elena Ortiz', typed: 'Ort', department: 'Operations', email: 'elena.ortiz@demo-corp.example' },
  /** Engineering Manager, Engineering. */
  priya: { name: 'Priya Raman', typed: 'Pri', department: 'Engineering', email: 'priya.raman@demo-corp.example' },
} as const;

/** Keys under `shell.menu` in the catalogues. */
export type MenuKey =
  | 'entryLog'
  | 'evacuation'
  | 'spaces'
  | 'reports'
  | 'profile'
  | 'admin'
  | 'tenants'
  | 'users'
  | 'people'
  | 'buildings'
  | 'cities'
  | 'floors'
  | 'questionnaires'
  | 'privacy'
  | 'watchlist'
  | 'integrations'
  | 'tests'
  | 'logs';

export interface DemoUser {
  username: string;
  role: Role;
  /** Where the user lands after signing in without a stored redirect. */
  home: string;
  adminMenu: readonly MenuKey[];
  entryLog: boolean;
  /** The evacuation list: everyone who works a building's door. */
  evacuation: boolean;
  spacesMenu: boolean;
  reportsMenu: boolean;
  tenantSelector: boolean;
}

function demoUser(username: string, role: Role, adminMenu: readonly MenuKey[]): DemoUser {
  const tech = role.startsWith('ROLE_TECH');
  const supervisorOrAbove = role === 'ROLE_ADMIN' || role === 'ROLE_MASTER' || role === 'ROLE_SUPERVISOR';
  return {
    username,
    role,
    home: tech ? '/admin/users' : '/check-in-out',
    adminMenu,
    entryLog: !tech && role !== 'ROLE_SPACE',
    evacuation: !tech,
    spacesMenu: role !== 'ROLE_ADMIN',
    reportsMenu: supervisorOrAbove,
    tenantSelector: role === 'ROLE_ADMIN' || tech,
  };
}

export const demoUsers = {
  admin: demoUser('admin', 'ROLE_ADMIN', [
    'tenants',
    'users',
    'people',
    'buildings',
    'cities',
    'floors',
    'questionnaires',
    'privacy',
    'watchlist',
    'integrations',
    'tests',
    'logs',
  ]),
  master: demoUser('master', 'ROLE_MASTER', [
    'users',
    'people',
    'buildings',
    'cities',
    'floors',
    'questionnaires',
    'privacy',
    'watchlist',
    'integrations',
  ]),
  supervisor: demoUser('supervisor', 'ROLE_SUPERVISOR', ['users', 'people', 'buildings', 'cities', 'floors']),
  user: demoUser('user', 'ROLE_USER', []),
  space: demoUser('space', 'ROLE_SPACE', []),
  tech1: demoUser('tech1', 'ROLE_TECH_1', ['tenants', 'users']),
  tech2: demoUser('tech2', 'ROLE_TECH_2', ['tenants', 'users']),
} as const satisfies Record<string, DemoUser>;

/** The entries of the toolbar's main navigation, in the order the toolbar shows them. */
export function expectedNavigation(user: DemoUser): MenuKey[] {
  const entries: MenuKey[] = [];
  if (user.entryLog) entries.push('entryLog');
  if (user.evacuation) entries.push('evacuation');
  if (user.spacesMenu) entries.push('spaces');
  if (user.reportsMenu) entries.push('reports');
  entries.push('profile');
  if (user.adminMenu.length > 0) entries.push('admin');
  return entries;
}
