import { type Locale, type Role, type User, hasAnyRole, roles, seesWholeCompany } from '@vestibule/shared';

// The add/edit dialog's values and what the create and update calls take from them.

export interface UserValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  userLocale: Locale;
  blocked: boolean;
  buildingIds: string[];
}

export const userFields = ['username', 'email', 'firstName', 'lastName', 'phone', 'role', 'userLocale'] as const;
export type UserField = (typeof userFields)[number];

/** A new user: the lowest role the signed-in user may grant that still sees buildings (a plain user). */
export function newUserValues(grantable: readonly Role[], locale: Locale): UserValues {
  const role: Role = grantable.includes('ROLE_USER') ? 'ROLE_USER' : (grantable.at(-1) ?? 'ROLE_USER');
  return {
    username: '',
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    role,
    userLocale: locale,
    blocked: false,
    buildingIds: [],
  };
}

export function userValues(user: User, buildingIds: string[]): UserValues {
  return {
    username: user.username,
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    role: user.role,
    userLocale: user.userLocale,
    blocked: user.blocked,
    buildingIds,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** What the schemas read: empty names and phone are "none". */
export function userInput(values: UserValues) {
  return {
    ...values,
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    phone: orNull(values.phone),
    buildingIds: assignsBuildings(values.role) ? values.buildingIds : [],
  };
}

/** Whether the role sees only the buildings assigned to it (the others see the whole company or none). */
export function assignsBuildings(role: Role): boolean {
  return !seesWholeCompany(role) && !role.startsWith('ROLE_TECH');
}

/** The highest role in a joined role string (the signed-in user's, for who-may-manage-whom). */
export function highestRole(roleString: string): Role | null {
  return roles.find((role) => hasAnyRole(roleString, [role])) ?? null;
}

/** A user's name as the list and the dialogs show it. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}
