import { z } from 'zod';
import { isPhoneNumber } from '../domain/phoneNumbers.ts';
import { WEBHOOK_URL_MAX } from './webhook.ts';

// A company's host channels (docs/host-notifications.md): where a host who chose Slack, Teams or
// SMS is told of an arrival. The addresses and the token are secrets: written, never read back.

export const HOST_CHANNEL_ACCOUNT_MAX = 100;
export const HOST_CHANNEL_TOKEN_MAX = 200;

/** A secret address: a new value, null to remove it, absent to keep it. */
const secretUrl = z.string().trim().max(WEBHOOK_URL_MAX).pipe(z.url()).nullable().optional();

/** What an administrator changes; each field absent is kept as it is, null removes it. */
export const hostChannelsInputSchema = z.object({
  slackWebhookUrl: secretUrl,
  teamsWebhookUrl: secretUrl,
  smsEndpointUrl: secretUrl,
  smsAccount: z.string().trim().min(1).max(HOST_CHANNEL_ACCOUNT_MAX).nullable().optional(),
  smsAuthToken: z.string().trim().min(1).max(HOST_CHANNEL_TOKEN_MAX).nullable().optional(),
  smsFrom: z
    .string()
    .trim()
    .max(40)
    .refine(isPhoneNumber, { message: 'PHONE_NUMBER_INVALID', params: { errorCode: 'PHONE_NUMBER_INVALID' } })
    .nullable()
    .optional(),
});
// No OpenAPI name (`.meta({ id })`): its `pipe` reads differently in and out, and one name for both collides.
export type HostChannelsInput = z.infer<typeof hostChannelsInputSchema>;

/** The fields of the settings, as the audit log names the ones changed. */
export const hostChannelFields = [
  'slackWebhookUrl',
  'teamsWebhookUrl',
  'smsEndpointUrl',
  'smsAccount',
  'smsAuthToken',
  'smsFrom',
] as const;
export type HostChannelField = (typeof hostChannelFields)[number];

/** The settings as read: whether each secret is set, never its value; the non-secret parts. */
export const hostChannelsSchema = z
  .object({
    slack: z.object({ webhookUrlSet: z.boolean() }),
    teams: z.object({ webhookUrlSet: z.boolean() }),
    sms: z.object({
      endpointUrlSet: z.boolean(),
      authTokenSet: z.boolean(),
      account: z.string().nullable(),
      from: z.string().nullable(),
      /** Every part is set: an SMS can be sent. */
      configured: z.boolean(),
    }),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'HostChannels' });
export type HostChannels = z.infer<typeof hostChannelsSchema>;
