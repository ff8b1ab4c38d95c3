import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, impersonateRequestSchema, loginRequestSchema, loginResponseSchema } from '@vestibule/shared';
import { authOf } from '../../plugins/auth.plugin.ts';
import { adminOnly, anyRole } from '../access.ts';
import { createSsoToken, impersonate, logIn, logInWithSsoToken, logOut, renewToken } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = { max: app.ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 };

  r.post('/login', {
    config: { access: 'public', rateLimit: loginLimit },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a username and password',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, 403: errorBodySchema },
    },
    handler: (request) => logIn(app.ctx, request.body.username, request.body.password, request.ip),
  });

  r.get('/token', {
    config: { access: anyRole },
    schema: { tags: ['auth'], summary: 'Renew a valid token', response: { 200: loginResponseSchema } },
    handler: (request) => renewToken(app.ctx, authOf(request)),
  });

  r.post('/logout', {
    config: { access: anyRole },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: the session ends and its token stops working everywhere',
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (request) => {
      await logOut(app.ctx, authOf(request));
      return { ok: true as const };
    },
  });

  r.post('/login/impersonate', {
    config: { access: adminOnly },
    schema: {
      tags: ['auth'],
      summary: 'Sign in as another user (form-encoded username); a 60-minute token',
      body: impersonateRequestSchema,
      response: { 200: loginResponseSchema, 404: errorBodySchema },
    },
    handler: (request) => impersonate(app.ctx, authOf(request).userId, request.body.username),
  });

  r.post('/sso/token', {
    config: { access: adminOnly },
    schema: {
      tags: ['auth'],
      summary: 'Create a one-time sign-in token for a user',
      body: impersonateRequestSchema,
      response: { 200: z.object({ token: z.string(), expiresAt: z.string() }) },
    },
    handler: (request) => createSsoToken(app.ctx, request.body.username),
  });

  r.get('/sso/:token', {
    config: { access: 'public', rateLimit: loginLimit },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a one-time token (404 when unknown or used)',
      params: z.object({ token: z.string().min(1).max(200) }),
      response: { 200: loginResponseSchema, 404: errorBodySchema },
    },
    handler: (request) => logInWithSsoToken(app.ctx, request.params.token),
  });
}
