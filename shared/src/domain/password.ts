import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants.ts';

export type PasswordRule = 'required' | 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special';

/**
 * The spec gives two readings of the password policy (client: uppercase, lowercase,
 * at least 7; dictionary: also a number and a special character from !@#$%).
 * Both apply, so the policy is their union.
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
