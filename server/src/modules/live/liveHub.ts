import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  type LiveRollCallEvent,
  type LiveVisitEvent,
  liveRollCallEventSchema,
  liveStreamEvents,
  liveVisitEventSchema,
} from '@vestibule/shared/contract';
import type { DatabaseHandle, Listener } from '../../db/database.ts';
import { EventBuffer } from './eventBuffer.ts';
import type { StreamScope } from './live.service.ts';

// One LISTEN per server instance, fanned out to its open streams (GET /live/visits). The database
// announces each change to visits (migration 202611251200) and to roll calls (migration
// 202611271300) to every instance at commit, so a check-in or a warden's mark written through any
// instance, a kiosk's sync, a job or plain SQL reaches every client. Both kinds of event are
// numbered from one sequence and kept in one buffer: a client's Last-Event-ID catches up both.

export const VISITS_CHANNEL = 'vestibule_visits';
export const ROLL_CALLS_CHANNEL = 'vestibule_roll_calls';
export const ASSIGNMENTS_CHANNEL = 'vestibule_assignments';

/** An event of the stream: its SSE name and its data. */
type LiveEvent =
  | { name: typeof liveStreamEvents.visit; seq: number; data: LiveVisitEvent }
  | { name: typeof liveStreamEvents.rollCall; seq: number; data: LiveRollCallEvent };

export interface LiveHubOptions {
  listen: DatabaseHandle['listen'];
  log: FastifyBaseLogger;
  /** A stream's scope read again (session, role, buildings); undefined ends the stream. */
  rescope: (scope: StreamScope) => Promise<StreamScope | undefined>;
  /** Events kept for clients that reconnect. */
  bufferSize?: number;
  heartbeatMs?: number;
  /** How often each open stream's session and buildings are read again. */
  rescopeMs?: number;
}

interface Stream {
  scope: StreamScope;
  response: ServerResponse;
}

/** A stream whose client reads no more than this is ended (it reconnects and catches up). */
const MAX_UNSENT_BYTES = 256 * 1024;
/** A browser waits this long before it reconnects a dropped stream. */
const RETRY_MS = 2000;

