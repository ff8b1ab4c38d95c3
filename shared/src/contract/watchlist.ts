import { idParamsSchema, okSchema } from '../schemas/common.ts';
import { visitDetailSchema } from '../schemas/visit.ts';
import { watchlistEntryInputSchema, watchlistEntrySchema, watchlistSchema } from '../schemas/watchlist.ts';
import { endpoint } from './endpoint.ts';

const tags = ['watchlist'];

export const watchlistContract = {
  'GET /watchlist': endpoint({
    tags,
    summary: "The company's watchlist: each entry with its reason, action and how many check-ins it matched",
    response: watchlistSchema,
    errors: [],
  }),
  'POST /watchlist': endpoint({
    tags,
    summary: 'Add an entry (201): check-ins matching it from now on are refused or held',
    body: watchlistEntryInputSchema,
    response: watchlistEntrySchema,
    alsoAnswers: [201],
    errors: ['WATCHLIST_ENTRY_EXISTS', 'EMAIL_IS_NOT_VALID', 'PHONE_IS_NOT_VALID'],
  }),
  'PATCH /watchlist/:id': endpoint({
    tags,
    summary: 'Change an entry: its value, action or reason',
    params: idParamsSchema,
    body: watchlistEntryInputSchema,
    response: watchlistEntrySchema,
    errors: ['NOT_FOUND', 'WATCHLIST_ENTRY_EXISTS', 'EMAIL_IS_NOT_VALID', 'PHONE_IS_NOT_VALID'],
  }),
  'DELETE /watchlist/:id': endpoint({
    tags,
    summary: 'Remove an entry (the visits it matched keep their outcome)',
    params: idParamsSchema,
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  'POST /meeting/:id/approveHeld': endpoint({
    tags,
    summary: 'Let in a visitor the watchlist holds at the door: checked in now, and their host is told',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'VISIT_NOT_HELD'],
  }),
  'POST /meeting/:id/refuseHeld': endpoint({
    tags,
    summary: 'Refuse a visitor the watchlist holds at the door: the check-in is recorded as refused',
    params: idParamsSchema,
    response: visitDetailSchema,
    errors: ['NOT_FOUND', 'VISIT_NOT_HELD'],
  }),
};
