import type { User } from '@vestibule/shared';
import type { UserWithTenantRow } from './user.repo.ts';

/** The API shape of a user: never the password hash. */
export function toUser(row: UserWithTenantRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    roles: [row.role],
    authorities: [{ authority: row.role }],
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    city: row.city,
    country: row.country,
    userLocale: row.user_locale,
    dateFormat: row.date_format,
    timeFormat: row.time_format,
    timeZone: row.time_zone,
    favouriteBuildingId: row.favourite_building_id,
    verified: row.verified,
    verificationNeeded: row.verification_needed,
    blocked: row.blocked,
    tenant: row.tenant_id && row.tenant_name ? { id: row.tenant_id, name: row.tenant_name } : null,
  };
}
