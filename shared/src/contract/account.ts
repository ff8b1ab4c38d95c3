import { okSchema } from '../schemas/common.ts';
import {
  accountTokenQuerySchema,
  changePasswordSchema,
  forgotPasswordSchema,
  profileSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  tokenUserSchema,
  verifyEmailSchema,
} from '../schemas/account.ts';
import { idParamsSchema } from '../schemas/common.ts';
import { loginResponseSchema } from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';

const tags = ['account'];
const passwordErrors = ['PASSWORD_TOO_SHORT_MIN_5', 'PASSWORD_POLICY', 'PASSWORDS_DONT_MATCH'] as const;

// A user's own account: profile, password, forgotten password, e-mail verification.
export const accountContract = {
  'GET /profile': endpoint({
    tags,
    summary: "The signed-in user's profile, with the buildings they see",
    response: profileSchema,
    errors: [],
  }),
  'PATCH /profile': endpoint({
    tags,
    summary: 'Change names, phone, language, date and time formats, favourite building',
    body: profileUpdateSchema,
    response: profileSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /profile/changePassword': endpoint({
    tags,
    summary: "Change one's password; the user's other sessions end, this one goes on with a new token",
    body: changePasswordSchema,
    response: loginResponseSchema,
    errors: ['OLD_PASSWORD_NOT_MATCH', ...passwordErrors],
  }),
  'POST /forgot': endpoint({
    access: 'public',
    tags,
    summary: 'E-mail a password-reset link; the same answer whether or not the address exists',
    body: forgotPasswordSchema,
    response: okSchema,
    errors: [],
  }),
  'GET /user/byResetPasswordToken': endpoint({
    access: 'public',
    tags,
    summary: 'Who a password-reset link is for',
    query: accountTokenQuerySchema,
    response: tokenUserSchema,
    errors: ['NOT_FOUND_OR_ALREADY_USED'],
  }),
  'POST /reset': endpoint({
    access: 'public',
    tags,
    summary: "Set a new password with a reset link (once); the user's sessions end",
    body: resetPasswordSchema,
    response: okSchema,
    errors: ['NOT_FOUND_OR_ALREADY_USED', ...passwordErrors],
  }),
  'GET /user/byVerificationToken': endpoint({
    access: 'public',
    tags,
    summary: 'Who an e-mail verification link is for',
    query: accountTokenQuerySchema,
    response: tokenUserSchema,
    errors: ['NOT_FOUND_OR_ALREADY_VERIFIED'],
  }),
  'POST /user/verify': endpoint({
    access: 'public',
    tags,
    summary: 'Verify an e-mail address with its link (once), choosing a password when the account has none',
    body: verifyEmailSchema,
    response: okSchema,
    errors: ['NOT_FOUND_OR_ALREADY_VERIFIED', 'MISSING', ...passwordErrors],
  }),
  'POST /user/:id/resetPassword': endpoint({
    tags,
    summary: 'Start a password reset for a user: they get a link by e-mail',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND', 'EMAIL_IS_NOT_VALID'],
  }),
};
