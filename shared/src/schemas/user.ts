import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, dateFormats, locales, timeFormats } from '../constants.ts';
import { roles } from '../roles.ts';

export const roleSchema = z.enum(roles);

export const userSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    role: roleSchema,
    roles: z.array(roleSchema),
    authorities: z.array(z.object({ authority: roleSchema })),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    userLocale: z.enum(locales),
    dateFormat: z.string(),
    timeFormat: z.string(),
    timeZone: z.string().nullable(),
    favouriteBuildingId: z.uuid().nullable(),
    verified: z.boolean(),
    verificationNeeded: z.boolean(),
    blocked: z.boolean(),
    tenant: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z
  .object({
    username: z.string().trim().min(1).max(USERNAME_MAX_LENGTH),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z
  .object({
    user: userSchema,
    token: z.string(),
    /** Seconds since the epoch. */
    tokenExpiration: z.number().int(),
    /** Minutes without activity after which the session ends (the app signs an idle tab out). */
    idleMinutes: z.number().int().optional(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const impersonateRequestSchema = z.object({ username: z.string().trim().min(1).max(USERNAME_MAX_LENGTH) });

export const userRolesResponseSchema = z.array(z.object({ value: roleSchema, label: z.string() }));

export const possibleValuesResponseSchema = z.object({
  dateFormats: z.array(z.enum(dateFormats)),
  timeFormats: z.array(z.enum(timeFormats)),
});
