// A reader of a server-sent event stream over fetch, for the live tests and the fan-out benchmark
// (Node has no EventSource without a flag). It parses the stream as the EventSource specification
// says (fields `event`, `data`, `id`, `retry`; comment lines; a blank line ends a message), keeps
// the last event id as a browser does, and hands messages over in order.

export interface SseMessage {
  event: string;
  data: string;
  /** The `id:` of the message, if it had one. */
  id: string | undefined;
}

export class SseReader {
  /** The last `id:` received, which a browser sends back as Last-Event-ID. */
  lastEventId: string | undefined;
  readonly comments: string[] = [];
  /** Resolves when the server ends the stream (or it is closed). */
  readonly ended: Promise<void>;
  readonly #queue: SseMessage[] = [];
  #wake: (() => void) | undefined;
  #done = false;
  readonly #abort: AbortController;

  private constructor(body: ReadableStream<Uint8Array>, abort: AbortController) {
    this.#abort = abort;
    this.ended = this.#pump(body);
  }

  /** Opens a stream; answers the reader, or the refusal's status and body. */
  static async open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ reader: SseReader; status: 200 } | { reader: undefined; status: number; body: string }> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    if (response.status !== 200 || !response.body) {
      return { reader: undefined, status: response.status, body: await response.text() };
    }
    return { reader: new SseReader(response.body, abort), status: 200 };
  }

  /** The next message; rejects after `timeoutMs`, or when the stream ended before one came. */
  async next(timeoutMs = 1000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.#queue.shift();
      if (message) return message;
      if (this.#done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /** The next message of this event name, skipping others (answered in `skipped`). */
  async nextOf(event: string, timeoutMs = 1000, skipped: SseMessage[] = []): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = await this.next(Math.max(1, deadline - Date.now()));
      if (message.event === event) return message;
      skipped.push(message);
    }
  }

  close(): void {
    this.#abort.abort();
  }

  async #pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let message: SseMessage = { event: 'message', data: '', id: undefined };
    let hasData = false;
    const reader = body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline = buffer.search(/\r\n|\r|\n/);
        while (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
          newline = buffer.search(/\r\n|\r|\n/);
          if (line === '') {
            if (hasData) this.#deliver(message);
            message = { event: 'message', data: '', id: undefined };
            hasData = false;
            continue;
          }
          if (line.startsWith(':')) {
            this.comments.push(line.slice(1).trim());
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') message.event = value;
          else if (field === 'data') {
            message.data = hasData ? `${message.data}\n${value}` : value;
            hasData = true;
          } else if (field === 'id') {
            message.id = value;
            this.lastEventId = value;
          }
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    } finally {
      this.#done = true;
      this.#wake?.();
    }
  }

  #deliver(message: SseMessage): void {
    this.#queue.push(message);
    this.#wake?.();
  }
}
