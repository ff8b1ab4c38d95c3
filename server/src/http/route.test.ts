import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { route } from './route.ts';

function app() {
  const instance = Fastify();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  const configs: { url: string; access: unknown }[] = [];
  // A GET also answers HEAD: one route of the contract is one entry here.
  instance.addHook('onRoute', (options) => {
    if (options.method !== 'HEAD') configs.push({ url: options.url, access: options.config?.access });
  });
  return { instance, configs };
}

describe('a route of the contract', () => {
  it("takes a public call's access from the contract", () => {
    const { instance, configs } = app();
    route(instance, 'GET /actuator/health', { config: {}, handler: (_request, reply) => reply.send() });
    expect(configs).toEqual([{ url: '/actuator/health', access: 'public' }]);
  });

  it('keeps the roles a signed-in call names', () => {
    const { instance, configs } = app();
    route(instance, 'GET /token', { config: { access: ['ROLE_ADMIN'] }, handler: (_request, reply) => reply.send() });
    expect(configs).toEqual([{ url: '/token', access: ['ROLE_ADMIN'] }]);
  });

  it('refuses a route whose access disagrees with its contract', () => {
    const { instance } = app();
    expect(() =>
      // @ts-expect-error a signed-in call cannot be declared public
      route(instance, 'GET /token', { config: { access: 'public' }, handler: (_request, reply) => reply.send() }),
    ).toThrow(/GET \/token: config.access "public" disagrees with the contract \(signed in\)/);
    expect(() =>
      route(instance, 'GET /actuator/health', {
        // @ts-expect-error a public call names no roles
        config: { access: ['ROLE_ADMIN'] },
        handler: (_request, reply) => reply.send(),
      }),
    ).toThrow(/GET \/actuator\/health: config.access \["ROLE_ADMIN"\] disagrees with the contract \(public\)/);
    expect(() =>
      // @ts-expect-error a signed-in call names its roles
      route(instance, 'GET /token', { config: {}, handler: (_request, reply) => reply.send() }),
    ).toThrow(/GET \/token: a signed-in call names its roles/);
  });
});
