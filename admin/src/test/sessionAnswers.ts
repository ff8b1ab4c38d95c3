import type { CallOutput, Contract, ContractKey } from '@vestibule/shared/contract';
import { acme, loginResponse, tenantSelection } from './fixtures.ts';

// The session's calls as a signed-in administrator of Acme gets them answered; a test gives its
// own where it needs others (answerSession in answerCalls.ts).

type SessionKey = Extract<
  ContractKey,
  | 'POST /login'
  | 'GET /token'
  | 'POST /login/impersonate'
  | 'GET /sso/:token'
  | 'GET /selectTenant'
  | 'GET /selectTenant/:tenantId'
  | 'POST /logout'
>;

export function sessionAnswers(): { [K in SessionKey]: (request: { body: unknown }) => CallOutput<Contract[K]> } {
  return {
    'POST /login': () => loginResponse('admin', ['ROLE_ADMIN']),
    'GET /token': () => loginResponse('admin', ['ROLE_ADMIN']),
    // As the server answers it: the session names the administrator who signed in as the user.
    'POST /login/impersonate': ({ body }) => ({
      ...loginResponse(body !== null && typeof body === 'object' && 'username' in body ? String(body.username) : '', [
        'ROLE_USER',
      ]),
      impersonatedBy: 'admin',
    }),
    'GET /sso/:token': () => loginResponse('admin', ['ROLE_ADMIN']),
    'GET /selectTenant': () => tenantSelection(acme),
    'GET /selectTenant/:tenantId': () => tenantSelection(acme),
    'POST /logout': () => ({ ok: true }),
  };
}
