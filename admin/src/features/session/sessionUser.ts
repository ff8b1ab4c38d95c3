import { joinAuthorities, type SelectTenantResponse, type User } from '@vestibule/shared';

/**
 * The signed-in user as the app keeps it: the login answer's authorities are joined into
 * one role string (`ROLE_ADMIN` or `ROLE_SPACE,ROLE_USER`) and dropped, as the browser stores it.
 */
export type SessionUser = Omit<User, 'authorities' | 'role'> & {
  role: string;
  /** During an impersonation: the administrator who signed in as this user (the server says so). */
  impersonatedBy?: string;
};

export type SelectedTenant = NonNullable<SelectTenantResponse['tenant']>;

export function toSessionUser(user: User): SessionUser {
  const { authorities, ...rest } = user;
  const role = Array.isArray(authorities) && authorities.length > 0 ? joinAuthorities(authorities) : (user.role ?? '');
  return { ...rest, role };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A user read back from storage; anything without a username and a role is ignored. */
export function asSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value) || typeof value.username !== 'string' || typeof value.role !== 'string') return null;
  return value as unknown as SessionUser;
}

export function asSelectedTenant(value: unknown): SelectedTenant | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.name !== 'string') return null;
  return value.supertenant === true
    ? { id: value.id, name: value.name, supertenant: true }
    : { id: value.id, name: value.name };
}
