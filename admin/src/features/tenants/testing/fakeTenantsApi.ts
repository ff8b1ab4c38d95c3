import { type Tenant, tenantSchema } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { vi } from 'vitest';
import { userFixture } from '../../../test/fixtures.ts';
import type { TenantsApi } from '../tenantsApi.ts';

// A companies port that answers like the server (searched by name, sorted, paged; a company with
// buildings or users is not deleted), for the Companies screen's component tests. Every fixture
// is parsed by the shared tenant schema.

let sequence = 0;

export function tenantFixture(name: string, changes: Partial<Tenant> = {}): Tenant {
  sequence += 1;
  return tenantSchema.parse({
    id: `0190a8f2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    name,
    address1: null,
    address2: null,
    city: 'Toronto',
    state: 'ON',
    zip: null,
    phone: null,
    phone2: null,
    fax: null,
    countryCode: 'CA',
    email: `office@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
    active: true,
    licencesCount: 10,
    buildingLimit: 10,
    ...changes,
  });
}

/** `occupied`: the ids of companies that still have buildings or users (TENANT_NOT_EMPTY). */
export function fakeTenantsApi(initial: Tenant[], occupied: readonly string[] = []) {
  let companies = [...initial];
  const api = {
    list: vi.fn<TenantsApi['list']>(async ({ order, page, limit, search }) => {
      const found = companies
        .filter((tenant) => !search || tenant.name.toLowerCase().includes(search.toLowerCase()))
        .sort((a, b) => a.name.localeCompare(b.name) * order);
      return { docs: found.slice((page - 1) * limit, page * limit), totalDocs: found.length };
    }),
    create: vi.fn<TenantsApi['create']>(async ({ tenant, master }) => {
      const created = tenantFixture(tenant.name, {
        ...tenant,
        licencesCount: tenant.licencesCount ?? 10,
        buildingLimit: tenant.licencesCount ?? 10,
      } as Partial<Tenant>);
      companies = [...companies, created];
      const user = { ...userFixture(master.username, ['ROLE_MASTER']), email: master.email, tenant: created };
      return { tenant: created, master: user };
    }),
    update: vi.fn<TenantsApi['update']>(async (id, changes) => {
      const found = companies.find((tenant) => tenant.id === id);
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'Not found');
      const updated = { ...found, ...changes } as Tenant;
      companies = companies.map((tenant) => (tenant.id === id ? updated : tenant));
      return updated;
    }),
    remove: vi.fn<TenantsApi['remove']>(async (id) => {
      if (occupied.includes(id)) {
        throw new ApiError(409, 'TENANT_NOT_EMPTY', 'This company still has buildings or users: remove them first.');
      }
      companies = companies.filter((tenant) => tenant.id !== id);
    }),
    emailFree: vi.fn<TenantsApi['emailFree']>(async (email) => email !== 'taken@example.com'),
  } satisfies TenantsApi;
  /** What GET /selectTenant answers an administrator: every company, by name. */
  const refs = () => [...companies].sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => ({ id, name }));
  return { api, refs };
}
