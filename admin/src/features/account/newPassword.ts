import { type ErrorCode, isErrorCode, passwordPolicyFailures } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import type { MessageKey } from '../locale/index.ts';

// A new password and its confirmation, as the reset and verification pages ask for them.

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

export type NewPasswordField = keyof NewPassword;
export type NewPasswordErrors = Partial<Record<NewPasswordField, MessageKey>>;

/** The fields in the order they are shown: the first with an error gets the focus. */
export const newPasswordFields: readonly NewPasswordField[] = ['password', 'confirmPassword'];

/** The ids of the fields and of the rules list, unique per page. */
export function newPasswordIds(prefix: string): Record<NewPasswordField | 'rules', string> {
  return { password: `${prefix}-password`, confirmPassword: `${prefix}-confirm`, rules: `${prefix}-rules` };
}

/**
 * The browser's checks, before the server's: the password is there and meets the shared policy
 * (the rules list says which rule fails), the confirmation is there and the same.
 */
export function checkNewPassword({ password, confirmPassword }: NewPassword): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const failures = passwordPolicyFailures(password);
  if (failures.includes('required')) errors.password = 'common.validation.required';
  else if (failures.length > 0) errors.password = 'passwordRules.notMet';
  if (confirmPassword === '') errors.confirmPassword = 'common.validation.required';
  else if (confirmPassword !== password) errors.confirmPassword = 'common.validation.confirmed';
  return errors;
}

function messageOf(code: ErrorCode): MessageKey {
  // The catalogue's MISSING names the field ("…: password"); beside the field itself that is noise.
  return code === 'MISSING' || code === 'IS_EMPTY' ? 'common.validation.required' : `errors.${code}`;
}

/** The issues a 400 answer lists, each a field's path and its error code; none when it lists none. */
function issuesOf(body: unknown): { path: unknown; errorCode: unknown }[] | null {
  if (body === null || typeof body !== 'object' || !('issues' in body) || !Array.isArray(body.issues)) return null;
  return body.issues.map((issue: unknown) =>
    issue !== null && typeof issue === 'object'
      ? {
          path: 'path' in issue ? issue.path : undefined,
          errorCode: 'errorCode' in issue ? issue.errorCode : undefined,
        }
      : { path: undefined, errorCode: undefined },
  );
}

/**
 * The server's refusal of the fields (a 400 listing its issues, or naming one field), each
 * message under its field; null when the refusal is not about them.
 */
export function fieldErrorsOf(error: unknown): NewPasswordErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const issues = issuesOf(error.body) ?? [{ path: String(error.params?.field ?? ''), errorCode: error.errorCode }];
  const errors: NewPasswordErrors = {};
  for (const { path, errorCode } of issues) {
    const field = newPasswordFields.find((name) => name === path);
    if (field && isErrorCode(errorCode)) errors[field] ??= messageOf(errorCode);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The link stopped working between opening the page and sending the form (used or expired). */
export function isLinkGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
