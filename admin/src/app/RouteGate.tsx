import { lazy, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectSignedIn, useSession } from '../features/session/index.ts';
import { decideAccess, paths, routeTable, type RouteId } from '../features/routing/index.ts';

// Drawn with Mantine, so fetched when needed: the sign-in page's code does not include them.
const AccessDeniedPage = lazy(() =>
  import('../features/pages/index.ts').then((module) => ({ default: module.AccessDeniedPage })),
);
const TenantRequiredPage = lazy(() =>
  import('../features/pages/index.ts').then((module) => ({ default: module.TenantRequiredPage })),
);

function LoginRedirect({ redirect }: { redirect: string }) {
  const rememberRedirect = useSession((state) => state.rememberRedirect);
  useEffect(() => rememberRedirect(redirect), [rememberRedirect, redirect]);
  return <Navigate to={paths.login} replace />;
}

/** Applies the route guard (who may open which screen, docs/roles.md) to one route. */
export function RouteGate({ route, children }: { route: RouteId; children: ReactNode }) {
  const location = useLocation();
  const authenticated = useSession(selectSignedIn);
  const role = useSession((state) => state.user?.role);
  const hasTenant = useSession((state) => state.tenant !== null);
  const tenantLoading = useSession((state) => state.tenantLoading);
  const decision = decideAccess(
    routeTable[route].access,
    { authenticated, role, hasTenant, tenantLoading },
    `${location.pathname}${location.search}${location.hash}`,
  );
  switch (decision.kind) {
    case 'ok':
      return children;
    case 'login':
      return <LoginRedirect redirect={decision.redirect} />;
    case 'denied':
      return <AccessDeniedPage />;
    case 'tenantRequired':
      return <TenantRequiredPage />;
    case 'tenantLoading':
      return <TenantRequiredPage loading />;
  }
}
