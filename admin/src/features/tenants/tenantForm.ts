import { type Locale, type Tenant, tenantFieldsSchema, userCreateSchema } from '@vestibule/shared';

// The Companies dialog's form: the company's own fields (name, address, contact, limits) and,
// for a new company, its first corporate user; validated by the shared schemas the server applies.

export interface CompanyValues {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
  phone: string;
  phone2: string;
  fax: string;
  email: string;
  active: boolean;
  /** The number input's value: a number, or '' while empty. */
  licencesCount: number | string;
  /** The booking map shows who is where today. */
  shareWhereabouts: boolean;
}

export interface MasterValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  userLocale: Locale;
}

export interface TenantValues {
  tenant: CompanyValues;
  master: MasterValues;
}

export type CompanyTextField = Exclude<
  keyof CompanyValues,
  'active' | 'licencesCount' | 'countryCode' | 'shareWhereabouts'
>;
export type MasterTextField = Exclude<keyof MasterValues, 'userLocale'>;

/** A new company's licences unless the administrator says otherwise (the server's default too). */
const DEFAULT_LICENCES = 10;

export function tenantValues(tenant: Tenant | null, locale: Locale): TenantValues {
  return {
    tenant: {
      name: tenant?.name ?? '',
      address1: tenant?.address1 ?? '',
      address2: tenant?.address2 ?? '',
      city: tenant?.city ?? '',
      state: tenant?.state ?? '',
      zip: tenant?.zip ?? '',
      countryCode: tenant?.countryCode ?? '',
      phone: tenant?.phone ?? '',
      phone2: tenant?.phone2 ?? '',
      fax: tenant?.fax ?? '',
      email: tenant?.email ?? '',
      active: tenant?.active ?? true,
      licencesCount: tenant?.licencesCount ?? DEFAULT_LICENCES,
      shareWhereabouts: tenant?.shareWhereabouts ?? false,
    },
    master: { username: '', email: '', firstName: '', lastName: '', userLocale: locale },
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/** What the schemas read: empty texts are null, an empty number is missing. */
export function tenantInput(values: TenantValues) {
  const { tenant, master } = values;
  return {
    tenant: {
      name: tenant.name,
      address1: blankToNull(tenant.address1),
      address2: blankToNull(tenant.address2),
      city: blankToNull(tenant.city),
      state: blankToNull(tenant.state),
      zip: blankToNull(tenant.zip),
      countryCode: blankToNull(tenant.countryCode),
      phone: blankToNull(tenant.phone),
      phone2: blankToNull(tenant.phone2),
      fax: blankToNull(tenant.fax),
      email: blankToNull(tenant.email),
      active: tenant.active,
      licencesCount: tenant.licencesCount === '' ? undefined : Number(tenant.licencesCount),
      shareWhereabouts: tenant.shareWhereabouts,
    },
    master: {
      username: master.username,
      email: master.email,
      firstName: blankToNull(master.firstName),
      lastName: blankToNull(master.lastName),
      userLocale: master.userLocale,
    },
  };
}

/** Every company has a building limit: the field is required here, though the call would default it. */
const companySchema = tenantFieldsSchema.extend({
  licencesCount: tenantFieldsSchema.shape.licencesCount.unwrap(),
});

// The form's values are { tenant, master }; an empty object of the shared schemas' zod carries them
// (the admin app takes its schemas from shared rather than depend on zod itself).
const emptyObject = tenantFieldsSchema.pick({});

export const newTenantSchema = emptyObject.extend({
  tenant: companySchema,
  master: userCreateSchema.omit({ role: true, buildingIds: true }),
});

export const editTenantSchema = emptyObject.extend({ tenant: companySchema });

type Output<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;
export type NewTenant = Output<typeof newTenantSchema>;
export type EditedTenant = Output<typeof editTenantSchema>;
