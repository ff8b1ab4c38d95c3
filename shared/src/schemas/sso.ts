import { z } from 'zod';
import { EMAIL_DOMAIN_PATTERN, ssoRoles } from '../domain/sso.ts';

// A company's single sign-on provider (docs/sso.md). The client secret is written, never read.

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .pipe(z.string().regex(EMAIL_DOMAIN_PATTERN));

export const ssoProviderInputSchema = z.object({
  enabled: z.boolean(),
  /** What the sign-in page offers: "Sign in with {displayName}". */
  displayName: z.string().trim().min(1).max(80),
  issuer: z.url().max(500),
  clientId: z.string().trim().min(1).max(200),
  /** Absent: the secret saved before stays (required the first time). */
  clientSecret: z.string().min(1).max(500).optional(),
  allowedDomains: z
    .array(domainSchema)
    .min(1)
    .max(20)
    .refine((domains) => new Set(domains).size === domains.length, 'each domain once'),
  /** The ID token's claim naming the user's role; null: every user gets `defaultRole`. */
  roleClaim: z.string().trim().min(1).max(100).nullable(),
  /** Whether a first sign-in creates the user (with the claim's role, else `defaultRole`). */
  createUsers: z.boolean(),
  defaultRole: z.enum(ssoRoles),
  /** Whether the company's users of these domains may no longer sign in with a password. */
  requireSso: z.boolean().default(false),
});
export type SsoProviderInput = z.input<typeof ssoProviderInputSchema>;

export const ssoProviderSchema = z
  .object({
    enabled: z.boolean(),
    displayName: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    allowedDomains: z.array(z.string()),
    roleClaim: z.string().nullable(),
    createUsers: z.boolean(),
    defaultRole: z.enum(ssoRoles),
    requireSso: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SsoProvider' });
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoSettingsSchema = z.object({
  provider: ssoProviderSchema.nullable(),
  /** The address to register at the provider as the client's redirect URI. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoDiscoverySchema = z.object({
  /** What the person typed: their work e-mail, or their company's name. */
  login: z.string().trim().min(1).max(254),
});

export const ssoDiscoveredSchema = z.object({
  /** The company's provider, when one is set up and enabled for that e-mail or company. */
  provider: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
});
export type SsoDiscovered = z.infer<typeof ssoDiscoveredSchema>;

export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
