import { z } from 'zod';
import { idParamsSchema, okSchema } from '../schemas/common.ts';
import {
  selectTenantResponseSchema,
  tenantFieldsSchema,
  tenantListQuerySchema,
  tenantListSchema,
  tenantSchema,
  tenantUpdateSchema,
} from '../schemas/tenant.ts';
import { userCreateSchema, userSchema } from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';

const tags = ['tenants'];

export const tenantsContract = {
  'GET /selectTenant': endpoint({
    tags,
    summary: 'The current tenant and the tenants one may switch to',
    response: selectTenantResponseSchema,
    errors: [],
  }),
  'GET /selectTenant/:tenantId': endpoint({
    tags,
    summary: 'Switch the current tenant (admin and tech only)',
    params: z.object({ tenantId: z.uuid() }),
    response: selectTenantResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /tenant': endpoint({
    tags,
    summary: 'The companies (administrators and technical users): paged, searched by name',
    query: tenantListQuerySchema,
    response: tenantListSchema,
    errors: [],
  }),
  'GET /tenant/:id': endpoint({
    tags,
    summary: 'One company',
    params: idParamsSchema,
    response: tenantSchema,
    errors: ['NOT_FOUND'],
  }),
  'PATCH /tenant/:id': endpoint({
    tags,
    summary: "Change a company; deactivating it stops its users' sign-ins and sessions at once",
    params: idParamsSchema,
    body: tenantUpdateSchema,
    response: tenantSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /tenantWithMaster': endpoint({
    tags,
    summary: 'A new company and its first corporate user, in one go; the user gets a verification e-mail',
    body: z.object({
      tenant: tenantFieldsSchema,
      master: userCreateSchema.omit({ role: true, buildingIds: true }),
    }),
    response: z.object({ tenant: tenantSchema, master: userSchema }),
    alsoAnswers: [201],
    errors: ['USER_ALREADY_EXISTS', 'EMAIL_ALREADY_EXISTS'],
  }),
  'DELETE /tenant/:id': endpoint({
    tags,
    summary: 'Delete a company that has no buildings and no users left',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND', 'TENANT_NOT_EMPTY'],
  }),
};
