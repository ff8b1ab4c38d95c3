import type { LiveVisitEvent } from '@vestibule/shared/contract';

/**
 * The last events an instance received (visits' and roll calls', numbered from one sequence), in
 * the order the database delivered them (commit order, the same on every instance), so a client that reconnects with Last-Event-ID gets what it
 * missed. An id is found only if this instance was listening when that event was sent: then every
 * later event reached it too. The instance's own start has an id of its own (`start`), given to a
 * client that connected before any event; it stands while no event has been dropped.
 */
export class EventBuffer<E extends { seq: number } = LiveVisitEvent> {
  readonly #capacity: number;
  #events: E[] = [];
  #dropped = false;
  #start: string;

  constructor(capacity: number, start: string) {
    this.#capacity = capacity;
    this.#start = start;
  }

  /** Forgets everything (the LISTEN was lost: events may have been missed) and starts anew. */
  restart(start: string): void {
    this.#events = [];
    this.#dropped = false;
    this.#start = start;
  }

  push(event: E): void {
    this.#events.push(event);
    if (this.#events.length > this.#capacity) {
      this.#events.splice(0, this.#events.length - this.#capacity);
      this.#dropped = true;
    }
  }

  /** The id a client that has seen everything so far holds: the newest event's, or the start. */
  cursor(): string {
    const last = this.#events.at(-1);
    return last ? String(last.seq) : this.#start;
  }

  /** The events after `lastEventId`, or undefined when this buffer cannot say what came after it. */
  since(lastEventId: string): E[] | undefined {
    if (lastEventId === this.#start) return this.#dropped ? undefined : [...this.#events];
    const index = this.#events.findIndex((event) => String(event.seq) === lastEventId);
    return index < 0 ? undefined : this.#events.slice(index + 1);
  }
}
