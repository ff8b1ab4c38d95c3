import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dateFormats, roles, timeFormats } from '@vestibule/shared';
import { pickLocale, translate } from '@vestibule/shared/i18n';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { anyRole, userManagers } from '../access.ts';
import {
  changeBuildingAssignment,
  createUser,
  editUser,
  emailIsFree,
  listUsers,
  removeUser,
  setUserPassword,
  tenantUser,
  userBuildings,
  usersCsv,
} from './users.service.ts';

/** Where the request came to: links in e-mails use it when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const managers = { access: userManagers, tenant: true };

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
    config: { ...managers, tenantParams: { id: 'user' } },
    handler: (request) => tenantUser(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'GET /user', {
    config: managers,
    handler: (request) => listUsers(app.ctx, tenantOf(request), request.query),
  });

  route(app, 'POST /user', {
    config: managers,
    handler: async (request, reply) => {
      const user = await createUser(
        app.ctx,
        authOf(request),
        auditActorOf(request),
        tenantOf(request),
        request.body,
        originOf(request),
      );
      return reply.code(201).send(user);
    },
  });

  route(app, 'PATCH /user/:id', {
    config: { ...managers, tenantParams: { id: 'user' } },
    handler: (request) =>
      editUser(app.ctx, authOf(request), auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /user/:id', {
    config: { ...managers, tenantParams: { id: 'user' } },
    handler: async (request) => {
      await removeUser(app.ctx, authOf(request), auditActorOf(request), tenantOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, 'POST /user/:id/changePassword', {
    config: { ...managers, tenantParams: { id: 'user' } },
    handler: async (request) => {
      const { id } = request.params;
      await setUserPassword(
        app.ctx,
        authOf(request),
        auditActorOf(request),
        tenantOf(request),
        id,
        request.body.password,
      );
      return { ok: true as const };
    },
  });

  route(app, 'GET /validateUserEmail', {
    config: { access: userManagers },
    handler: async (request) => ({ valid: await emailIsFree(app.ctx, request.query.email, request.query.userId) }),
  });

  route(app, 'GET /users/users.csv', {
    config: managers,
    handler: (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(Readable.from(usersCsv(app.ctx, tenantOf(request), request.query, locale)));
    },
  });

  route(app, 'GET /user/:id/buildings', {
    config: { ...managers, tenantParams: { id: 'user' } },
    handler: (request) => userBuildings(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'POST /user/:userId/buildings/:buildingId/:operation', {
    config: { ...managers, tenantParams: { userId: 'user', buildingId: 'building' } },
    handler: async (request) => {
      await changeBuildingAssignment(
        app.ctx,
        authOf(request),
        auditActorOf(request),
        tenantOf(request),
        request.params,
      );
      return { ok: true as const };
    },
  });
}
