import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT_BYTES, SERVICE_BASE } from '@vestibule/shared';
import type { AppConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import type { DatabaseHandle } from './db/database.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { buildingsRoutes } from './modules/buildings/buildings.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { checkinRoutes } from './modules/checkin/checkin.routes.ts';
import { meetingsRoutes } from './modules/meetings/meetings.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { camerasRoutes } from './modules/cameras/cameras.routes.ts';
import { questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { errorsPlugin } from './plugins/errors.plugin.ts';
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
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: ServerContext = {
    db: database.db,
    config,
    signToken: (claims, minutes) => {
      const token = app.jwt.sign(claims, { expiresIn: `${minutes}m` });
      const decoded = app.jwt.decode<{ exp: number }>(token);
      return { token, expiresAt: decoded?.exp ?? Math.floor(Date.now() / 1000) + minutes * 60 };
    },
  };
  app.decorate('ctx', ctx);

  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: database.db, jwtSecret: config.jwtSecret });
  await app.register(securityPlugin, { db: database.db });
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });
  await app.register(multipart, { limits: { fileSize: 5_000_000, files: 1, fields: 10, parts: 12 } });
  await app.register(openapiPlugin);

  await app.register(
    async (service) => {
      await service.register(systemRoutes, { databaseKind: database.kind });
      await service.register(authRoutes);
      await service.register(tenantsRoutes);
      await service.register(usersRoutes);
      await service.register(buildingsRoutes);
      await service.register(questionnairesRoutes);
      await service.register(camerasRoutes);
      await service.register(mailRoutes);
      await service.register(checkinRoutes);
      await service.register(meetingsRoutes);
      await service.register(syncRoutes);
    },
    { prefix: SERVICE_BASE },
  );

  await app.register(jobsPlugin, { db: database.db, enabled: options.runJobs ?? false, smtpUrl: config.smtpUrl });
  await app.register(
    staticPlugin,
    options.serveApps ? config.staticDirs : { admin: '/nonexistent', kiosk: '/nonexistent' },
  );
  return app;
}
