import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants.ts';

export type PasswordRule = 'required' | 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special';

/**
 * The password policy (docs/errors.md, "Accounts and passwords", PASSWORD_POLICY): at least
 * 7 characters, with an uppercase and a lowercase letter, a number and a special character
 * from !@#$%. Each rule a password breaks is named.
 */
export function passwordPolicyFailures(password: string): PasswordRule[] {
  if (password.length === 0) return ['required'];
  const failures: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) failures.push('minLength');
  if (!/[A-Z]/.test(password)) failures.push('uppercase');
  if (!/[a-z]/.test(password)) failures.push('lowercase');
  if (!/[0-9]/.test(password)) failures.push('number');
  if (![...PASSWORD_SPECIAL_CHARACTERS].some((c) => password.includes(c))) failures.push('special');
  return failures;
}

export function meetsPasswordPolicy(password: string): boolean {
  return passwordPolicyFailures(password).length === 0;
}
