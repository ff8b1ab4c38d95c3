import { type Tenant, tenantSchema } from '@vestibule/shared';
import { answerCalls, json, refusal } from '../../../test/answerCalls.ts';
import { userFixture } from '../../../test/fixtures.ts';

// The companies calls answered like the server (searched by name, sorted, paged; a company with
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
    shareWhereabouts: false,
    ...changes,
  });
}

/** `occupied`: the ids of companies that still have buildings or users (TENANT_NOT_EMPTY). */
export function answerTenants(initial: Tenant[], occupied: readonly string[] = []) {
  let companies = [...initial];
  const calls = answerCalls({
    'GET /tenant': ({ query }) => {
      const [order, page, limit] = [Number(query.order), Number(query.page), Number(query.limit)];
      const found = companies
        .filter((tenant) => !query.search || tenant.name.toLowerCase().includes(query.search.toLowerCase()))
        .sort((a, b) => a.name.localeCompare(b.name) * order);
      return { docs: found.slice((page - 1) * limit, page * limit), totalDocs: found.length };
    },
    'POST /tenantWithMaster': ({ body: { tenant, master } }) => {
      const created = tenantSchema.parse({
        ...tenantFixture(tenant.name),
        ...tenant,
        licencesCount: tenant.licencesCount ?? 10,
        buildingLimit: tenant.licencesCount ?? 10,
      });
      companies = [...companies, created];
      const user = { ...userFixture(master.username, ['ROLE_MASTER']), email: master.email, tenant: created };
      return { tenant: created, master: user };
    },
    'PATCH /tenant/:id': ({ params, body }) => {
      const found = companies.find((tenant) => tenant.id === params.id);
      if (!found) return refusal(404, 'NOT_FOUND');
      const updated = tenantSchema.parse({ ...found, ...body });
      companies = companies.map((tenant) => (tenant.id === params.id ? updated : tenant));
      return updated;
    },
    'DELETE /tenant/:id': ({ params }) => {
      if (occupied.includes(params.id!)) {
        return json(409, {
          errorCode: 'TENANT_NOT_EMPTY',
          msg: 'This company still has buildings or users: remove them first.',
        });
      }
      companies = companies.filter((tenant) => tenant.id !== params.id);
      return { ok: true };
    },
    'GET /validateUserEmail': ({ query }) => ({ valid: query.email !== 'taken@example.com' }),
  });
  /** What GET /selectTenant answers an administrator: every company, by name. */
  const refs = () => [...companies].sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => ({ id, name }));
  return { calls, refs };
}
