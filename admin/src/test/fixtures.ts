import {
  type LoginResponse,
  type Person,
  type Role,
  type SelectTenantResponse,
  type User,
  personSchema,
} from '@vestibule/shared';

// Answers shaped as the server contract gives them (shared schemas), shared by the screens'
// tests: the tests check what the app does with them.

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
    buildings: [{ ...HQ, timeZoneId: Intl.DateTimeFormat().resolvedOptions().timeZone }],
    googleConfig: null,
  };
}

/** The building the screens' fixtures belong to. */
export const HQ = { id: '0190a8f2-0000-7000-8000-0000000000b1', name: 'HQ' };

let sequence = 0;

export function personFixture(firstName: string, lastName: string, changes: Partial<Person> = {}): Person {
  sequence += 1;
  return personSchema.parse({
    id: `0190a8f2-0000-7000-8000-${String(100 + sequence).padStart(12, '0')}`,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    visitorType: 'EMPLOYEE',
    externalId: null,
    jobTitle: null,
    department: null,
    companyName: null,
    defaultDuration: 60,
    validFrom: null,
    validTo: null,
    locale: 'en',
    hostNotice: 'EMAIL',
    hasPin: false,
    deactivated: false,
    building: HQ,
    status: 'NONE',
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...changes,
  });
}
