import { z } from 'zod';

// Live updates of the entry log: the server-sent events of GET /live/visits.
//
// The stream carries three events, each a JSON `data` line:
// - `ready` once a stream is open: `{ resumed }`, true when the events missed since the client's
//   Last-Event-ID follow (the client need not reload), false on a fresh stream;
// - `visit` for each change to a visit of a building the client may see: a `LiveVisitEvent`,
//   whose `seq` is also the event's `id:` (the same on every server instance);
// - `rollCall` for each change to a roll call of a building the client may see (started, a mark,
//   ended): a `LiveRollCallEvent`; its `seq` comes from the same sequence as the visits', so one
//   Last-Event-ID catches up both;
// - `resync` when the server cannot say what the client missed (its Last-Event-ID is older than
//   the events the instance keeps, or names another instance's start, or the database connection
//   was lost for a moment): the client reloads its list and counters.
// Comment lines (`: ping`) keep the connection open through proxies.

/** What happened to the visits: insert (created or checked in), update, delete. */
export const liveVisitKinds = ['created', 'checkedIn', 'checkedOut', 'updated', 'deleted'] as const;
export type LiveVisitKind = (typeof liveVisitKinds)[number];

/** The SSE event names of GET /live/visits. */
export const liveStreamEvents = { ready: 'ready', visit: 'visit', rollCall: 'rollCall', resync: 'resync' } as const;

/** A ticket opens one stream within this many seconds of its issue. */
export const LIVE_TICKET_SECONDS = 60;

export const liveVisitEventSchema = z.object({
  /** The event's number, from one database sequence: its `id:` on the stream. */
  seq: z.number().int().positive(),
  tenantId: z.uuid(),
  buildingId: z.uuid(),
  /** The visit, when the statement changed one visit of this building this way; else null. */
  visitId: z.uuid().nullable(),
  /** How many visits of this building the statement changed this way. */
  count: z.number().int().positive(),
  kind: z.enum(liveVisitKinds),
  /** When the database announced it (ISO 8601). */
  at: z.string(),
});
export type LiveVisitEvent = z.infer<typeof liveVisitEventSchema>;

/** What happened to a roll call: it started, people were marked (or unmarked), it ended. */
export const liveRollCallKinds = ['started', 'marked', 'ended'] as const;
export type LiveRollCallKind = (typeof liveRollCallKinds)[number];

export const liveRollCallEventSchema = z.object({
  /** The event's number, from the visits' sequence: its `id:` on the stream. */
  seq: z.number().int().positive(),
  tenantId: z.uuid(),
  buildingId: z.uuid(),
  rollCallId: z.uuid(),
  /** How many marks (or roll calls) the statement wrote this way. */
  count: z.number().int().positive(),
  kind: z.enum(liveRollCallKinds),
  /** When the database announced it (ISO 8601). */
  at: z.string(),
});
export type LiveRollCallEvent = z.infer<typeof liveRollCallEventSchema>;

export const liveReadySchema = z.object({ resumed: z.boolean() });
export type LiveReady = z.infer<typeof liveReadySchema>;

export const liveTicketBodySchema = z.object({
  /** Only this building's events (it must be one the user sees); absent: every building they see. */
  buildingId: z.uuid().optional(),
});

export const liveTicketSchema = z.object({
  /** Opens one stream: GET /live/visits?ticket=… (EventSource cannot send the bearer header). */
  ticket: z.string(),
  /** Until when the ticket opens a stream (ISO 8601); an open stream stays open after it. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type LiveTicket = z.infer<typeof liveTicketSchema>;

export const liveVisitsQuerySchema = z.object({
  ticket: z.string().max(300),
  /** The last event id received, for a client that opens a new EventSource (it cannot set the header). */
  lastEventId: z.string().max(100).optional(),
});
