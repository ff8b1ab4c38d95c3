import type { Role } from '../roles.ts';

// Single sign-on with a company's OpenID Connect provider (docs/sso.md).

/** How long a sign-in started at the provider may take before its state is refused. */
export const SSO_LOGIN_MINUTES = 10;

/** The roles a provider may give a company's user: never an administrator's or a technical one. */
export const ssoRoles = ['ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'] as const satisfies Role[];
export type SsoRole = (typeof ssoRoles)[number];

/** The query string with which a failed sign-in comes back to the sign-in page. */
export const SSO_ERROR_PARAM = 'ssoError';

/** The lower-case domain of an e-mail address, or null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** A domain as a company lists it: lower-case labels of letters, digits and hyphens, at least two. */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The role a provider's claim gives: its value (a text or a list, as group claims are) names a
 * role with or without `ROLE_`, in any case; of several, the highest; null when none is one a
 * provider may give.
 */
export function roleFromClaim(value: unknown): SsoRole | null {
  const values = Array.isArray(value) ? value : [value];
  const named = new Set(
    values
      .filter((item): item is string => typeof item === 'string')
      .map((item) => item.trim().toUpperCase())
      .map((item) => (item.startsWith('ROLE_') ? item : `ROLE_${item}`)),
  );
  return ssoRoles.find((role) => named.has(role)) ?? null;
}
