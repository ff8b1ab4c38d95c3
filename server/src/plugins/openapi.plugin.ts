import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SERVICE_BASE } from '@vestibule/shared';
import { productVersion } from '../paths.ts';

/** The OpenAPI document, made from the same zod schemas that validate the routes, browsable at /service/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vestibule API', description: 'Visitor and building-access service', version: productVersion },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A company's API token (docs/api-tokens.md): `Authorization: Bearer vst_...`, on the
          // calls whose description names the scope it needs.
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'vst_',
            description: "A company's API token, made on the Integrations screen; each call says the scope it needs.",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    // Public routes (config.access 'public') need no token: `security: []` overrides the default.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      if (input.route.config?.access !== 'public') return transformed;
      return { ...transformed, schema: { ...transformed.schema, security: [] } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: `${SERVICE_BASE}/docs`,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
});