function frame(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function sees(scope: StreamScope, event: { tenantId: string; buildingId: string }): boolean {
  return (
    event.tenantId === scope.tenantId &&
    (scope.buildingId === null || event.buildingId === scope.buildingId) &&
    (scope.buildings === 'all' || scope.buildings.has(event.buildingId))
  );
}

export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #buffer: EventBuffer<LiveEvent>;
  /** Open streams by company: an event is matched against its company's streams only. */
  readonly #streams = new Map<string, Set<Stream>>();
  #listener: Listener | undefined;
  #listening = false;
  #waiting: ((listening: boolean) => void)[] = [];
  #closing = false;
  #timers: NodeJS.Timeout[] = [];

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#buffer = new EventBuffer<LiveEvent>(options.bufferSize ?? 1000, `start-${randomUUID()}`);
  }

  /** Starts listening, and the heartbeat and rescope timers. */
  start(): void {
    if (this.#listener) return;
    this.#listener = this.#options.listen([VISITS_CHANNEL, ROLL_CALLS_CHANNEL, ASSIGNMENTS_CHANNEL], {
      notification: (channel, payload) => this.#notified(channel, payload),
      listening: () => this.#listeningAgain(),
      lost: (error) => {
        this.#options.log.warn({ err: error }, 'live updates: the LISTEN connection was lost');
      },
    });
    const every = (ms: number, task: () => void) => {
      const timer = setInterval(task, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.#options.heartbeatMs ?? 15_000, () => this.heartbeat());
    every(this.#options.rescopeMs ?? 30_000, () => {
      this.rescopeAll().catch((error: unknown) => this.#options.log.error({ err: error }, 'live updates: rescope'));
    });
  }

  /** Whether the LISTEN is in place, waiting for it up to `timeoutMs`. */
  async ready(timeoutMs: number): Promise<boolean> {
    if (this.#listening || this.#closing) return this.#listening && !this.#closing;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
      this.#waiting.push((listening) => {
        clearTimeout(timer);
        resolve(listening);
      });
    });
  }

  get streamCount(): number {
    let count = 0;
    for (const streams of this.#streams.values()) count += streams.size;
    return count;
  }

  /**
   * Serves a stream on a hijacked reply: the headers, then what the client missed since
   * `lastEventId` (or `resync` when that cannot be said), then `ready`; from then on every event
   * of its scope. Written in one go, so no event falls between the catch-up and the registration.
   */
  open(scope: StreamScope, response: ServerResponse, lastEventId: string | undefined): void {
    if (this.#closing) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // Proxies that buffer answers (nginx) pass this one through at once.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${RETRY_MS}\n\n`);
    const stream: Stream = { scope, response };
    const missed = lastEventId === undefined ? undefined : this.#buffer.since(lastEventId);
    if (missed) {
      for (const event of missed) if (sees(scope, event.data)) this.#write(stream, this.#frameOf(event));
    } else if (lastEventId !== undefined) {
      this.#write(stream, frame(liveStreamEvents.resync, {}));
    }
    this.#write(stream, frame(liveStreamEvents.ready, { resumed: missed !== undefined }, this.#buffer.cursor()));
    let streams = this.#streams.get(scope.tenantId);
    if (!streams) {
      streams = new Set();
      this.#streams.set(scope.tenantId, streams);
    }
    streams.add(stream);
    response.on('close', () => this.#remove(stream));
  }

  /** A comment line on every stream, so proxies and browsers keep idle connections open. */
  heartbeat(): void {
    for (const stream of this.#allStreams()) this.#write(stream, ': ping\n\n');
  }

  /** Reads every open stream's session and buildings again; ends the streams that may no longer be. */
  async rescopeAll(): Promise<void> {
    const streams = [...this.#allStreams()];
    const bySession = new Map<string, Stream[]>();
    for (const stream of streams) {
      const key = `${stream.scope.sessionId}|${stream.scope.tenantId}|${stream.scope.buildingId ?? ''}`;
      bySession.set(key, [...(bySession.get(key) ?? []), stream]);
    }
    for (const group of bySession.values()) {
      const first = group[0];
      if (!first) continue;
      const scope = await this.#options.rescope(first.scope);
      for (const stream of group) {
        if (scope) stream.scope = scope;
        else stream.response.end();
      }
    }
  }

  /** Ends every stream and refuses new ones (the server is closing). */
  endStreams(): void {
    this.#closing = true;
    for (const resolve of this.#waiting.splice(0)) resolve(false);
    for (const stream of [...this.#allStreams()]) stream.response.end();
  }

  async close(): Promise<void> {
    this.endStreams();
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.close();
  }

  *#allStreams(): Iterable<Stream> {
    for (const streams of this.#streams.values()) yield* streams;
  }

  #remove(stream: Stream): void {
    const streams = this.#streams.get(stream.scope.tenantId);
    streams?.delete(stream);
    if (streams?.size === 0) this.#streams.delete(stream.scope.tenantId);
  }

  #write(stream: Stream, text: string): void {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > MAX_UNSENT_BYTES) {
      response.end();
      return;
    }
    response.write(text);
  }

  #frameOf(event: LiveEvent): string {
    return frame(event.name, event.data, String(event.seq));
  }

  #listeningAgain(): void {
    if (!this.#listening) {
      this.#listening = true;
      for (const resolve of this.#waiting.splice(0)) resolve(true);
      return;
    }
    // Back after a lost connection: what was announced meanwhile is unknown to this instance.
    this.#buffer.restart(`start-${randomUUID()}`);
    const resync = frame(liveStreamEvents.resync, {}, this.#buffer.cursor());
    for (const stream of this.#allStreams()) this.#write(stream, resync);
  }

  #notified(channel: string, payload: string): void {
    if (channel === ASSIGNMENTS_CHANNEL) {
      this.#assignmentsChanged(payload);
      return;
    }
    let event: LiveEvent;
    try {
      if (channel === ROLL_CALLS_CHANNEL) {
        const parsed = liveRollCallEventSchema.parse(JSON.parse(payload));
        const data = { ...parsed, at: new Date(parsed.at).toISOString() };
        event = { name: liveStreamEvents.rollCall, seq: data.seq, data };
      } else {
        const parsed = liveVisitEventSchema.parse(JSON.parse(payload));
        const data = { ...parsed, at: new Date(parsed.at).toISOString() };
        event = { name: liveStreamEvents.visit, seq: data.seq, data };
      }
    } catch (error) {
      this.#options.log.error({ err: error, payload, channel }, 'live updates: a notification of an unknown shape');
      return;
    }
    this.#buffer.push(event);
    const streams = this.#streams.get(event.data.tenantId);
    if (!streams) return;
    const text = this.#frameOf(event);
    for (const stream of streams) if (sees(stream.scope, event.data)) this.#write(stream, text);
  }

  /** A user's assigned buildings changed: their open streams follow at once. */
  #assignmentsChanged(userId: string): void {
    for (const stream of this.#allStreams()) {
      if (stream.scope.userId !== userId || stream.scope.buildings === 'all') continue;
      this.#options
        .rescope(stream.scope)
        .then((scope) => {
          if (scope) stream.scope = scope;
          else stream.response.end();
        })
        .catch((error: unknown) => this.#options.log.error({ err: error }, 'live updates: rescope'));
    }
  }
}
