import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Db } from '../db/database.ts';
import { createRateLimitStore } from '../db/rate-limit.store.ts';

/**
 * Security headers on every answer; rate limits only where a route asks for them (login,
 * public endpoints), counted in PostgreSQL so they hold across instances.
 *
 * Helmet itself, its middleware built once: the Fastify wrapper (@fastify/helmet) built it
 * again on every request, parsing the policy each time (3% of a check-in's CPU).
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Kiosk tablets on plain http inside a building must keep working.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  await app.register(rateLimit, {
    global: false,
    store: createRateLimitStore(options.db),
    // A database hiccup must not lock everybody out.
    skipOnError: true,
  });
});
