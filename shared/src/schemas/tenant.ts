import { z } from 'zod';

export const tenantSchema = z
  .object({
    id: z.uuid(),
    name: z.string().min(1).max(120),
    address1: z.string().max(80).nullable(),
    address2: z.string().max(80).nullable(),
    city: z.string().max(80).nullable(),
    state: z.string().max(40).nullable(),
    zip: z.string().max(14).nullable(),
    phone: z.string().max(25).nullable(),
    phone2: z.string().max(25).nullable(),
    fax: z.string().max(25).nullable(),
    countryCode: z.string().length(2).nullable(),
    email: z.email().max(96).nullable(),
    active: z.boolean(),
    licencesCount: z.number().int().min(0),
    buildingLimit: z.number().int().min(0),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type TenantRef = z.infer<typeof tenantRefSchema>;

export const selectTenantResponseSchema = z
  .object({
    tenant: z.object({ id: z.uuid(), name: z.string(), supertenant: z.literal(true).optional() }).nullable(),
    tenants: z.array(tenantRefSchema),
    buildings: z.array(z.object({ id: z.uuid(), name: z.string() })),
    googleConfig: z.object({ clientId: z.string() }).nullable(),
  })
  .meta({ id: 'SelectTenantResponse' });
export type SelectTenantResponse = z.infer<typeof selectTenantResponseSchema>;
