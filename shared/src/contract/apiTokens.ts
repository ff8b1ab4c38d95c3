import { idParamsSchema } from '../schemas/common.ts';
import { apiTokenCreatedSchema, apiTokenInputSchema, apiTokenSchema, apiTokensSchema } from '../schemas/apiToken.ts';
import { endpoint } from './endpoint.ts';

// A company's API tokens (docs/api-tokens.md): administrators and corporate users make and revoke
// them; the token itself is shown once and stored hashed.

const tags = ['api tokens'];

export const apiTokensContract = {
  'GET /apiTokens': endpoint({
    tags,
    summary: "The company's API tokens: name, scopes, expiry, last use, revoked or not (never the token)",
    response: apiTokensSchema,
    errors: [],
  }),
  'POST /apiTokens': endpoint({
    tags,
    summary: 'Make a token (201); its value is in this answer only',
    body: apiTokenInputSchema,
    response: apiTokenCreatedSchema,
    alsoAnswers: [201],
    errors: [],
  }),
  'DELETE /apiTokens/:id': endpoint({
    tags,
    summary: 'Revoke a token: refused from the next call on, kept in the list as revoked',
    params: idParamsSchema,
    response: apiTokenSchema,
    errors: ['NOT_FOUND'],
  }),
};
