import { z } from 'zod';
import { watchKey, watchlistActions, watchlistKinds } from '../domain/watchlist.ts';
import type { ErrorCode } from '../errors.ts';

// A company's watchlist (docs/watchlist.md): who is refused at the door, or held until staff
// approve. The reason is for administrators only: no visitor, host or building staff reads it.

export const WATCHLIST_VALUE_MAX = 200;
export const WATCHLIST_REASON_MAX = 500;

/** The error a value gets when it names nobody of its kind. */
const unusable: Record<(typeof watchlistKinds)[number], ErrorCode> = {
  NAME: 'IS_EMPTY',
  EMAIL: 'EMAIL_IS_NOT_VALID',
  PHONE: 'PHONE_IS_NOT_VALID',
  COMPANY: 'IS_EMPTY',
};

export const watchlistEntryInputSchema = z
  .object({
    kind: z.enum(watchlistKinds),
    value: z.string().trim().min(1).max(WATCHLIST_VALUE_MAX),
    action: z.enum(watchlistActions),
    reason: z.string().trim().min(1).max(WATCHLIST_REASON_MAX),
  })
  .superRefine((input, ctx) => {
    if (watchKey(input.kind, input.value) !== null) return;
    const errorCode = unusable[input.kind];
    ctx.addIssue({ code: 'custom', path: ['value'], message: errorCode, params: { errorCode } });
  });
export type WatchlistEntryInput = z.infer<typeof watchlistEntryInputSchema>;

export const watchlistEntrySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(watchlistKinds),
    value: z.string(),
    action: z.enum(watchlistActions),
    reason: z.string(),
    createdAt: z.iso.datetime(),
    /** Who added it (their username), or null once that user is gone. */
    createdBy: z.string().nullable(),
    /** Check-ins it has matched so far. */
    matches: z.number().int(),
  })
  .meta({ id: 'WatchlistEntry' });
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export const watchlistSchema = z.object({ entries: z.array(watchlistEntrySchema) });
export type Watchlist = z.infer<typeof watchlistSchema>;
