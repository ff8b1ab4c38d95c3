import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBodySchema, errorCatalogue } from '@vestibule/shared';
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

export interface ContractRoute<K extends ContractKey> {
  /** Who may call (access, tenant scope, rate limit): the server's policy, not part of the wire contract. */
  config: FastifyContextConfig;
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
  const access = options.config.access;
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
    config: options.config,
    schema: {
      tags: [...definition.tags],
      summary: definition.summary,
      ...(definition.errors.length > 0 ? { description: `Error codes: ${definition.errors.join(', ')}.` } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.consumes ? { consumes: [...definition.consumes] } : {}),
      response,
    },
    handler: options.handler as RouteHandlerMethod,
  });
}
