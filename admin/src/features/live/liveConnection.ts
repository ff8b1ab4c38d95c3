import { SERVICE_BASE } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import {
  type LiveRollCallEvent,
  type LiveVisitEvent,
  liveReadySchema,
  liveRollCallEventSchema,
  liveStreamEvents,
  liveVisitEventSchema,
  pathOf,
} from '@vestibule/shared/contract';

// One live stream of visit and roll-call changes (GET /live/visits), kept open: a short-lived ticket
// from an authenticated call first (a browser's EventSource cannot send the bearer header), then
// the stream. On any error the stream is closed and opened again with a new ticket after a pause
// (1 s, doubling to 30 s), sending the last event id it saw in the query (a new EventSource
// cannot set Last-Event-ID): the server then sends what was missed, or `resync`. The browser's own
// reconnection is not used because it would present the expired ticket again.

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** What changed since the last call: visit and roll-call events, and whether to read everything again anyway. */
export interface LiveVisitsChange {
  events: LiveVisitEvent[];
  /** Roll calls started, marked or ended (the evacuation list follows them). */
  rollCalls: LiveRollCallEvent[];
  /** The stream could not say what was missed (after a reconnection): reload everything. */
  resync: boolean;
}

/** The part of a browser EventSource the connection uses. */
export interface EventSourceLike {
  addEventListener: (type: string, listener: (event: MessageEvent<string>) => void) => void;
  onerror: ((event: Event) => void) | null;
  close: () => void;
}

/** How the connection reaches the server: the app's (browserTransport) or a test's. */
export interface LiveTransport {
  requestTicket: (buildingId: string | undefined) => Promise<string>;
  open: (url: string) => EventSourceLike;
}

export interface LiveConnectionOptions {
  buildingId: string | undefined;
  transport: LiveTransport;
  onChange: (change: LiveVisitsChange) => void;
  onStatus: (status: LiveStatus) => void;
  /** Changes are handed over at once, then at most once per this many ms (a sync of 40 visits: one or two reloads). */
  throttleMs?: number;
  retryDelayMs?: (attempt: number) => number;
}

const defaultRetryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

/** An event's data checked against its schema: anything else (not JSON, another shape) is ignored. */
function parse<T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  data: string,
): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const checked = schema.safeParse(value);
  return checked.success ? checked.data : undefined;
}

/** Opens the stream and keeps it open; answers the function that closes it for good. */
export function connectLiveVisits(options: LiveConnectionOptions): () => void {
  const { transport, buildingId } = options;
  const throttleMs = options.throttleMs ?? 250;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  let stopped = false;
  let source: EventSourceLike | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let lastEventId: string | undefined;
  let pending: LiveVisitsChange | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const flush = () => {
    flushTimer = undefined;
    const change = pending;
    pending = undefined;
    if (!change || stopped) return;
    lastFlush = Date.now();
    options.onChange(change);
  };
  const deliver = (change: Partial<LiveVisitsChange>) => {
    const events = change.events ?? [];
    const rollCalls = change.rollCalls ?? [];
    const resync = change.resync ?? false;
    pending = pending
      ? {
          events: [...pending.events, ...events],
          rollCalls: [...pending.rollCalls, ...rollCalls],
          resync: pending.resync || resync,
        }
      : { events, rollCalls, resync };
    if (flushTimer !== undefined) return;
    const wait = lastFlush + throttleMs - Date.now();
    if (wait <= 0) flush();
    else flushTimer = setTimeout(flush, wait);
  };
  const status = (value: LiveStatus) => {
    if (!stopped) options.onStatus(value);
  };
  const retry = () => {
    if (stopped) return;
    attempt++;
    status('reconnecting');
    retryTimer = setTimeout(() => void open(), retryDelay(attempt));
  };

  const open = async () => {
    retryTimer = undefined;
    let ticket: string;
    try {
      ticket = await transport.requestTicket(buildingId);
    } catch (error) {
      if (stopped) return;
      // Signed out or refused (the client signs out), or a building the user no longer sees: no stream.
      if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
        status('stopped');
        return;
      }
      retry();
      return;
    }
    if (stopped) return;
    const sentId = lastEventId;
    const query = new URLSearchParams({ ticket });
    if (sentId !== undefined) query.set('lastEventId', sentId);
    const stream = transport.open(`${SERVICE_BASE}${pathOf('GET /live/visits')}?${query}`);
    source = stream;
    const seen = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    stream.addEventListener(liveStreamEvents.visit, (event) => {
      seen(event);
      const visit = parse(liveVisitEventSchema, event.data);
      if (visit) deliver({ events: [visit] });
    });
    stream.addEventListener(liveStreamEvents.rollCall, (event) => {
      seen(event);
      const rollCall = parse(liveRollCallEventSchema, event.data);
      if (rollCall) deliver({ rollCalls: [rollCall] });
    });
    stream.addEventListener(liveStreamEvents.resync, (event) => {
      seen(event);
      deliver({ resync: true });
    });
    stream.addEventListener(liveStreamEvents.ready, (event) => {
      seen(event);
      const reconnected = attempt > 0;
      attempt = 0;
      status('live');
      // Back without an id to catch up from (the first stream never opened): reload to be sure.
      if (reconnected && sentId === undefined && !parse(liveReadySchema, event.data)?.resumed)
        deliver({ resync: true });
    });
    stream.onerror = () => {
      if (source !== stream) return;
      stream.close();
      source = undefined;
      retry();
    };
  };

  options.onStatus('connecting');
  void open();
  return () => {
    stopped = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    source?.close();
    source = undefined;
  };
}
