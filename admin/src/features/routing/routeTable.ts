import { atLeastSupervisor, techRoles, type Role } from '@vestibule/shared';

/** Who may open a route (docs/roles.md). */
export interface RouteAccess {
  /** A signed-in user is required; others are sent to /login. */
  login: boolean;
  /** Granted roles; only routes with such a list are enforced. */
  roles?: readonly Role[];
  /** The route shows one company's data: a selected tenant is required. */
  tenant?: boolean;
}

export interface RouteDefinition {
  path: string;
  access: RouteAccess;
  /** false hides the toolbar and the footer (printing). */
  chrome?: boolean;
}

const open: RouteAccess = { login: false };
const signedIn: RouteAccess = { login: true };
const admin: readonly Role[] = ['ROLE_ADMIN'];
const supervisors: readonly Role[] = atLeastSupervisor;

export const routeTable = {
  landing: { path: '/', access: open },
  login: { path: '/login', access: open },
  sso: { path: '/sso/:token', access: open },
  verify: { path: '/verify/:token', access: open },
  forgot: { path: '/forgot', access: open },
  reset: { path: '/reset/:token', access: open },
  redirect: { path: '/redirect/:redirect', access: open },
  signUp: { path: '/signup', access: open },
  about: { path: '/about', access: open },
  aboutExt: { path: '/about-ext', access: open },
  help: { path: '/help', access: open },
  profile: { path: '/profile', access: signedIn },
  booking: { path: '/booking', access: signedIn },
  checkInOut: {
    path: '/check-in-out',
    access: { login: true, tenant: true, roles: [...supervisors, 'ROLE_USER', 'ROLE_SPACE'] },
  },
  badge: {
    path: '/badge/:visitId',
    access: { login: true, tenant: true, roles: [...supervisors, 'ROLE_USER', 'ROLE_SPACE'] },
    chrome: false,
  },
  evacuation: {
    path: '/evacuation',
    access: { login: true, tenant: true, roles: [...supervisors, 'ROLE_USER', 'ROLE_SPACE'] },
  },
  tenants: { path: '/admin/tenants', access: { login: true, roles: [...admin, ...techRoles] } },
  users: { path: '/admin/users', access: { login: true, tenant: true, roles: [...supervisors, ...techRoles] } },
  buildings: { path: '/admin/buildings', access: { login: true, tenant: true, roles: supervisors } },
  cities: { path: '/admin/cities', access: { login: true, tenant: true, roles: supervisors } },
  privacy: { path: '/admin/privacy', access: { login: true, tenant: true, roles: ['ROLE_ADMIN', 'ROLE_MASTER'] } },
  watchlist: { path: '/admin/watchlist', access: { login: true, tenant: true, roles: ['ROLE_ADMIN', 'ROLE_MASTER'] } },
  integrations: {
    path: '/admin/integrations',
    access: { login: true, tenant: true, roles: ['ROLE_ADMIN', 'ROLE_MASTER'] },
  },
  floors: { path: '/admin/floors', access: { login: true, tenant: true, roles: supervisors } },
  questionnaires: { path: '/admin/questionnaires', access: { login: true, tenant: true, roles: supervisors } },
  tests: { path: '/admin/tests', access: { login: true, roles: admin } },
  logs: { path: '/admin/logs', access: { login: true, roles: admin } },
  people: { path: '/admin/people', access: { login: true, tenant: true, roles: [...supervisors, 'ROLE_USER'] } },
  spaces: { path: '/admin/spaces', access: { login: true, roles: supervisors } },
  floorPrint: { path: '/admin/floor/print/:id', access: signedIn, chrome: false },
  buildingReports: { path: '/building-reports', access: { login: true, tenant: true, roles: supervisors } },
  visitReports: { path: '/visit-reports', access: { login: true, tenant: true, roles: supervisors } },
  absenceReports: { path: '/absence-reports', access: { login: true, tenant: true, roles: supervisors } },
  spaceCalendar: { path: '/spacebooking/calendar', access: signedIn },
  spaceMap: { path: '/spacebooking/map', access: signedIn },
  spaceApproval: { path: '/spacebooking/approval/:id', access: signedIn },
  spaceExport: { path: '/spacebooking/export/:id', access: open },
  spaceCheckIn: { path: '/spacebooking/space/:id', access: signedIn },
  spaceQr: { path: '/admin/space/qr/:id', access: { login: true, tenant: true, roles: supervisors }, chrome: false },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routeTable;

export const paths = Object.fromEntries(Object.entries(routeTable).map(([id, route]) => [id, route.path])) as {
  [K in RouteId]: (typeof routeTable)[K]['path'];
};
