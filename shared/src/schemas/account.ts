import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, dateFormats, locales, timeFormats } from '../constants.ts';
import { hostNoticeChoices } from '../domain/hosts.ts';
import { passwordPolicyFailures } from '../domain/password.ts';
import { smsChoiceProblem } from '../domain/phoneNumbers.ts';
import type { ErrorCode } from '../errors.ts';

// A user's own account: profile, password reset, e-mail verification.

const name = z.string().trim().max(100);
const emailAddress = z.string().trim().max(254).pipe(z.email());

/**
 * A new password with its confirmation, checked by the shared policy (domain/password.ts).
 * Each failure carries its catalogue code: PASSWORD_TOO_SHORT_MIN_5 under five
 * characters, PASSWORD_POLICY for the rest, PASSWORDS_DONT_MATCH.
 */
export const newPasswordShape = {
  password: z.string().max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
};

export function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  const problem = (path: string, errorCode: ErrorCode) =>
    ctx.addIssue({ code: 'custom', path: [path], message: errorCode, params: { errorCode } });
  const failures = passwordPolicyFailures(value.password);
  if (value.password.length > 0 && value.password.length < 5) problem('password', 'PASSWORD_TOO_SHORT_MIN_5');
  else if (failures.includes('required')) problem('password', 'MISSING');
  else if (failures.length > 0) problem('password', 'PASSWORD_POLICY');
  if (value.password !== value.confirmPassword) problem('confirmPassword', 'PASSWORDS_DONT_MATCH');
}

/** A new password and its confirmation (an administrator setting a user's password). */
export const newPasswordSchema = z.object(newPasswordShape).superRefine(checkNewPassword).meta({ id: 'NewPassword' });
export type NewPassword = z.infer<typeof newPasswordSchema>;

export const profileSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    userLocale: z.enum(locales),
    /** How the user hears of a visitor's arrival when they are the host: e-mail, or none. */
    hostNotice: z.enum(hostNoticeChoices),
    dateFormat: z.string(),
    timeFormat: z.string(),
    favouriteBuildingId: z.uuid().nullable(),
    verified: z.boolean(),
    /** The buildings whose data the user sees (all of the company for admins and corporate users). */
    userBuildings: z.array(z.object({ id: z.uuid(), name: z.string() })),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z
  .object({
    firstName: name.nullable().optional(),
    lastName: name.nullable().optional(),
    phone: z.string().trim().max(40).nullable().optional(),
    userLocale: z.enum(locales).optional(),
    hostNotice: z.enum(hostNoticeChoices).optional(),
    dateFormat: z.enum(dateFormats).optional(),
    timeFormat: z.enum(timeFormats).optional(),
    favouriteBuildingId: z.uuid().nullable().optional(),
  })
  .superRefine((value, ctx) => {
    // Told by SMS needs a mobile number; a change that leaves the number out keeps the stored one
    // (the server checks the profile as it will be).
    const problem = value.phone === undefined ? null : smsChoiceProblem(value.hostNotice, value.phone);
    if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem, params: { errorCode: problem } });
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changePasswordSchema = z
  .object({ oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), ...newPasswordShape })
  .superRefine(checkNewPassword)
  .meta({ id: 'ChangePassword' });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailAddress }).meta({ id: 'ForgotPassword' });

/** A one-time link's token (reset or verification), as it travels in the link. */
export const accountTokenSchema = z.string().trim().min(20).max(200);
export const accountTokenQuerySchema = z.object({ token: accountTokenSchema });

/** Who a valid link is for: enough for the page to greet them, nothing more. */
export const tokenUserSchema = z
  .object({
    username: z.string(),
    email: z.string().nullable(),
    /** Verification only: the account has no password yet, so the page asks for one. */
    passwordRequired: z.boolean(),
  })
  .meta({ id: 'TokenUser' });
export type TokenUser = z.infer<typeof tokenUserSchema>;

export const resetPasswordSchema = z
  .object({ token: accountTokenSchema, ...newPasswordShape })
  .superRefine(checkNewPassword)
  .meta({ id: 'ResetPassword' });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z
  .object({
    token: accountTokenSchema,
    password: newPasswordShape.password.optional(),
    confirmPassword: newPasswordShape.confirmPassword.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== undefined || value.confirmPassword !== undefined) {
      checkNewPassword({ password: value.password ?? '', confirmPassword: value.confirmPassword ?? '' }, ctx);
    }
  })
  .meta({ id: 'VerifyEmail' });
export type VerifyEmail = z.infer<typeof verifyEmailSchema>;
