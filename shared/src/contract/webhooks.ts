import { idParamsSchema, okSchema } from '../schemas/common.ts';
import {
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEndpointsSchema,
} from '../schemas/webhook.ts';
import { endpoint } from './endpoint.ts';

// A company's webhooks (docs/webhooks.md): administrators and corporate users keep the endpoints
// and read the delivery log.

const tags = ['webhooks'];

export const webhooksContract = {
  'GET /webhooks': endpoint({
    tags,
    summary: "The company's webhook endpoints, with the deliveries each is still trying and those that failed lately",
    response: webhookEndpointsSchema,
    errors: [],
  }),
  'POST /webhooks': endpoint({
    tags,
    summary: 'Add an endpoint (201); its signing secret is in this answer only',
    body: webhookEndpointInputSchema,
    response: webhookEndpointWithSecretSchema,
    alsoAnswers: [201],
    errors: ['WEBHOOK_URL_NOT_ALLOWED'],
  }),
  'PATCH /webhooks/:id': endpoint({
    tags,
    summary: 'Change an endpoint: its address, description, events, or pause it',
    params: idParamsSchema,
    body: webhookEndpointInputSchema,
    response: webhookEndpointSchema,
    errors: ['NOT_FOUND', 'WEBHOOK_URL_NOT_ALLOWED'],
  }),
  'DELETE /webhooks/:id': endpoint({
    tags,
    summary: 'Remove an endpoint and its deliveries',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /webhooks/:id/secret': endpoint({
    tags,
    summary: 'Replace the signing secret; the new one is in this answer only, and signs every delivery from now on',
    params: idParamsSchema,
    response: webhookEndpointWithSecretSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /webhooks/deliveries': endpoint({
    tags,
    summary: 'The delivery log, newest first: each delivery with its attempts',
    query: webhookDeliveryQuerySchema,
    response: webhookDeliveryListSchema,
    errors: [],
  }),
  'POST /webhooks/deliveries/:id/redeliver': endpoint({
    tags,
    summary: 'Send a delivery again now (the same event id): a failed one is tried anew for a day',
    params: idParamsSchema,
    response: webhookDeliverySchema,
    errors: ['NOT_FOUND'],
  }),
};
