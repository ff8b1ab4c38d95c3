import { type Role } from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { auditActorOf, visitorActor } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingPrivacyNotice, privacyNotices, publishPrivacyNotice } from './privacyNotice.service.ts';
import { changeRetention, previewRetention, retentionSettings } from './retention.service.ts';
import { eraseSubjectData, exportSubject, searchSubjects } from './subjects.service.ts';
import { eraseVisitorData, visitorData, visitorDataHtml } from './visitorData.service.ts';

// A company's retention periods are its data-protection choice (docs/privacy.md, "Retention"):
// administrators and corporate users, who see the whole company, set them. A visitor's own data
// is theirs to see and erase from the visit's link ("The visitor acts for themselves"): no
// sign-in, limited per address like the other public calls.
const privacyManagers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER'];
const config = { access: privacyManagers, tenant: true } as const;

/** A download's headers: a file to keep, never cached (it names the visitor). */
const attachment = (type: string, name: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
});

export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /privacy/retention', {
    config,
    handler: (request) => retentionSettings(app.ctx, tenantOf(request), new Date()),
  });

  route(app, 'PUT /privacy/retention', {
    config,
    handler: (request) => changeRetention(app.ctx, auditActorOf(request), tenantOf(request), request.body, new Date()),
  });

  route(app, 'POST /privacy/retention/preview', {
    config,
    handler: (request) => previewRetention(app.ctx, tenantOf(request), request.body, new Date()),
  });

  route(app, 'GET /privacy/notice', {
    config,
    handler: (request) => privacyNotices(app.ctx, tenantOf(request)),
  });

  route(app, 'POST /privacy/notice', {
    config,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await publishPrivacyNotice(app.ctx, auditActorOf(request), tenantOf(request), request.body.body)),
  });

  route(app, 'GET /privacy/subjects', {
    config,
    handler: (request) => searchSubjects(app.ctx, tenantOf(request), request.query.q),
  });

  route(app, 'POST /privacy/subjects/export', {
    config,
    handler: async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const archive = await exportSubject(
        app.ctx,
        auditActorOf(request),
        tenantOf(request),
        request.body,
        locale,
        new Date(),
      );
      return reply.headers(attachment('application/zip', 'person-data.zip')).send(Buffer.from(archive));
    },
  });

  route(app, 'POST /privacy/subjects/erase', {
    config,
    handler: (request) => eraseSubjectData(app.ctx, auditActorOf(request), tenantOf(request), request.body, new Date()),
  });

  const visitor = {
    access: 'public' as const,
    rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 },
  };

  route(app, 'GET /visitorData/:publicIdentifier', {
    config: visitor,
    handler: async (request, reply) => {
      const data = await visitorData(app.ctx, request.params.publicIdentifier);
      return reply.header('cache-control', 'no-store').send(data);
    },
  });

  route(app, 'GET /visitorData/:publicIdentifier/visit.json', {
    config: visitor,
    handler: async (request, reply) => {
      const data = await visitorData(app.ctx, request.params.publicIdentifier);
      return reply
        .headers(attachment('application/json; charset=utf-8', 'visit.json'))
        .send(JSON.stringify(data, null, 2));
    },
  });

  route(app, 'GET /visitorData/:publicIdentifier/visit.html', {
    config: visitor,
    handler: async (request, reply) => {
      const locale = request.query.lang ?? pickLocale(request.headers['accept-language']);
      const page = await visitorDataHtml(app.ctx, request.params.publicIdentifier, locale, new Date());
      return reply.headers(attachment('text/html; charset=utf-8', 'visit.html')).send(page);
    },
  });

  route(app, 'DELETE /visitorData/:publicIdentifier', {
    config: visitor,
    handler: async (request) => {
      await eraseVisitorData(app.ctx, visitorActor(request), request.params.publicIdentifier, new Date());
      return { ok: true as const };
    },
  });

  route(app, 'GET /privacyNotice/:id', {
    config: visitor,
    handler: (request) => buildingPrivacyNotice(app.ctx, request.params.id),
  });
}
