import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dateFormats,
  errorBodySchema,
  idParamsSchema,
  possibleValuesResponseSchema,
  roles,
  timeFormats,
  userRolesResponseSchema,
  userSchema,
} from '@vestibule/shared';
import { pickLocale, translate } from '@vestibule/shared/i18n';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { anyRole, userManagers } from '../access.ts';
import { tenantUser } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/user_roles', {
    config: { access: anyRole },
    schema: {
      tags: ['users'],
      summary: "The roles, with their names in the caller's language",
      response: { 200: userRolesResponseSchema },
    },
    handler: (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      return roles.map((value) => ({ value, label: translate(locale, `common.roles.${value}`) }));
    },
  });

  r.get('/preferences/possibleValues', {
    config: { access: anyRole },
    schema: {
      tags: ['users'],
      summary: 'Date and time formats a user may choose',
      response: { 200: possibleValuesResponseSchema },
    },
    handler: () => ({ dateFormats: [...dateFormats], timeFormats: [...timeFormats] }),
  });

  r.get('/user/:id', {
    config: { access: userManagers, tenant: true, tenantParams: { id: 'user' } },
    schema: {
      tags: ['users'],
      summary: 'One user of the current tenant',
      params: idParamsSchema,
      response: { 200: userSchema, 404: errorBodySchema },
    },
    handler: (request) => tenantUser(app.ctx, tenantOf(request), request.params.id),
  });
}
