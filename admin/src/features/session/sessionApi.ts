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
    login: (credentials) => client.post<LoginResponse>('/login', credentials, { skipAuthFailure: true }),
    renewToken: () => client.get<LoginResponse>('/token'),
    impersonate: (username) =>
      client.request<LoginResponse>('POST', '/login/impersonate', { form: { username }, skipAuthFailure: true }),
    loginWithSsoToken: (token) =>
      client.get<LoginResponse>(`/sso/${encodeURIComponent(token)}`, { skipAuthFailure: true }),
    selectTenant: (tenantId) =>
      client.get<SelectTenantResponse>(tenantId ? `/selectTenant/${encodeURIComponent(tenantId)}` : '/selectTenant'),
    logout: () => client.post('/logout', undefined, { skipAuthFailure: true }),
  };
}
