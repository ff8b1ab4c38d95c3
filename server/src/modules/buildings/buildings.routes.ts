import type { FastifyInstance } from 'fastify';
import { BUILDING_LOGO_MAX_BYTES, countries, locales, timeZones } from '@vestibule/shared';
import { pickLocale, translate } from '@vestibule/shared/i18n';
import { AppError } from '../../errors.ts';
import { auditActorOf } from '../../http/auditActor.ts';
import { readMultipartForm } from '../../http/multipartForm.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf, buildingManagers } from '../access.ts';
import {
  buildingLogo,
  storeLogo,
  updateBuildingAddress,
  updateBuildingSettings,
  updateCheckInForms,
  updateDeviceTexts,
  updateDevices,
} from './buildingChanges.service.ts';
import { createBuilding, getBuilding, listTenantBuildings, removeBuilding } from './buildings.service.ts';
import { refreshMobileToken, updateMobileTokenSchedule } from './mobileTokens.service.ts';
import { getQuestionnaireLists, saveQuestionnaireLists } from './questionnaireLists.service.ts';
import { detectImageType } from './logo.ts';

/** A logo: one PNG, JPEG or BMP file under 2,000,000 bytes; no text field. */
const logoUploadRules = {
  maxFileBytes: BUILDING_LOGO_MAX_BYTES - 1,
  tooBig: 'sizeTooBig',
  textFields: new Set<string>(),
} as const;

const scoped = { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } } as const;

export async function buildingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /building', {
    config: { access: buildingManagers, tenant: true },
    handler: (request) =>
      listTenantBuildings(app.ctx, tenantOf(request), request.query, assignedBuildingsOf(authOf(request))),
  });

  route(app, 'POST /building', {
    config: { access: buildingManagers },
    handler: (request) => createBuilding(app.ctx, authOf(request), auditActorOf(request), request.body),
  });

  route(app, 'GET /building/dictionaries/:name', {
    config: { access: buildingManagers },
    handler: (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      if (request.params.name === 'countries') return countries(locale).map((c) => ({ value: c.code, label: c.name }));
      if (request.params.name === 'timeZones') return timeZones().map((zone) => ({ value: zone, label: zone }));
      // defaultLocales (the name clients use) or locales (its earlier name): the languages a building may default to.
      return locales.map((value) => ({ value, label: translate(locale, `common.languages.${value}`) }));
    },
  });

  route(app, 'GET /building/:id', {
    config: scoped,
    handler: (request) => getBuilding(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'PATCH /building/:id', {
    config: scoped,
    handler: (request) =>
      updateBuildingAddress(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /building/:id/settings', {
    config: scoped,
    handler: (request) =>
      updateBuildingSettings(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /building/:id/checkInForms', {
    config: scoped,
    handler: (request) =>
      updateCheckInForms(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /building/:id/checkInLogo', {
    config: scoped,
    handler: async (request) => {
      const tenantId = tenantOf(request);
      const { file } = await readMultipartForm(request, logoUploadRules);
      if (!file) throw new AppError('MISSING', { field: 'file' });
      const content = file.content;
      const contentType = detectImageType(content);
      if (!contentType) throw new AppError('invalidFormat');
      const fileName = (file.fileName || 'logo').slice(0, 200);
      const target = { tenantId, id: request.params.id };
      return storeLogo(app.ctx, auditActorOf(request), target, { fileName, contentType, content });
    },
  });

  route(app, 'GET /building/:id/questionnaire', {
    config: scoped,
    handler: (request) => getQuestionnaireLists(app.ctx, tenantOf(request), request.params.id, 'ENTRY'),
  });
  route(app, 'PUT /building/:id/questionnaire', {
    config: scoped,
    handler: async (request, reply) => {
      const target = { tenantId: tenantOf(request), id: request.params.id, kind: 'ENTRY' as const };
      const saved = await saveQuestionnaireLists(app.ctx, auditActorOf(request), target, request.body);
      return reply.code(201).send(saved);
    },
  });
  route(app, 'GET /building/:id/exitQuestionnaire', {
    config: scoped,
    handler: (request) => getQuestionnaireLists(app.ctx, tenantOf(request), request.params.id, 'EXIT'),
  });
  route(app, 'PUT /building/:id/exitQuestionnaire', {
    config: scoped,
    handler: async (request, reply) => {
      const target = { tenantId: tenantOf(request), id: request.params.id, kind: 'EXIT' as const };
      const saved = await saveQuestionnaireLists(app.ctx, auditActorOf(request), target, request.body);
      return reply.code(201).send(saved);
    },
  });

  route(app, 'PATCH /building/:id/deviceTexts', {
    config: scoped,
    handler: (request) =>
      updateDeviceTexts(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /building/:id/devices', {
    config: scoped,
    handler: (request) =>
      updateDevices(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body.devicesIds),
  });

  route(app, 'PATCH /building/:id/mobileToken', {
    config: scoped,
    handler: (request) =>
      updateMobileTokenSchedule(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /building/:id/refreshMobileToken', {
    config: scoped,
    handler: (request) => refreshMobileToken(app.ctx, auditActorOf(request), tenantOf(request), request.params.id),
  });

  route(app, 'DELETE /building/:id', {
    config: scoped,
    handler: async (request) => {
      await removeBuilding(app.ctx, auditActorOf(request), tenantOf(request), request.params.id);
      return { id: request.params.id };
    },
  });

  route(app, 'GET /public/buildings/:id/checkInLogoImage/:version', {
    config: { access: 'public', rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const logo = await buildingLogo(app.ctx, request.params.id);
      return reply
        .header('content-type', logo.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo.content);
    },
  });
}
