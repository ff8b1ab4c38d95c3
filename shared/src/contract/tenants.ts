import { z } from 'zod';
import { selectTenantResponseSchema } from '../schemas/tenant.ts';
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
};
