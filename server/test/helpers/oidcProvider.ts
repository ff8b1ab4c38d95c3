// A real OpenID Connect provider on loopback for the single sign-on tests (docs/sso.md, "How it
// is tested"): `oidc-provider` with one client, RS256 keys made for the run and a sign-in page of
// its own (an e-mail field and a button), where the account is whoever the e-mail names among
// those the test listed. A test can also have the token endpoint hand out an ID token with
// claims it changed (another audience, an expiry in the past), signed with the provider's own
// key, so the client's checks are what refuse it.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

export interface TestOidcAccount {
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** The value of the `vestibule_role` claim, when the account has one. */
  role?: string | string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts the sign-in page knows, by e-mail. */
  accounts: Map<string, TestOidcAccount>;
  /** Changes the next ID tokens' claims (re-signed with the provider's key); null: as issued. */
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /**
   * Follows an authorisation address as a browser would, signs in as `email` on the sign-in page
   * and answers where the provider sends the browser back (the client's redirect URI with code
   * and state, or with an error).
   */
  authorise: (authorisationUrl: string, email: string) => Promise<URL>;
  close: () => Promise<void>;
}

export const TEST_ROLE_CLAIM = 'vestibule_role';
const KEY_ID = 'test-key';

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

const page = (uid: string, error = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label for="email">E-mail</label> <input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Sign in</button></form></main></body></html>`;

export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const clientId = 'vestibule-test';
  const clientSecret = 'a-test-client-secret-of-enough-length';
  const accounts = new Map<string, TestOidcAccount>();
  const state: Pick<TestOidcProvider, 'tamperIdToken'> = { tamperIdToken: null };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-test-cookie-signing-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', TEST_ROLE_CLAIM],
    },
    // The claims of the scopes asked go in the ID token itself, as most company providers do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Lifetimes of a test's length (stated, so the library does not warn of its defaults).
    ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.familyName ? { family_name: account.familyName } : {}),
          ...(account.role !== undefined ? { [TEST_ROLE_CLAIM]: account.role } : {}),
        }),
      };
    },
  });
  const handle = provider.callback();

  /** The ID token with the test's changes, signed again with the provider's key. */
  const tampered = (idToken: string, change: (claims: Record<string, unknown>) => Record<string, unknown>) => {
    const [header, payload] = idToken.split('.');
    const claims = change(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>);
    const signed = `${header}.${base64url(JSON.stringify(claims))}`;
    const signature = createSign('RSA-SHA256').update(signed).sign(privateKey);
    return `${signed}.${base64url(signature)}`;
  };

  const interaction = async (request: IncomingMessage, response: ServerResponse, uid: string) => {
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid));
      return;
    }
    const email = ((await formOf(request)).get('email') ?? '').trim().toLowerCase();
    if (!accounts.has(email)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid, 'Unknown account'));
      return;
    }
    const details = await provider.interactionDetails(request, response);
    const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: email }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const uid = /^\/interaction\/([\w-]+)$/.exec(path)?.[1];
    if (uid) {
      interaction(request, response, uid).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    const change = state.tamperIdToken;
    if (path === '/token' && change) {
      // The token endpoint's JSON, its ID token changed before it leaves.
      const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
      response.end = ((chunk?: unknown) => {
        if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return end(chunk);
        const body = JSON.parse(chunk.toString()) as { id_token?: string };
        if (body.id_token) body.id_token = tampered(body.id_token, change);
        const text = JSON.stringify(body);
        response.setHeader('content-length', Buffer.byteLength(text));
        return end(text);
      }) as typeof response.end;
    }
    void handle(request, response);
  });

  /** A browser's cookies, enough for one provider: every cookie goes back with every request. */
  const cookies = new Map<string, string>();
  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const authorise = async (authorisationUrl: string, email: string): Promise<URL> => {
    cookies.clear();
    let url = new URL(authorisationUrl);
    let body: URLSearchParams | undefined;
    for (let hops = 0; hops < 10; hops += 1) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookieHeader() },
        ...(body ? { body } : {}),
      });
      remember(response.headers);
      body = undefined;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      const text = await response.text();
      if (response.status === 200 && /^\/interaction\//.test(url.pathname) && !text.includes('role="alert"')) {
        body = new URLSearchParams({ email });
        continue;
      }
      throw new Error(`The provider answered ${response.status} at ${url.pathname}: ${text.slice(0, 300)}`);
    }
    throw new Error('The provider redirected too often');
  };

  const provided: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    get tamperIdToken() {
      return state.tamperIdToken;
    },
    set tamperIdToken(change) {
      state.tamperIdToken = change;
    },
    authorise,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provided;
}
