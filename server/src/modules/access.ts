import { type Role, roles, seesWholeCompany } from '@vestibule/shared';

// Role lists for route declarations: who may call what (docs/roles.md).
export const anyRole: readonly Role[] = roles;
export const adminOnly: readonly Role[] = ['ROLE_ADMIN'];
export const adminAndTech: readonly Role[] = ['ROLE_ADMIN', 'ROLE_TECH_1', 'ROLE_TECH_2'];
export const userManagers: readonly Role[] = [
  'ROLE_ADMIN',
  'ROLE_MASTER',
  'ROLE_SUPERVISOR',
  'ROLE_TECH_1',
  'ROLE_TECH_2',
];
export const buildingManagers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];

/**
 * The user whose assigned buildings limit a list (supervisors, users and space users), or
 * undefined when the caller sees every building of the company (admins, corporate users).
 */
export function assignedBuildingsOf(auth: { userId: string; role: Role }): string | undefined {
  return seesWholeCompany(auth.role) ? undefined : auth.userId;
}
