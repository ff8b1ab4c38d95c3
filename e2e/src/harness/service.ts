// The scenarios reach the server through the apps' own typed client: every call they make to
// prepare or check something is a call of the shared contract, checked by the typecheck.
import type { Locale } from '@vestibule/shared';
import { type ApiClient, createApiClient } from '@vestibule/shared/api';
import { DEMO_PASSWORD } from './demo-users.ts';

/** The service at `baseUrl` as an anonymous caller (a visitor's phone) or with a token. */
export function serviceClient(baseUrl: string, options: { token?: string; locale?: Locale } = {}): ApiClient {
  return createApiClient({
    baseUrl: `${baseUrl}/service`,
    getToken: () => options.token ?? null,
    getLocale: () => options.locale ?? 'en',
    // Scenarios compare the server's instants with the device's to the millisecond.
    rawDates: true,
  });
}

/** The service as a demo user: signed in with the demo password. */
export async function signedIn(baseUrl: string, username: string): Promise<ApiClient> {
  const { token } = await serviceClient(baseUrl).call('POST /login', {
    body: { username, password: DEMO_PASSWORD },
  });
  return serviceClient(baseUrl, { token });
}
