import type { FastifyInstance } from 'fastify';
import { dateFormats, roles, timeFormats } from '@vestibule/shared';
import { pickLocale, translate } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { anyRole, userManagers } from '../access.ts';
import { tenantUser } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /user_roles', {
    config: { access: anyRole },
    handler: (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      return roles.map((value) => ({ value, label: translate(locale, `common.roles.${value}`) }));
    },
  });

  route(app, 'GET /preferences/possibleValues', {
    config: { access: anyRole },
    handler: () => ({ dateFormats: [...dateFormats], timeFormats: [...timeFormats] }),
  });

  route(app, 'GET /user/:id', {
    config: { access: userManagers, tenant: true, tenantParams: { id: 'user' } },
    handler: (request) => tenantUser(app.ctx, tenantOf(request), request.params.id),
  });
}
