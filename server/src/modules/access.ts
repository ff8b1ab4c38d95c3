import { type Role, roles } from '@vestibule/shared';

// Role lists for route declarations (application.md sections 2 and 6).
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
