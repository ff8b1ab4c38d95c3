import { liveTicketBodySchema, liveTicketSchema, liveVisitsQuerySchema } from '../schemas/live.ts';
import { endpoint } from './endpoint.ts';

// Live updates of the entry log. A browser's EventSource cannot send the bearer header,
// so a signed-in client first asks for a ticket (an ordinary authenticated call), then opens the
// stream with it in the query. The ticket is good for one purpose (this stream), for
// LIVE_TICKET_SECONDS, for the session, company and building it was issued for, and is never
// written to the server's logs. The stream's events: shared/src/schemas/live.ts.

const tags = ['live'];

export const liveContract = {
  'POST /live/ticket': endpoint({
    tags,
    summary: "A short-lived ticket that opens the entry log's live stream (GET /live/visits)",
    body: liveTicketBodySchema,
    response: liveTicketSchema,
    errors: ['NOT_FOUND'],
  }),
  'GET /live/visits': endpoint({
    access: 'public',
    tags,
    summary:
      'Server-sent events: each change to a visit or a roll call of the buildings the ticket may see (text/event-stream, ids for Last-Event-ID)',
    query: liveVisitsQuerySchema,
    errors: ['BAD_TOKEN', 'SESSION_EXPIRED', 'FORBIDDEN', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  }),
} satisfies Record<string, ReturnType<typeof endpoint>>;
