import type { LoginRequest, LoginResponse, SelectTenantResponse } from '@vestibule/shared';
import type { ApiClient } from '@vestibule/shared/api';

/** The session calls of application.md section 7 ("Auth and session"). */
export interface SessionApi {
  login: (credentials: LoginRequest) => Promise<LoginResponse>;
  renewToken: () => Promise<LoginResponse>;
  impersonate: (username: string) => Promise<LoginResponse>;
  loginWithSsoToken: (token: string) => Promise<LoginResponse>;
  selectTenant: (tenantId: string | null) => Promise<SelectTenantResponse>;
  /** Ends the session on the server: its token stops working everywhere. */
  logout: () => Promise<unknown>;
}

export function createSessionApi(client: ApiClient): SessionApi {
  return {
    // A 403 here is a wrong password or a blocked user, not the end of a session.
    login: (credentials) => client.call('POST /login', { body: credentials, skipAuthFailure: true }),
    renewToken: () => client.call('GET /token'),
    impersonate: (username) =>
      client.call('POST /login/impersonate', { body: { username }, formEncoded: true, skipAuthFailure: true }),
    loginWithSsoToken: (token) => client.call('GET /sso/:token', { params: { token }, skipAuthFailure: true }),
    selectTenant: (tenantId) =>
      tenantId
        ? client.call('GET /selectTenant/:tenantId', { params: { tenantId } })
        : client.call('GET /selectTenant'),
    logout: () => client.call('POST /logout', { skipAuthFailure: true }),
  };
}
