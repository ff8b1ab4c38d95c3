import * as oidc from 'openid-client';
import type { AppConfig } from '../../config.ts';

// The OpenID Connect side of single sign-on (docs/sso.md), through `openid-client`: discovery,
// the authorisation request (state, nonce, PKCE S256) and the code exchange, whose ID token the
// library checks (signature from the provider's keys, issuer, audience, expiry, nonce).

/** How long a call to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider's configuration, read from its discovery document. */
export function discover(config: Pick<AppConfig, 'webhookAllowLoopback'>, client: ProviderClient) {
  return oidc.discovery(
    new URL(client.issuer),
    client.clientId,
    undefined,
    oidc.ClientSecretBasic(client.clientSecret),
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // Plain HTTP only reaches a provider on this machine, in tests (the issuer's rule, docs/sso.md).
      ...(config.webhookAllowLoopback ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
}

export interface AuthorisationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorisationRequest(
  configuration: oidc.Configuration,
  redirectUri: string,
): Promise<AuthorisationRequest> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, state, nonce, codeVerifier };
}

/** The ID token's claims once the code is exchanged and the token checked. */
export async function exchangeCode(
  configuration: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider answered no ID token');
  return claims;
}
