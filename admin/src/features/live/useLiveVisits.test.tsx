import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@vestibule/shared/api';
import type { LiveRollCallEvent, LiveVisitEvent } from '@vestibule/shared/contract';
import { answerSession } from '../../test/answerCalls.ts';
import { acme, globex, loginResponse, tenantSelection } from '../../test/fixtures.ts';
import { type SessionStore, SessionStoreContext, createSessionStore } from '../session/index.ts';
import type { EventSourceLike, LiveStatus, LiveTransport, LiveVisitsChange } from './liveConnection.ts';
import { useLiveVisits } from './useLiveVisits.ts';

// jsdom has no EventSource: the hook takes its transport, and these tests give it a stand-in
// that records the URLs it opens and lets each test play the server's events.

class FakeEventSource implements EventSourceLike {
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly #listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  #lastEventId = '';

  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** A message as the browser dispatches it: lastEventId is the stream's last id so far. */
  emit(type: string, data: unknown, id?: string): void {
    if (id !== undefined) this.#lastEventId = id;
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: this.#lastEventId });
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }
}

const hq = '0190a8f2-0000-7000-8000-0000000000b1';
const annex = '0190a8f2-0000-7000-8000-0000000000b2';

function visit(seq: number, buildingId = hq): LiveVisitEvent {
  return {
    seq,
    tenantId: acme.id,
    buildingId,
    visitId: `0190a8f2-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    count: 1,
    kind: 'checkedIn',
    at: '2026-11-25T12:00:00.000Z',
  };
}

function fakeTransport() {
  const sources: FakeEventSource[] = [];
  const tickets: (string | undefined)[] = [];
  let refusal: ApiError | undefined;
  const transport: LiveTransport = {
    requestTicket: async (buildingId) => {
      tickets.push(buildingId);
      if (refusal) throw refusal;
      return `ticket-${tickets.length}`;
    },
    open: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
  };
  return {
    transport,
    sources,
    tickets,
    refuse: (error: ApiError | undefined) => {
      refusal = error;
    },
    latest: () => {
      const source = sources.at(-1);
      if (!source) throw new Error('no stream was opened');
      return source;
    },
  };
}

async function signedInStore(): Promise<SessionStore> {
  answerSession({
    // An administrator: the one who may move a tab to another company.
    'POST /login': () => loginResponse('admin', ['ROLE_ADMIN']),
    'GET /token': () => loginResponse('master', ['ROLE_MASTER'], 'renewed-token'),
    'GET /sso/:token': () => loginResponse('master', ['ROLE_MASTER']),
    'GET /selectTenant': () => tenantSelection(acme),
    'GET /selectTenant/:tenantId': ({ params }) => tenantSelection(params.tenantId === globex.id ? globex : acme),
  });
  const store = createSessionStore({
    storage: localStorage,
    noticeStorage: sessionStorage,
    now: () => Date.UTC(2026, 10, 25, 12),
    navigate: () => undefined,
    reloadAt: () => undefined,
    currentPath: () => '/check-in-out',
  });
  await store.getState().login({ username: 'admin', password: 'Vestibule1!' });
  return store;
}

let store: SessionStore;
beforeEach(async () => {
  store = await signedInStore();
});
afterEach(() => {
  vi.useRealTimers();
});

function rollCall(seq: number, kind: LiveRollCallEvent['kind'] = 'marked'): LiveRollCallEvent {
  return {
    seq,
    tenantId: acme.id,
    buildingId: hq,
    rollCallId: '0190a8f2-0000-7000-8000-00000000c0a1',
    count: 1,
    kind,
    at: '2026-11-25T12:00:00.000Z',
  };
}

function render(transport: LiveTransport, buildingId: string | undefined = hq, options: { rollCalls?: boolean } = {}) {
  const changes: LiveVisitsChange[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>
  );
  const hook = renderHook<LiveStatus, { building: string | undefined }>(
    ({ building }) => useLiveVisits(building, (change) => changes.push(change), transport, options),
    { wrapper, initialProps: { building: buildingId } },
  );
  return { ...hook, changes };
}

/** Lets the ticket's promise settle. */
const settle = () => act(async () => undefined);

describe('useLiveVisits', () => {
  it("opens the building's stream with a ticket and hands over each change as it comes", async () => {
    const fake = fakeTransport();
    const { result, changes } = render(fake.transport);
    expect(result.current).toBe('connecting');
    await settle();
    expect(fake.tickets).toEqual([hq]);
    expect(fake.latest().url).toBe('/service/live/visits?ticket=ticket-1');
    act(() => fake.latest().emit('ready', { resumed: false }, 'start-1'));
    expect(result.current).toBe('live');
    act(() => fake.latest().emit('visit', visit(7), '7'));
    expect(changes).toEqual([{ events: [visit(7)], rollCalls: [], resync: false }]);
  });

  it("hands over a roll call's changes to the evacuation list, and spares the entry log those alone", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const wardens = fakeTransport();
    const evacuation = render(wardens.transport, hq, { rollCalls: true });
    const desks = fakeTransport();
    const entryLog = render(desks.transport);
    await settle();
    for (const fake of [wardens, desks]) {
      act(() => {
        fake.latest().emit('ready', { resumed: false }, 'start-1');
        fake.latest().emit('rollCall', rollCall(8, 'started'), '8');
      });
    }
    expect(evacuation.changes).toEqual([{ events: [], rollCalls: [rollCall(8, 'started')], resync: false }]);
    expect(entryLog.changes).toEqual([]);
    act(() => vi.advanceTimersByTime(250));
    // A visit and a mark at once: the entry log hears of the visit.
    for (const fake of [wardens, desks]) {
      act(() => {
        fake.latest().emit('rollCall', rollCall(9), '9');
        fake.latest().emit('visit', visit(10), '10');
      });
    }
    act(() => vi.advanceTimersByTime(250));
    const later = evacuation.changes.slice(1);
    expect(later.flatMap((change) => change.rollCalls)).toEqual([rollCall(9)]);
    expect(later.flatMap((change) => change.events)).toEqual([visit(10)]);
    expect(entryLog.changes.map((change) => change.events)).toEqual([[visit(10)]]);
  });

  it('hands over a burst (a kiosk syncing many check-ins) at once, then together at most every 250 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = fakeTransport();
    const { changes } = render(fake.transport);
    await settle();
    act(() => {
      fake.latest().emit('ready', { resumed: false }, 'start-1');
      for (const seq of [1, 2, 3, 4]) fake.latest().emit('visit', visit(seq), String(seq));
    });
    expect(changes).toEqual([{ events: [visit(1)], rollCalls: [], resync: false }]);
    act(() => vi.advanceTimersByTime(249));
    expect(changes).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(changes.at(1)).toEqual({ events: [visit(2), visit(3), visit(4)], rollCalls: [], resync: false });
  });

  it('reconnects after a drop with a new ticket and the last event id, and passes on a resync', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = fakeTransport();
    const { result, changes } = render(fake.transport);
    await settle();
    const first = fake.latest();
    act(() => {
      first.emit('ready', { resumed: false }, 'start-1');
      first.emit('visit', visit(41), '41');
    });
    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(result.current).toBe('reconnecting');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fake.tickets).toEqual([hq, hq]);
    const second = fake.latest();
    expect(second).not.toBe(first);
    expect(second.url).toBe('/service/live/visits?ticket=ticket-2&lastEventId=41');
    act(() => {
      second.emit('resync', {});
      second.emit('ready', { resumed: false }, '57');
    });
    expect(result.current).toBe('live');
    act(() => vi.advanceTimersByTime(250));
    expect(changes.at(-1)).toEqual({ events: [], rollCalls: [], resync: true });
  });

  it('asks for a resync itself when it comes back with no event id to catch up from', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = fakeTransport();
    const { changes } = render(fake.transport);
    await settle();
    act(() => fake.latest().fail());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fake.latest().url).toBe('/service/live/visits?ticket=ticket-2');
    act(() => fake.latest().emit('ready', { resumed: false }, 'start-1'));
    expect(changes).toEqual([{ events: [], rollCalls: [], resync: true }]);
  });

  it('opens no stream when the ticket is refused (the session signs out on a 401 or 403)', async () => {
    const fake = fakeTransport();
    fake.refuse(new ApiError(403, 'FORBIDDEN', 'Forbidden'));
    const { result } = render(fake.transport);
    await settle();
    expect(result.current).toBe('stopped');
    expect(fake.sources).toEqual([]);
  });

  it('keeps trying while the server cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = fakeTransport();
    fake.refuse(new ApiError(0, 'SERVER_CONNECTION_ERROR', 'offline'));
    const { result } = render(fake.transport);
    await settle();
    expect(result.current).toBe('reconnecting');
    fake.refuse(undefined);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fake.sources).toHaveLength(1);
  });

  it('follows a change of building and closes the stream when the screen goes', async () => {
    const fake = fakeTransport();
    const { rerender, unmount } = render(fake.transport);
    await settle();
    const first = fake.latest();
    rerender({ building: annex });
    await settle();
    expect(first.closed).toBe(true);
    expect(fake.tickets).toEqual([hq, annex]);
    rerender({ building: undefined });
    await settle();
    expect(fake.tickets).toEqual([hq, annex, undefined]);
    const last = fake.latest();
    unmount();
    expect(last.closed).toBe(true);
  });

  it('opens a new stream when the tab moves to another company, and none once signed out', async () => {
    const fake = fakeTransport();
    const { result } = render(fake.transport);
    await settle();
    const first = fake.latest();
    expect(store.getState().tenant).toEqual(acme);
    await act(() => store.getState().selectTenant(globex.id));
    await settle();
    expect(store.getState().tenant).toEqual(globex);
    expect(first.closed).toBe(true);
    expect(fake.sources).toHaveLength(2);
    await act(() => store.getState().logout());
    await settle();
    expect(fake.latest().closed).toBe(true);
    expect(result.current).toBe('stopped');
  });
});
