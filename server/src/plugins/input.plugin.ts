import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeText } from '@vestibule/shared';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Parts of the body that the route checks entry by entry (a kiosk batch: a bad entry is
     * answered rejected alone, never refusing the batch). Paths as arrays of keys and indexes.
     */
    inputCheckedPerEntry?: (path: readonly (string | number)[]) => boolean;
  }
}

/**
 * The safety net under every route's schema: text no field may hold (NUL and other control
 * characters, unpaired surrogates) and absurd nesting, in path parameters, query strings and
 * bodies, answer 400 VALIDATION_FAILED naming the field before anything reaches the database.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const skip = request.routeOptions.config?.inputCheckedPerEntry;
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnsafeText(value, part === 'body' ? skip : undefined);
      if (field !== undefined) throw new AppError('VALIDATION_FAILED', { field: `${part}.${field}`.slice(0, 120) });
    }
  });
});
