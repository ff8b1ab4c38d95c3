import { z } from 'zod';
import { newPasswordSchema } from '../schemas/account.ts';
import { idParamsSchema, okSchema } from '../schemas/common.ts';
import {
  buildingAssignmentParamsSchema,
  possibleValuesResponseSchema,
  userCreateSchema,
  userListQuerySchema,
  userListSchema,
  userRolesResponseSchema,
  userSchema,
  userUpdateSchema,
  validateUserEmailQuerySchema,
} from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';

const tags = ['users'];

export const usersContract = {
  'GET /user_roles': endpoint({
    tags,
    summary: "The roles, with their names in the caller's language",
    response: userRolesResponseSchema,
    errors: [],
  }),
  'GET /preferences/possibleValues': endpoint({
    tags,
    summary: 'Date and time formats a user may choose',
    response: possibleValuesResponseSchema,
    errors: [],
  }),
  'GET /user/:id': endpoint({
    tags,
    summary: 'One user of the current tenant',
    params: idParamsSchema,
    response: userSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /user': endpoint({
    tags,
    summary: 'The users of the current company: paged, sorted, searched, by role and by building',
    query: userListQuerySchema,
    response: userListSchema,
    errors: [],
  }),
  'POST /user': endpoint({
    tags,
    summary: 'A new user of the current company; they get an e-mail to verify their address and choose a password',
    body: userCreateSchema,
    response: userSchema,
    alsoAnswers: [201],
    errors: ['EMAIL_ALREADY_EXISTS', 'USER_ALREADY_EXISTS', 'ROLE_NOT_ALLOWED', 'USER_READ_ONLY', 'NOT_FOUND'],
  }),
  'PATCH /user/:id': endpoint({
    tags,
    summary: 'Change a user: names, e-mail, role, language, blocked',
    params: idParamsSchema,
    body: userUpdateSchema,
    response: userSchema,
    errors: [
      'NOT_FOUND',
      'EMAIL_ALREADY_EXISTS',
      'ROLE_NOT_ALLOWED',
      'USER_NOT_MANAGEABLE',
      'USER_READ_ONLY',
      'SELF_CHANGE_NOT_ALLOWED',
      'LAST_ADMIN',
    ],
  }),
  'DELETE /user/:id': endpoint({
    tags,
    summary: 'Delete a user (never oneself, never the last administrator)',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND', 'USER_NOT_MANAGEABLE', 'USER_READ_ONLY', 'SELF_CHANGE_NOT_ALLOWED', 'LAST_ADMIN'],
  }),
  'POST /user/:id/changePassword': endpoint({
    tags,
    summary: "Set a user's password (their sessions end)",
    params: idParamsSchema,
    body: newPasswordSchema,
    response: okSchema,
    errors: [
      'NOT_FOUND',
      'USER_NOT_MANAGEABLE',
      'USER_READ_ONLY',
      'PASSWORD_TOO_SHORT_MIN_5',
      'PASSWORD_POLICY',
      'PASSWORDS_DONT_MATCH',
    ],
  }),
  'GET /validateUserEmail': endpoint({
    tags,
    summary: 'Whether an e-mail address is free for a user (userId: the user being edited)',
    query: validateUserEmailQuerySchema,
    response: z.object({ valid: z.boolean() }),
    errors: [],
  }),
  'GET /users/users.csv': endpoint({
    tags,
    summary: "The company's users as CSV (same filters as the list), in the caller's language",
    query: userListQuerySchema.omit({ page: true, limit: true }),
    errors: [],
  }),
  'GET /user/:id/buildings': endpoint({
    tags,
    summary: 'The buildings assigned to a user',
    params: idParamsSchema,
    response: z.array(z.object({ id: z.uuid(), name: z.string() })),
    errors: ['NOT_FOUND'],
  }),
  'POST /user/:userId/buildings/:buildingId/:operation': endpoint({
    tags,
    summary: 'Assign a building to a user, or take it away',
    params: buildingAssignmentParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND', 'USER_NOT_MANAGEABLE', 'USER_READ_ONLY'],
  }),
};
