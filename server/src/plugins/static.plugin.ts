import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_BASE, isPublicPage } from '@vestibule/shared';
import { productVersion } from '../paths.ts';
import { sendError } from './errors.plugin.ts';

function setCacheHeaders(reply: FastifyReply, path: string): void {
  // Hashed build assets never change; the rest (index.html, sw.js, manifest) is revalidated.
  if (/\/assets\//.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'no-cache');
}

export const staticPlugin = fp(async (app: FastifyInstance, options: { admin: string; kiosk: string }) => {
  app.get('/version.json', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: productVersion };
  });

  const adminIndex = existsSync(join(options.admin, 'index.html'));
  const kioskIndex = existsSync(join(options.kiosk, 'index.html'));
  if (adminIndex) {
    await app.register(fastifyStatic, {
      root: options.admin,
      prefix: '/',
      wildcard: false,
      // The server answers /version.json itself (it must work without a build too).
      globIgnore: ['version.json'],
      index: false,
      // The build writes .br and .gz copies (scripts/src/lib/precompress.ts): sent as accepted.
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }
  if (kioskIndex) {
    await app.register(fastifyStatic, {
      root: options.kiosk,
      prefix: '/kiosk/',
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: !adminIndex,
      setHeaders: (res, path) => {
        setCacheHeaders(res, path);
        // The kiosk's service worker controls the public pages at the site root.
        if (/\/sw\.js(\.br|\.gz)?$/.test(path)) res.header('service-worker-allowed', '/');
      },
    });
  }

  function sendIndex(reply: FastifyReply, root: string): FastifyReply {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith(SERVICE_BASE) && !path.startsWith('/assets/');
    if (wantsPage && kioskIndex && (isPublicPage(path) || path.startsWith('/kiosk/')))
      return sendIndex(reply, options.kiosk);
    if (wantsPage && adminIndex && !path.startsWith('/kiosk/')) return sendIndex(reply, options.admin);
    return sendError(request, reply, 'NOT_FOUND');
  });
});
