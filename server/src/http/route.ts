import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBodySchema, errorCatalogue } from '@vestibule/shared';
import type { Access } from '../plugins/auth.plugin.ts';
import {
  type Contract,
  type ContractKey,
  type Endpoint,
  type HandlerInput,
  type HandlerOutput,
  contract,
  methodAndPath,
} from '@vestibule/shared/contract';

type Returned<K extends ContractKey> = HandlerOutput<Contract[K]> | FastifyReply;

/**
 * Who may call, tenant scope, rate limit. A public call's access comes from its contract
 * (`access: 'public'`, which the route may repeat); a signed-in call names its roles here.
 */
export type RouteConfig<K extends ContractKey> = Omit<FastifyContextConfig, 'access'> &
  (Contract[K] extends { access: 'public' } ? { access?: 'public' } : { access: Exclude<Access, 'public'> });

export interface ContractRoute<K extends ContractKey> {
  config: RouteConfig<K>;
  handler: (
    request: FastifyRequest<HandlerInput<Contract[K]>>,
    reply: FastifyReply,
  ) => Promise<Returned<K>> | Returned<K>;
}

/**
 * Registers the route of one contract call: its path, input validation, answer serialisation
 * and OpenAPI entry all come from the shared definition, so the server cannot drift from the
 * apps that call it.
 */
export function route<K extends ContractKey>(app: FastifyInstance, key: K, options: ContractRoute<K>): void {
  const definition: Endpoint = contract[key];
  const { method, path } = methodAndPath(key);
  const response: Record<number, z.ZodType> = {};
  if (definition.response) {
    response[200] = definition.response;
    for (const status of definition.alsoAnswers ?? []) response[status] = definition.response;
  }
  const access = accessOf(key, definition, options.config.access);
  const generic = [
    ...(definition.params || definition.query || definition.body || definition.consumes ? [400] : []),
    ...(access !== undefined && access !== 'public' ? [401, 403] : []),
    ...(options.config.rateLimit ? [429] : []),
  ];
  for (const status of generic) response[status] ??= errorBodySchema;
  for (const code of definition.errors) {
    const { status } = errorCatalogue[code];
    if (status >= 400) response[status] ??= errorBodySchema;
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url: path,
    config: { ...options.config, access, ...(definition.tokenScope ? { tokenScope: definition.tokenScope } : {}) },
    ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
    schema: {
      tags: [...definition.tags],
      summary: definition.summary,
      // A call an API token may make admits it beside the session's bearer, with its scope said (docs/api-tokens.md).
      ...(definition.tokenScope ? { security: [{ bearer: [] }, { apiToken: [] }] } : {}),
      ...(definition.errors.length > 0 || definition.tokenScope
        ? {
            description: [
              ...(definition.tokenScope ? [`API tokens with the scope ${definition.tokenScope} may call it.`] : []),
              ...(definition.errors.length > 0 ? [`Error codes: ${definition.errors.join(', ')}.`] : []),
            ].join(' '),
          }
        : {}),
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.consumes ? { consumes: [...definition.consumes] } : {}),
      response,
    },
    handler: options.handler as RouteHandlerMethod,
  });
}

/**
 * The route's access: public exactly when its contract says so. A route whose own config says
 * otherwise (public for a signed-in call, roles for a public one) is refused at start.
 */
function accessOf(key: ContractKey, definition: Endpoint, declared: Access | undefined): Access {
  const contractPublic = definition.access === 'public';
  if (declared !== undefined && (declared === 'public') !== contractPublic)
    throw new Error(
      `Route ${key}: config.access ${JSON.stringify(declared)} disagrees with the contract (${contractPublic ? 'public' : 'signed in'})`,
    );
  if (contractPublic) return 'public';
  if (declared === undefined) throw new Error(`Route ${key}: a signed-in call names its roles (config.access)`);
  return declared;
}
