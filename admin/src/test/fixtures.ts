import type { LoginResponse, Role, SelectTenantResponse, User } from '@vestibule/shared';

// Answers shaped as the server contract gives them (shared schemas), for the session's
// injected API port: the tests check what the client does with them.

export const acme = { id: '0190a8f2-0000-7000-8000-000000000001', name: 'Acme Corporation' };
export const globex = { id: '0190a8f2-0000-7000-8000-000000000002', name: 'Globex' };

export function userFixture(username: string, roles: Role[]): User {
  return {
    id: '0190a8f2-0000-7000-8000-0000000000aa',
    username,
    role: roles[0] ?? 'ROLE_USER',
    roles,
    authorities: roles.map((authority) => ({ authority })),
    email: `${username}@example.com`,
    firstName: null,
    lastName: null,
    phone: null,
    city: null,
    country: null,
    userLocale: 'en',
    dateFormat: 'yyyy-MM-dd',
    timeFormat: 'HH:mm',
    timeZone: null,
    favouriteBuildingId: null,
    verified: true,
    verificationNeeded: false,
    blocked: false,
    tenant: acme,
  };
}

export function loginResponse(username: string, roles: Role[], token = `token-of-${username}`): LoginResponse {
  return { user: userFixture(username, roles), token, tokenExpiration: Math.floor(Date.UTC(2030, 0, 1) / 1000) };
}

export function tenantSelection(tenant: { id: string; name: string } | null): SelectTenantResponse {
  return {
    tenant,
    tenants: [acme, globex],
    buildings: [{ id: '0190a8f2-0000-7000-8000-0000000000b1', name: 'HQ' }],
    googleConfig: null,
  };
}
