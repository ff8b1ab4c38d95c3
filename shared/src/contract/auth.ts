import { z } from 'zod';
import { okSchema } from '../schemas/common.ts';
import { impersonateRequestSchema, loginRequestSchema, loginResponseSchema } from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';

const tags = ['auth'];

export const authContract = {
  'POST /login': endpoint({
    access: 'public',
    tags,
    summary: 'Sign in with a username and password',
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: ['WRONG_PASSWORD', 'BLOCKED_USER', 'TENANT_INACTIVE', 'SSO_REQUIRED'],
  }),
  'GET /token': endpoint({
    tags,
    summary: 'Renew a valid token (only while the user is active)',
    response: loginResponseSchema,
    errors: ['BAD_TOKEN'],
  }),
  'POST /logout': endpoint({
    tags,
    summary: 'Sign out: the session ends and its token stops working everywhere',
    response: okSchema,
    errors: [],
  }),
  'POST /login/impersonate': endpoint({
    tags,
    summary:
      'Sign in as another user (form-encoded username): a 60-minute token naming the administrator; ' +
      'refused during an impersonation',
    body: impersonateRequestSchema,
    response: loginResponseSchema,
    errors: ['USER_DOES_NOT_EXIST', 'IMPERSONATION_NOT_ALLOWED'],
  }),
  'POST /sso/token': endpoint({
    tags,
    summary:
      'Create a one-time sign-in token for a user; for another user it opens an impersonation by the ' +
      'administrator who made it. Refused during an impersonation',
    body: impersonateRequestSchema,
    response: z.object({ token: z.string(), expiresAt: z.string() }),
    errors: ['USER_DOES_NOT_EXIST', 'IMPERSONATION_NOT_ALLOWED'],
  }),
  'GET /sso/:token': endpoint({
    access: 'public',
    tags,
    summary:
      'Sign in with a one-time token (404 when unknown or used); an administrator’s link for another user ' +
      'opens a 60-minute impersonation',
    params: z.object({ token: z.string().min(1).max(200) }),
    response: loginResponseSchema,
    errors: ['NOT_FOUND', 'BLOCKED_USER'],
  }),
};
