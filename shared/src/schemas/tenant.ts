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
    /** The booking map shows who is where today (docs/space-booking.md); off by default. */
    shareWhereabouts: z.boolean(),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type TenantRef = z.infer<typeof tenantRefSchema>;

export const selectTenantResponseSchema = z
  .object({
    tenant: z.object({ id: z.uuid(), name: z.string(), supertenant: z.literal(true).optional() }).nullable(),
    tenants: z.array(tenantRefSchema),
    /** The buildings the user sees, each with its time zone: times of a building are shown on its clock. */
    buildings: z.array(z.object({ id: z.uuid(), name: z.string(), timeZoneId: z.string() })),
    googleConfig: z.object({ clientId: z.string() }).nullable(),
  })
  .meta({ id: 'SelectTenantResponse' });
export type SelectTenantResponse = z.infer<typeof selectTenantResponseSchema>;

// Managing companies.

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

export const tenantFieldsSchema = z.object({
  name: text(120).min(1),
  address1: optionalText(80),
  address2: optionalText(80),
  city: optionalText(80),
  state: optionalText(40),
  zip: optionalText(14),
  phone: optionalText(25),
  phone2: optionalText(25),
  fax: optionalText(25),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase())
    .nullable()
    .optional(),
  email: z.string().trim().max(96).pipe(z.email()).nullable().optional(),
  active: z.boolean().optional(),
  /** The company's licences: the number of buildings it may have (BUILDING_TENANT_LIMIT_REACHED). */
  licencesCount: z.number().int().min(0).max(100_000).optional(),
  shareWhereabouts: z.boolean().optional(),
});

export const tenantUpdateSchema = tenantFieldsSchema.partial().meta({ id: 'TenantUpdate' });
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

export const tenantListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  search: z.string().trim().max(200).optional(),
  order: z.coerce.number().int().min(-1).max(1).optional(),
});
export const tenantListSchema = z.object({ docs: z.array(tenantSchema), totalDocs: z.number().int() });
export type TenantList = z.infer<typeof tenantListSchema>;
