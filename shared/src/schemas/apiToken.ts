import { z } from 'zod';
import { API_TOKEN_MAX_DAYS, apiTokenScopes } from '../domain/apiTokens.ts';

// A company's API tokens (docs/api-tokens.md).

export const apiTokenInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  scopes: z
    .array(z.enum(apiTokenScopes))
    .min(1)
    .max(apiTokenScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope once'),
  /** Days from now until it stops working. */
  expiresInDays: z.int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

export const apiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(z.enum(apiTokenScopes)),
    /** The token's first characters, to recognise it; never the rest. */
    prefix: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokens = z.infer<typeof apiTokensSchema>;

/** A token just made: its value, in this answer only. */
export const apiTokenCreatedSchema = z
  .object({ apiToken: apiTokenSchema, token: z.string() })
  .meta({ id: 'ApiTokenCreated' });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
