import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy, passwordPolicyFailures } from './password.ts';

describe('password policy (7 characters, upper and lower case, a number, one of !@#$%)', () => {
  it('accepts 7 characters with upper, lower, number and a special from !@#$%', () => {
    expect(meetsPasswordPolicy('Abcde1!')).toBe(true);
    expect(meetsPasswordPolicy('Vestibule1!')).toBe(true);
  });
  it('refuses one character short of the minimum', () => {
    expect(passwordPolicyFailures('Abcd1!')).toEqual(['minLength']);
  });
  it('names each missing kind of character', () => {
    expect(passwordPolicyFailures('abcdef1!')).toEqual(['uppercase']);
    expect(passwordPolicyFailures('ABCDEF1!')).toEqual(['lowercase']);
    expect(passwordPolicyFailures('Abcdefg!')).toEqual(['number']);
    expect(passwordPolicyFailures('Abcdefg1')).toEqual(['special']);
    expect(passwordPolicyFailures('Abcdef1^')).toEqual(['special']);
    expect(passwordPolicyFailures('')).toEqual(['required']);
  });
});
