import { hostChannelsInputSchema, hostChannelsSchema } from '../schemas/hostChannels.ts';
import { endpoint } from './endpoint.ts';

// A company's host channels (docs/host-notifications.md): administrators and corporate users set
// the Slack and Teams addresses and the SMS provider; the secrets are written, never read back.

const tags = ['host channels'];

export const hostChannelsContract = {
  'GET /hostChannels': endpoint({
    tags,
    summary:
      "The company's host channels: whether each address and token is set, the SMS account and sender (never a secret)",
    response: hostChannelsSchema,
    errors: [],
  }),
  'PATCH /hostChannels': endpoint({
    tags,
    summary:
      'Set or remove host channels: a field absent is kept, null removes it; pending messages use the new values',
    body: hostChannelsInputSchema,
    response: hostChannelsSchema,
    errors: ['WEBHOOK_URL_NOT_ALLOWED', 'PHONE_NUMBER_INVALID'],
  }),
};
