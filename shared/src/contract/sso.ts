import { z } from 'zod';
import { okSchema } from '../schemas/common.ts';
import {
  ssoCallbackQuerySchema,
  ssoDiscoveredSchema,
  ssoDiscoverySchema,
  ssoProviderInputSchema,
  ssoSettingsSchema,
} from '../schemas/sso.ts';
import { endpoint } from './endpoint.ts';

// Single sign-on with a company's OpenID Connect provider (docs/sso.md): administrators and
// corporate users set it up; the sign-in page finds it from an e-mail or a company's name and
// sends the browser through it.

const tags = ['single sign-on'];

export const ssoContract = {
  'GET /ssoProvider': endpoint({
    tags,
    summary: "The company's OpenID Connect provider (never its client secret) and the redirect URI to register",
    response: ssoSettingsSchema,
    errors: [],
  }),
  'PUT /ssoProvider': endpoint({
    tags,
    summary: "Set the company's provider; its discovery document is read first",
    body: ssoProviderInputSchema,
    response: ssoSettingsSchema,
    errors: ['SSO_ISSUER_NOT_ALLOWED', 'SSO_ISSUER_UNREACHABLE', 'SSO_DOMAIN_TAKEN', 'MISSING'],
  }),
  'DELETE /ssoProvider': endpoint({
    tags,
    summary: "Remove the company's provider: its users sign in with passwords again",
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /sso/discover': endpoint({
    access: 'public',
    tags,
    summary: "The provider of the company a work e-mail's domain or a company's name leads to, if any",
    body: ssoDiscoverySchema,
    response: ssoDiscoveredSchema,
    errors: [],
  }),
  'GET /sso/oidc/:id/start': endpoint({
    access: 'public',
    tags,
    summary: "Start a sign-in at the company's provider: a redirect there (state, nonce and PKCE kept ten minutes)",
    params: z.object({ id: z.uuid() }),
    errors: ['NOT_FOUND', 'SSO_ISSUER_UNREACHABLE'],
  }),
  'GET /sso/oidc/callback': endpoint({
    access: 'public',
    tags,
    summary:
      "The provider's answer: a redirect to the admin app's one-time sign-in, or to the sign-in page with the reason",
    query: ssoCallbackQuerySchema,
    errors: ['SSO_FAILED', 'SSO_DOMAIN_NOT_ALLOWED', 'SSO_NO_ACCOUNT', 'BLOCKED_USER', 'TENANT_INACTIVE'],
  }),
};
