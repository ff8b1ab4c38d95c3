import type { LoginRequest } from '@vestibule/shared';
import { api, quietApi } from '../../api/apiClient.ts';

// The session's calls ("Auth and session" of the contract), each through the app's one client.

export const sessionCalls = {
  // A 403 here is a wrong password or a blocked user, not the end of a session.
  login: (credentials: LoginRequest) => api.call('POST /login', { body: credentials, skipAuthFailure: true }),
  renewToken: () => api.call('GET /token'),
  impersonate: (username: string) =>
    api.call('POST /login/impersonate', { body: { username }, formEncoded: true, skipAuthFailure: true }),
  loginWithSsoToken: (token: string) => api.call('GET /sso/:token', { params: { token }, skipAuthFailure: true }),
  selectTenant: (tenantId: string | null) =>
    tenantId ? api.call('GET /selectTenant/:tenantId', { params: { tenantId } }) : api.call('GET /selectTenant'),
  /** Ends the session on the server: its token stops working everywhere (no loading dialog: the user has left). */
  logout: () => quietApi.call('POST /logout', { skipAuthFailure: true }),
};
