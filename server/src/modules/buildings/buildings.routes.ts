import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUILDING_LOGO_MAX_BYTES,
  buildingAddressSchema,
  buildingCheckInFormsSchema,
  buildingCreateSchema,
  buildingDeviceTextsSchema,
  buildingDevicesSchema,
  buildingExitQuestionnairesSchema,
  buildingMobileTokenSchema,
  buildingQuestionnairesSchema,
  buildingSchema,
  buildingSettingsSchema,
  countries,
  errorBodySchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  locales,
  timeZones,
} from '@vestibule/shared';
import { pickLocale, translate } from '@vestibule/shared/i18n';
import { AppError } from '../../errors.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import {
  createBuilding,
  getBuilding,
  getQuestionnaireLists,
  listTenantBuildings,
  refreshMobileToken,
  removeBuilding,
  saveQuestionnaireLists,
  storeLogo,
  updateBuildingAddress,
  updateBuildingSettings,
  updateCheckInForms,
  updateDeviceTexts,
  updateDevices,
  updateMobileTokenSchedule,
  buildingLogo,
} from './buildings.service.ts';
import { detectImageType } from './logo.ts';

const scoped = { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } } as const;
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export async function buildingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['buildings'];

  r.get('/building', {
    config: { access: buildingManagers, tenant: true },
    schema: {
      tags,
      summary: 'Buildings of the current tenant',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(buildingSchema), 400: errorBodySchema },
    },
    handler: (request) => listTenantBuildings(app.ctx, tenantOf(request), request.query),
  });

  r.post('/building', {
    config: { access: buildingManagers },
    schema: {
      tags,
      summary: 'Create a building (new-building defaults)',
      body: buildingCreateSchema,
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => createBuilding(app.ctx, authOf(request), request.body),
  });

  r.get('/building/dictionaries/:name', {
    config: { access: buildingManagers },
    schema: {
      tags,
      summary: "Countries (in the caller's language), time zones, locales",
      params: z.object({ name: z.enum(['countries', 'timeZones', 'locales']) }),
      response: { 200: z.array(z.object({ value: z.string(), label: z.string() })) },
    },
    handler: (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      if (request.params.name === 'countries') return countries(locale).map((c) => ({ value: c.code, label: c.name }));
      if (request.params.name === 'timeZones') return timeZones().map((zone) => ({ value: zone, label: zone }));
      return locales.map((value) => ({ value, label: translate(locale, `common.languages.${value}`) }));
    },
  });

  r.get('/building/:id', {
    config: scoped,
    schema: {
      tags,
      summary: 'One building',
      params: idParamsSchema,
      response: { 200: buildingSchema, 404: errorBodySchema },
    },
    handler: (request) => getBuilding(app.ctx, tenantOf(request), request.params.id),
  });

  r.patch('/building/:id', {
    config: scoped,
    schema: {
      tags,
      summary: 'Address and contact',
      params: idParamsSchema,
      body: buildingAddressSchema,
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => updateBuildingAddress(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.patch('/building/:id/settings', {
    config: scoped,
    schema: {
      tags,
      summary: 'General settings',
      params: idParamsSchema,
      body: buildingSettingsSchema,
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => updateBuildingSettings(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.patch('/building/:id/checkInForms', {
    config: scoped,
    schema: {
      tags,
      summary: 'The three check-in forms',
      params: idParamsSchema,
      body: buildingCheckInFormsSchema,
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => updateCheckInForms(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.patch('/building/:id/checkInLogo', {
    config: scoped,
    schema: {
      tags,
      summary: 'Upload the check-in logo (multipart, field file): PNG, JPEG or BMP under 2,000,000 bytes',
      params: idParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 200: buildingSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
    },
    handler: async (request) => {
      const tenantId = tenantOf(request);
      if (!request.isMultipart()) throw new AppError('invalidFormat');
      const file = await request.file({ limits: { fileSize: BUILDING_LOGO_MAX_BYTES - 1, files: 1, fields: 5 } });
      if (!file || file.fieldname !== 'file') throw new AppError('MISSING', { field: 'file' });
      const content = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('sizeTooBig');
        throw error;
      });
      if (file.file.truncated) throw new AppError('sizeTooBig');
      const contentType = detectImageType(content);
      if (!contentType) throw new AppError('invalidFormat');
      const fileName = (file.filename || 'logo').slice(0, 200);
      return storeLogo(app.ctx, tenantId, request.params.id, { fileName, contentType, content });
    },
  });

  for (const [path, kind, schema] of [
    ['questionnaire', 'ENTRY', buildingQuestionnairesSchema],
    ['exitQuestionnaire', 'EXIT', buildingExitQuestionnairesSchema],
  ] as const) {
    r.get(`/building/:id/${path}`, {
      config: scoped,
      schema: {
        tags,
        summary: `${kind === 'ENTRY' ? 'Entry' : 'Exit'} questionnaires per person type`,
        params: idParamsSchema,
        response: { 200: schema, 404: errorBodySchema },
      },
      handler: (request) => getQuestionnaireLists(app.ctx, tenantOf(request), request.params.id, kind),
    });
    r.put(`/building/:id/${path}`, {
      config: scoped,
      schema: {
        tags,
        summary: `Save the ${kind === 'ENTRY' ? 'entry' : 'exit'} questionnaire lists (201)`,
        params: idParamsSchema,
        body: schema,
        response: { 201: schema, ...errors },
      },
      handler: async (request, reply) => {
        const saved = await saveQuestionnaireLists(app.ctx, tenantOf(request), request.params.id, kind, request.body);
        return reply.code(201).send(saved);
      },
    });
  }

  r.patch('/building/:id/deviceTexts', {
    config: scoped,
    schema: {
      tags,
      summary: 'Kiosk success and attention texts',
      params: idParamsSchema,
      body: buildingDeviceTextsSchema,
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => updateDeviceTexts(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.patch('/building/:id/devices', {
    config: scoped,
    schema: {
      tags,
      summary: 'Kiosk device IP whitelist',
      params: idParamsSchema,
      body: buildingDevicesSchema,
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => updateDevices(app.ctx, tenantOf(request), request.params.id, request.body.devicesIds),
  });

  r.patch('/building/:id/mobileToken', {
    config: scoped,
    schema: {
      tags,
      summary: 'Mobile token schedule',
      params: idParamsSchema,
      body: buildingMobileTokenSchema.extend({ id: z.uuid().optional() }),
      response: { 200: buildingSchema, ...errors },
    },
    handler: (request) => updateMobileTokenSchedule(app.ctx, tenantOf(request), request.params.id, request.body),
  });

  r.patch('/building/:id/refreshMobileToken', {
    config: scoped,
    schema: {
      tags,
      summary: 'Generate a new mobile token now',
      params: idParamsSchema,
      response: { 200: buildingSchema, 404: errorBodySchema },
    },
    handler: (request) => refreshMobileToken(app.ctx, tenantOf(request), request.params.id),
  });

  r.delete('/building/:id', {
    config: scoped,
    schema: {
      tags,
      summary: 'Delete a building',
      params: idParamsSchema,
      response: { 200: z.object({ id: z.uuid() }), 404: errorBodySchema },
    },
    handler: async (request) => {
      await removeBuilding(app.ctx, tenantOf(request), request.params.id);
      return { id: request.params.id };
    },
  });

  r.get('/public/buildings/:id/checkInLogoImage/:version', {
    config: { access: 'public', rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 } },
    schema: {
      tags,
      summary: 'The check-in logo; the version in the path makes it cacheable for a year',
      params: z.object({ id: z.uuid(), version: z.coerce.number().int().min(0) }),
    },
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
