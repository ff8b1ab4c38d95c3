import { type Role, isTech, roles } from '../roles.ts';

// Who may manage whom (docs/roles.md, "Who manages whom"). An administrator manages everyone; a
// corporate user or a supervisor manages the users of their own company at or below their own
// level, and never grants a role above it; technical users see users and companies only.

/** Levels of the roles a company's users hold; technical roles stand apart. */
const level: Partial<Record<Role, number>> = {
  ROLE_ADMIN: 4,
  ROLE_MASTER: 3,
  ROLE_SUPERVISOR: 2,
  ROLE_USER: 1,
  ROLE_SPACE: 1,
};

/** Roles in the catalogue's order (highest first). */
const ordered: readonly Role[] = roles;

/** The roles `actorRole` may give to a user it creates or edits. */
export function rolesGrantableBy(actorRole: Role): Role[] {
  if (actorRole === 'ROLE_ADMIN') return [...ordered];
  const own = level[actorRole];
  if (own === undefined || own < 2) return [];
  return ordered.filter((role) => (level[role] ?? Number.POSITIVE_INFINITY) <= own);
}

/** Whether the actor may change users at all (create, edit, block, delete). */
export function managesUsers(actorRole: Role): boolean {
  return rolesGrantableBy(actorRole).length > 0;
}

export interface ManagedUser {
  role: Role;
  tenantId: string | null;
}

/**
 * Whether `actor` may edit, block or delete `target`: an administrator anyone; a corporate user or
 * supervisor a user of the same company whose role it could grant; a technical user nobody.
 */
export function mayManage(actor: ManagedUser, target: ManagedUser): boolean {
  if (actor.role === 'ROLE_ADMIN') return true;
  if (isTech(actor.role) || actor.tenantId === null || actor.tenantId !== target.tenantId) return false;
  return rolesGrantableBy(actor.role).includes(target.role);
}
