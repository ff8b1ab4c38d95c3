import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT_BYTES, SERVICE_BASE } from '@vestibule/shared';
import type { AppConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { CheckInConfigCache } from './modules/checkin/checkInConfig.ts';
import type { DatabaseHandle } from './db/database.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { buildingsRoutes } from './modules/buildings/buildings.routes.ts';
import { floorsRoutes } from './modules/floors/floors.routes.ts';
import { spaceBookingsRoutes } from './modules/spaceBookings/spaceBookings.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { checkinRoutes } from './modules/checkin/checkin.routes.ts';
import { staffCheckInRoutes } from './modules/checkin/staffCheckIn.routes.ts';
import { identificationRoutes } from './modules/identification/identification.routes.ts';
import { visitsRoutes } from './modules/visits/visits.routes.ts';
import { evacuationRoutes } from './modules/evacuation/evacuation.routes.ts';
import { buildingReportRoutes } from './modules/reports/buildingReport.routes.ts';
import { entryReportRoutes } from './modules/reports/entryReport.routes.ts';
import { attendanceRoutes } from './modules/reports/attendance.routes.ts';
import { peopleImportRoutes } from './modules/people/import/import.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { kiosksRoutes } from './modules/kiosks/kiosks.routes.ts';
import { livePlugin } from './modules/live/live.plugin.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { withoutTicket } from './modules/live/liveTicket.ts';
import { camerasRoutes } from './modules/cameras/cameras.routes.ts';
import { questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { privacyRoutes } from './modules/retention/privacy.routes.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { hostChannelsRoutes } from './modules/hostChannels/hostChannels.routes.ts';
import { apiTokensRoutes } from './modules/apiTokens/apiTokens.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { enqueueWebhookEvents } from './modules/webhooks/webhookEvents.ts';
import { onAudited } from './modules/audit/audit.service.ts';
import { citiesRoutes } from './modules/cities/cities.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { publicVisitRoutes } from './modules/publicVisit/publicVisit.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { errorsPlugin, sendError } from './plugins/errors.plugin.ts';
import { inputPlugin } from './plugins/input.plugin.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { selfTestRoutes } from './modules/selfTest/selfTest.routes.ts';
import { jobsPlugin } from './plugins/jobs.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { staticPlugin } from './plugins/static.plugin.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database. The caller owns it and closes it after the app. */
  database: DatabaseHandle;
  /** Serve the built admin and kiosk apps (production); API tests leave it off. */
  serveApps?: boolean;
  logger?: boolean;
  /** Run background jobs on timers (main.ts); tests call the jobs directly. */
  runJobs?: boolean;
}

/** Registers plugins and modules, nothing else. Used by main.ts and by every test. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Never log credentials.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
            // Fastify's request fields, with a live stream's ticket left out of the URL.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: withoutTicket(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    // Router refusals (a path that is not valid UTF-8, a parameter over 500 characters) answer
    // the catalogue's shape like every other refusal.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendError(request, reply, tooLong ? 'VALIDATION_FAILED' : 'ID_MALFORMED', undefined, tooLong ? 414 : 400);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every audited change that is a webhook event writes its deliveries in its own transaction.
  onAudited(enqueueWebhookEvents);
  const ctx: ServerContext = {
    db: database.db,
    config,
    signToken: (claims, expiresAt) => {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return { token: app.jwt.sign({ ...claims, exp }), expiresAt: exp };
    },
    checkInConfigs: new CheckInConfigCache(),
    ...(database.replica ? { replica: database.replica } : {}),
  };
  app.decorate('ctx', ctx);

  await app.register(errorsPlugin);
  // API answers over 1 KB are compressed (brotli at a fast level, or gzip); built assets are
  // sent precompressed by the static plugin and left alone here.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(inputPlugin);
  await app.register(authPlugin, {
    db: database.db,
    jwtSecret: config.jwtSecret,
    idleMinutes: config.sessionIdleMinutes,
    recordWrites: database.replica !== undefined,
  });
  await app.register(securityPlugin, { db: database.db });
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });
  await app.register(multipart, { limits: { fileSize: 5_000_000, files: 1, fields: 10, parts: 12 } });
  await app.register(openapiPlugin);
  await app.register(livePlugin, { database });

  await app.register(
    async (service) => {
      await service.register(systemRoutes, { databaseKind: database.kind });
      await service.register(authRoutes);
      await service.register(accountRoutes);
      await service.register(tenantsRoutes);
      await service.register(citiesRoutes);
      await service.register(privacyRoutes);
      await service.register(watchlistRoutes);
      await service.register(webhooksRoutes);
      await service.register(apiTokensRoutes);
      await service.register(hostChannelsRoutes);
      await service.register(ssoRoutes);
      await service.register(usersRoutes);
      await service.register(buildingsRoutes);
      await service.register(questionnairesRoutes);
      await service.register(documentsRoutes);
      await service.register(camerasRoutes);
      await service.register(mailRoutes);
      await service.register(auditRoutes);
      await service.register(checkinRoutes);
      await service.register(identificationRoutes);
      await service.register(publicVisitRoutes);
      await service.register(visitsRoutes);
      await service.register(staffCheckInRoutes);
      await service.register(evacuationRoutes);
      await service.register(buildingReportRoutes);
      await service.register(peopleImportRoutes);
      await service.register(peopleRoutes);
      await service.register(syncRoutes);
      await service.register(kiosksRoutes);
      await service.register(liveRoutes);
      await service.register(logsRoutes);
      await service.register(selfTestRoutes);
      await service.register(entryReportRoutes);
      await service.register(attendanceRoutes);
      await service.register(floorsRoutes);
      await service.register(spaceBookingsRoutes);
    },
    { prefix: SERVICE_BASE },
  );

  await app.register(jobsPlugin, { enabled: options.runJobs ?? false });
  await app.register(
    staticPlugin,
    options.serveApps ? config.staticDirs : { admin: '/nonexistent', kiosk: '/nonexistent' },
  );
  return app;
}
