import { roles, type Role } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { decideAccess, homePathFor, isRedirectablePath, type SessionFacts } from './routeAccess.ts';
import { routeTable, type RouteId } from './routeTable.ts';

const signedIn = (role: Role, hasTenant = true): SessionFacts => ({
  authenticated: true,
  role,
  hasTenant,
  tenantLoading: false,
});
const anonymous: SessionFacts = { authenticated: false, role: undefined, hasTenant: false, tenantLoading: false };

const all = [...roles];
const supervisors: Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];

/** Roles that may open each route once signed in, as docs/roles.md lists them. */
const granted: Record<RouteId, Role[] | 'public'> = {
  landing: 'public',
  login: 'public',
  sso: 'public',
  verify: 'public',
  forgot: 'public',
  reset: 'public',
  redirect: 'public',
  signUp: 'public',
  about: 'public',
  aboutExt: 'public',
  help: 'public',
  spaceExport: 'public',
  profile: all,
  booking: all,
  floorPrint: all,
  spaceCalendar: all,
  spaceMap: all,
  spaceApproval: all,
  spaceCheckIn: all,
  spaceQr: supervisors,
  checkInOut: ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'],
  evacuation: ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'],
  badge: ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'],
  tenants: ['ROLE_ADMIN', 'ROLE_TECH_1', 'ROLE_TECH_2'],
  users: ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_TECH_1', 'ROLE_TECH_2'],
  buildings: supervisors,
  cities: supervisors,
  privacy: ['ROLE_ADMIN', 'ROLE_MASTER'],
  watchlist: ['ROLE_ADMIN', 'ROLE_MASTER'],
  integrations: ['ROLE_ADMIN', 'ROLE_MASTER'],
  floors: supervisors,
  questionnaires: supervisors,
  tests: ['ROLE_ADMIN'],
  logs: ['ROLE_ADMIN'],
  people: ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER'],
  spaces: supervisors,
  buildingReports: supervisors,
  visitReports: supervisors,
  absenceReports: supervisors,
};

const tenantRoutes: RouteId[] = [
  'checkInOut',
  'evacuation',
  'badge',
  'users',
  'buildings',
  'cities',
  'privacy',
  'watchlist',
  'integrations',
  'floors',
  'questionnaires',
  'people',
  'buildingReports',
  'visitReports',
  'absenceReports',
];

describe('decideAccess', () => {
  const ids = Object.keys(routeTable) as RouteId[];

  it.each(ids)('%s: grants exactly the roles of docs/roles.md', (id) => {
    const expected = granted[id];
    for (const role of roles) {
      const decision = decideAccess(routeTable[id].access, signedIn(role), '/somewhere');
      const allowed = expected === 'public' || expected.includes(role);
      expect({ role, kind: decision.kind }).toEqual({ role, kind: allowed ? 'ok' : 'denied' });
    }
  });

  it.each(ids)('%s: sends a visitor who is not signed in to the login page, or lets them in', (id) => {
    const decision = decideAccess(routeTable[id].access, anonymous, '/wanted?x=1');
    const expected = granted[id] === 'public' ? { kind: 'ok' } : { kind: 'login', redirect: '/wanted?x=1' };
    expect(decision).toEqual(expected);
  });

  it.each(tenantRoutes)('%s: needs a selected tenant', (id) => {
    const role = (granted[id] as Role[])[0] ?? 'ROLE_ADMIN';
    expect(decideAccess(routeTable[id].access, signedIn(role, false), '/x')).toEqual({ kind: 'tenantRequired' });
    expect(decideAccess(routeTable[id].access, { ...signedIn(role, false), tenantLoading: true }, '/x')).toEqual({
      kind: 'tenantLoading',
    });
  });

  it('does not need a tenant for companies, spaces, tests and logs', () => {
    for (const id of ['tenants', 'spaces', 'tests', 'logs'] as const) {
      expect(decideAccess(routeTable[id].access, signedIn('ROLE_ADMIN', false), '/x')).toEqual({ kind: 'ok' });
    }
  });

  it('denies before asking for a tenant', () => {
    expect(decideAccess(routeTable.buildings.access, signedIn('ROLE_USER', false), '/x')).toEqual({
      kind: 'denied',
    });
  });

  it('denies when the roles cannot be determined', () => {
    const facts: SessionFacts = { authenticated: true, role: '', hasTenant: true, tenantLoading: false };
    expect(decideAccess(routeTable.users.access, facts, '/x')).toEqual({ kind: 'denied' });
    expect(decideAccess(routeTable.profile.access, facts, '/x')).toEqual({ kind: 'ok' });
  });

  it('grants a route when any of several joined roles is granted', () => {
    const facts: SessionFacts = {
      authenticated: true,
      role: 'ROLE_SPACE,ROLE_USER',
      hasTenant: true,
      tenantLoading: false,
    };
    expect(decideAccess(routeTable.people.access, facts, '/x')).toEqual({ kind: 'ok' });
  });

  it("hides the toolbar and footer only on the print pages (a visit's badge, a floor plan, a space QR code)", () => {
    const hidden = ids.filter((id) => (routeTable[id] as { chrome?: boolean }).chrome === false);
    expect(hidden).toEqual(['badge', 'floorPrint', 'spaceQr']);
  });
});

describe('homePathFor', () => {
  it('sends technical roles to the users and the others to the entry log', () => {
    expect(homePathFor('ROLE_TECH_1')).toBe('/admin/users');
    expect(homePathFor('ROLE_TECH_2')).toBe('/admin/users');
    for (const role of ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE']) {
      expect(homePathFor(role)).toBe('/check-in-out');
    }
  });
});

describe('isRedirectablePath', () => {
  it('accepts internal paths only', () => {
    expect(isRedirectablePath('/admin/users?page=2')).toBe(true);
    expect(isRedirectablePath('https://evil.example')).toBe(false);
    expect(isRedirectablePath('//evil.example')).toBe(false);
    expect(isRedirectablePath('/login')).toBe(false);
    expect(isRedirectablePath(null)).toBe(false);
  });
});
