import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@vestibule/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: Generated<Date>;
}

export interface TenantsTable {
  id: string;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  phone2: string | null;
  fax: string | null;
  country_code: string | null;
  email: string | null;
  active: Generated<boolean>;
  licences_count: Generated<number>;
  building_limit: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  tenant_id: string | null;
  username: string;
  password_hash: string;
  role: Role;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  city: string | null;
  country: string | null;
  user_locale: Generated<'en' | 'fr' | 'es'>;
  date_format: Generated<string>;
  time_format: Generated<string>;
  time_zone: string | null;
  favourite_building_id: string | null;
  verified: Generated<boolean>;
  verification_needed: Generated<boolean>;
  blocked: Generated<boolean>;
  selected_tenant_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  username_key: string;
  failed_at: Timestamp;
}

export interface LoginBlocksTable {
  username_key: string;
  blocked_until: Timestamp;
}

export interface SsoTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface BuildingsTable {
  id: string;
  tenant_id: string;
  name: string;
  external_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  buildings: BuildingsTable;
  app_settings: AppSettingsTable;
  tenants: TenantsTable;
  users: UsersTable;
  login_failures: LoginFailuresTable;
  login_blocks: LoginBlocksTable;
  sso_tokens: SsoTokensTable;
  rate_limits: RateLimitsTable;
}

export type TenantRow = Selectable<TenantsTable>;
export type NewTenantRow = Insertable<TenantsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
