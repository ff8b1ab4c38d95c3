export const roles = [
  'ROLE_ADMIN',
  'ROLE_MASTER',
  'ROLE_SUPERVISOR',
  'ROLE_USER',
  'ROLE_SPACE',
  'ROLE_TECH_1',
  'ROLE_TECH_2',
] as const;

export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** ROLE_TECH means any role starting with it. */
export function isTech(role: string | undefined): boolean {
  return role?.startsWith('ROLE_TECH') ?? false;
}

export const atLeastSupervisor: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];
export const techRoles: readonly Role[] = ['ROLE_TECH_1', 'ROLE_TECH_2'];

/** Only admin and tech users may switch tenant; others stay in their own. */
export function maySelectTenant(role: string | undefined): boolean {
  return role === 'ROLE_ADMIN' || isTech(role);
}

/** The login answer carries `authorities`; the client joins them into one role string. */
export function joinAuthorities(authorities: readonly { authority: string }[]): string {
  return authorities.map((a) => a.authority).join(',');
}

export function hasAnyRole(roleString: string | undefined, granted: readonly Role[]): boolean {
  if (!roleString) return false;
  const held = roleString.split(',');
  return granted.some((role) => held.includes(role));
}

/**
 * Admins and corporate users see every building of their company; supervisors, users and space
 * users only the buildings assigned to them; technical users no building data (docs/roles.md,
 * "Which company, which buildings").
 */
export function seesWholeCompany(role: string | undefined): boolean {
  return role === 'ROLE_ADMIN' || role === 'ROLE_MASTER';
}
