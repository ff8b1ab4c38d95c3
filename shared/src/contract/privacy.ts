import { retentionDueSchema, retentionSettingsSchema, retentionUpdateSchema } from '../schemas/retention.ts';
import { endpoint } from './endpoint.ts';

const tags = ['privacy'];

export const privacyContract = {
  'GET /privacy/retention': endpoint({
    tags,
    summary: "The company's retention periods, its buildings' own, and what the next run would erase",
    response: retentionSettingsSchema,
    errors: [],
  }),
  'PUT /privacy/retention': endpoint({
    tags,
    summary: "Set the company's retention periods and its buildings' own (a building left out keeps the company's)",
    body: retentionUpdateSchema,
    response: retentionSettingsSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /privacy/retention/preview': endpoint({
    tags,
    summary: 'What the next run would erase under these periods, counted now; nothing is saved',
    body: retentionUpdateSchema,
    response: retentionDueSchema,
    errors: ['NOT_FOUND'],
  }),
};
