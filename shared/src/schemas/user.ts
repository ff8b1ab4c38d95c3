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
    /**
     * During an impersonation (signing in as another user, or a sign-in link an administrator made
     * for them): the administrator's username. Absent from a user's own session.
     */
    impersonatedBy: z.string().optional(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const impersonateRequestSchema = z.object({ username: z.string().trim().min(1).max(USERNAME_MAX_LENGTH) });

export const userRolesResponseSchema = z.array(z.object({ value: roleSchema, label: z.string() }));

export const possibleValuesResponseSchema = z.object({
  dateFormats: z.array(z.enum(dateFormats)),
  timeFormats: z.array(z.enum(timeFormats)),
});

// Managing users: the list, a new user, an edit, an administrator's new password.

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  sort: z.enum(['username', 'lastName', 'email', 'role', 'createdAt']).optional(),
  order: z.coerce.number().int().min(-1).max(1).optional(),
  search: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  buildingId: z.uuid().optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListSchema = z.object({ docs: z.array(userSchema), totalDocs: z.number().int() });
export type UserList = z.infer<typeof userListSchema>;

const personName = z.string().trim().max(100);
const userEmail = z.string().trim().max(254).pipe(z.email());

export const userCreateSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1)
      .max(USERNAME_MAX_LENGTH)
      .regex(/^[A-Za-z0-9._@-]+$/),
    email: userEmail,
    firstName: personName.nullable().optional(),
    lastName: personName.nullable().optional(),
    phone: z.string().trim().max(40).nullable().optional(),
    role: roleSchema,
    userLocale: z.enum(locales).optional(),
    /** Buildings the user sees, for roles that see only assigned ones. */
    buildingIds: z.array(z.uuid()).max(1000).optional(),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    email: userEmail.optional(),
    firstName: personName.nullable().optional(),
    lastName: personName.nullable().optional(),
    phone: z.string().trim().max(40).nullable().optional(),
    role: roleSchema.optional(),
    userLocale: z.enum(locales).optional(),
    blocked: z.boolean().optional(),
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const validateUserEmailQuerySchema = z.object({
  email: z.string().trim().max(254),
  userId: z.uuid().optional(),
});

export const buildingAssignmentParamsSchema = z.object({
  userId: z.uuid(),
  buildingId: z.uuid(),
  operation: z.enum(['assign', 'unassign']),
});
