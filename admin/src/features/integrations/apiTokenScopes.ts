import type { ApiTokenScope } from '@vestibule/shared';

// A token's scopes (docs/api-tokens.md) as the catalogue names them
// (`integrations.apiTokens.scopes.visitsRead.label`): a key holds no colon, which i18next reads
// as the end of a namespace.

export const scopeKeys = {
  'visits:read': 'visitsRead',
  'invitations:write': 'invitationsWrite',
  'people:read': 'peopleRead',
  'people:write': 'peopleWrite',
} as const satisfies Record<ApiTokenScope, string>;

/** The expiries the dialog offers, in days (docs/api-tokens.md); the second is the default. */
export const apiTokenExpiries = [30, 90, 365, 730] as const;
export const DEFAULT_API_TOKEN_EXPIRY = 90;
