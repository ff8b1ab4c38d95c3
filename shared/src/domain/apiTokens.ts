// API tokens (docs/api-tokens.md): other systems call Vestibule with a company's token instead
// of a person's session. A token has scopes; each call that admits tokens names the scope it
// needs in its contract (`tokenScope`), and a call that names none refuses every token.

export const apiTokenScopes = ['visits:read', 'invitations:write', 'people:read', 'people:write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** How a token starts: a receiver of an `Authorization: Bearer` tells it from a session's. */
export const API_TOKEN_PREFIX = 'vst_';
/** A token's calls a minute, on each instance. */
export const API_TOKEN_CALLS_PER_MINUTE = 600;
/** The longest a token may live. */
export const API_TOKEN_MAX_DAYS = 730;
