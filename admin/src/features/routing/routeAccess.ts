import { hasAnyRole, isTech } from '@vestibule/shared';
import { paths, type RouteAccess } from './routeTable.ts';

/** What the guard knows about the visitor. */
export interface SessionFacts {
  authenticated: boolean;
  /** The joined role string, e.g. `ROLE_ADMIN`. */
  role: string | undefined;
  hasTenant: boolean;
  /** The tenant selection call is running. */
  tenantLoading: boolean;
}

export type AccessDecision =
  | { kind: 'ok' }
  | { kind: 'login'; redirect: string }
  | { kind: 'denied' }
  | { kind: 'tenantRequired' }
  | { kind: 'tenantLoading' };

/**
 * The route guard as a pure decision (docs/roles.md): a route needing login
 * sends an unauthenticated user to /login (remembering where they were going); a route
 * with granted roles denies other roles; a tenant route needs a selected tenant.
 */
export function decideAccess(access: RouteAccess, facts: SessionFacts, requestedPath: string): AccessDecision {
  const needsLogin = access.login || access.roles !== undefined || access.tenant === true;
  if (needsLogin && !facts.authenticated) return { kind: 'login', redirect: requestedPath };
  if (access.roles !== undefined && !hasAnyRole(facts.role, access.roles)) return { kind: 'denied' };
  if (access.tenant && !facts.hasTenant)
    return facts.tenantLoading ? { kind: 'tenantLoading' } : { kind: 'tenantRequired' };
  return { kind: 'ok' };
}

/** Where a user lands after login: technical roles go to the users, the others to the entry log. */
export function homePathFor(role: string | undefined): string {
  return isTech(role) ? paths.users : paths.checkInOut;
}

/** A path worth returning to after login: internal, and not a page of the login flow itself. */
export function isRedirectablePath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return pathname !== paths.login && !pathname.startsWith('/sso/') && pathname !== '/';
}
