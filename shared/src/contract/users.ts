import { idParamsSchema } from '../schemas/common.ts';
import { possibleValuesResponseSchema, userRolesResponseSchema, userSchema } from '../schemas/user.ts';
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
};
