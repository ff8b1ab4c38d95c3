import { z } from 'zod';
import { webhookDeliveryStatuses, webhookEvents } from '../domain/webhooks.ts';
import { cappedListResponseSchema } from './common.ts';

// A company's webhooks (docs/webhooks.md): endpoints and the log of their deliveries.

export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookEndpointInputSchema = z.object({
  url: z.url().trim().max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events: z
    .array(z.enum(webhookEvents))
    .min(1)
    .max(webhookEvents.length)
    .refine((events) => new Set(events).size === events.length, 'each event once'),
  active: z.boolean().default(true),
});
// No component name: its defaults make what a caller sends and what the server reads differ.
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(webhookEvents)),
    active: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    /** Deliveries still being tried, and those that failed in the last day. */
    pending: z.number().int(),
    failedLastDay: z.number().int(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpoints = z.infer<typeof webhookEndpointsSchema>;

/** An endpoint just made, or its secret just replaced: the signing secret, shown this once. */
export const webhookEndpointWithSecretSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused connection, timeout). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    /** The event's id, the same on every attempt and every endpoint: a receiver drops duplicates by it. */
    eventId: z.uuid(),
    endpointId: z.uuid(),
    url: z.string(),
    event: z.enum(webhookEvents),
    objectType: z.string(),
    objectId: z.uuid(),
    createdAt: z.string(),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.array(webhookAttemptSchema),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = z.object({
  endpointId: z.uuid().optional(),
  status: z.enum(webhookDeliveryStatuses).optional(),
  /** From 1, as every list's page. */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

export const webhookDeliveryListSchema = cappedListResponseSchema(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** The body of a delivery: the event, when it happened, and the object as its own call answers it. */
export const webhookPayloadSchema = z
  .object({
    id: z.uuid(),
    event: z.enum(webhookEvents),
    occurredAt: z.string(),
    companyId: z.uuid(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
