import { describe, expect, it } from 'vitest';
import { roles } from '../roles.ts';
import { managesUsers, mayManage, rolesGrantableBy } from './userManagement.ts';

describe('who may manage whom', () => {
  it('lets an administrator grant every role and a corporate user or supervisor none above their own', () => {
    expect(rolesGrantableBy('ROLE_ADMIN')).toEqual([...roles]);
    expect(rolesGrantableBy('ROLE_MASTER')).toEqual(['ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE']);
    expect(rolesGrantableBy('ROLE_SUPERVISOR')).toEqual(['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE']);
  });

  it('gives users, space users and technical users no one to manage', () => {
    for (const role of ['ROLE_USER', 'ROLE_SPACE', 'ROLE_TECH_1', 'ROLE_TECH_2'] as const) {
      expect(rolesGrantableBy(role)).toEqual([]);
      expect(managesUsers(role)).toBe(false);
    }
  });

  it('keeps corporate users and supervisors to their own company and to roles they could grant', () => {
    const master = { role: 'ROLE_MASTER' as const, tenantId: 'a' };
    const supervisor = { role: 'ROLE_SUPERVISOR' as const, tenantId: 'a' };
    expect(mayManage(master, { role: 'ROLE_MASTER', tenantId: 'a' })).toBe(true);
    expect(mayManage(master, { role: 'ROLE_USER', tenantId: 'b' })).toBe(false);
    expect(mayManage(master, { role: 'ROLE_ADMIN', tenantId: 'a' })).toBe(false);
    expect(mayManage(master, { role: 'ROLE_TECH_1', tenantId: 'a' })).toBe(false);
    expect(mayManage(supervisor, { role: 'ROLE_USER', tenantId: 'a' })).toBe(true);
    expect(mayManage(supervisor, { role: 'ROLE_MASTER', tenantId: 'a' })).toBe(false);
    expect(mayManage({ role: 'ROLE_SUPERVISOR', tenantId: null }, { role: 'ROLE_USER', tenantId: null })).toBe(false);
  });

  it('lets an administrator manage anyone and a technical user no one', () => {
    expect(mayManage({ role: 'ROLE_ADMIN', tenantId: null }, { role: 'ROLE_MASTER', tenantId: 'b' })).toBe(true);
    expect(mayManage({ role: 'ROLE_TECH_1', tenantId: 'a' }, { role: 'ROLE_USER', tenantId: 'a' })).toBe(false);
  });
});
