import type { ErrorCode } from '@vestibule/shared';
import {
  type CallBody,
  type CallOutput,
  type Contract,
  type ContractKey,
  methodAndPath,
} from '@vestibule/shared/contract';
import { vi } from 'vitest';
import { sessionAnswers } from './sessionAnswers.ts';

// Tests answer the app's calls at the network's edge (fetch, and XMLHttpRequest for uploads with
// progress), by contract key, as the server's contract does: the app's client, paths, queries,
// bodies and error handling are the real ones. Every call is recorded by its contract key, so a
// test can say which calls a screen made, with which bodies.

/** What a call sends: its JSON body as the contract types it; a multipart upload's FormData. */
type Sent<K extends ContractKey> = [CallBody<Contract[K]>] extends [never] ? unknown : CallBody<Contract[K]>;

/** One call as the fake server received it. */
export interface Received<K extends ContractKey = ContractKey> {
  key: K;
  params: Record<string, string>;
  query: Record<string, string>;
  body: Sent<K>;
}

type Reply<K extends ContractKey> = CallOutput<Contract[K]> | Response;

/**
 * An answer to one call: its success answer (status 200), typed by the contract so a fixture that
 * breaks it fails to compile, a Response of its own (another status, an error, bytes), or
 * `unreachable`.
 */
export type Answer<K extends ContractKey> = (
  request: Received<K>,
) => Reply<K> | typeof unreachable | Promise<Reply<K> | typeof unreachable>;

/** Answers by contract key. */
export type Answers = { [K in ContractKey]?: Answer<K> };

export function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

/** An error answer as the server's error handler writes it (with the fields' issues of a 400). */
export function refusal(
  status: number,
  errorCode: ErrorCode,
  issues?: { path: string; errorCode: ErrorCode; message: string }[],
): Response {
  return json(status, { errorCode, msg: errorCode, ...(issues ? { issues } : {}) });
}

/** An answer that never arrives: the request fails as when the network is down. */
export const unreachable = Symbol('unreachable');

/** A call of no contract key: recorded by its method and path, answered 404 NOT_FOUND. */
interface Unknown {
  key: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

interface Route {
  key: ContractKey;
  method: string;
  segments: string[];
  params: number;
}

function matches(route: Route, method: string, segments: string[]): Record<string, string> | null {
  if (route.method !== method || route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of route.segments.entries()) {
    const actual = segments[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/** Answers by key, recording the calls they answer. */
function responder(answers: Answers) {
  const received: (Received | Unknown)[] = [];
  /** Answers given once, before the call's own, in order. */
  const queued = new Map<ContractKey, unknown[]>();
  const routes: Route[] = (Object.keys(answers) as ContractKey[])
    .map((key) => {
      const { method, path } = methodAndPath(key);
      const segments = path.split('/');
      return { key, method, segments, params: segments.filter((part) => part.startsWith(':')).length };
    })
    // A literal segment before a parameter: /meeting/building/:id/employee before /meeting/:id/x.
    .sort((a, b) => a.params - b.params);

  /** The answer to one request, by the route it matches; null when none does. */
  function answer(method: string, url: URL, body: unknown): Promise<Response> | null {
    const segments = url.pathname.replace(/^\/service/, '').split('/');
    const query = Object.fromEntries(url.searchParams);
    for (const route of routes) {
      const params = matches(route, method, segments);
      if (params === null) continue;
      // The route's key names its answer; the body is what the app's client sent for that key.
      const request = { key: route.key, params, query, body } as Received;
      received.push(request);
      return reply(route.key, request);
    }
    return null;
  }

  async function reply(key: ContractKey, request: Received): Promise<Response> {
    const next = queued.get(key)?.shift();
    if (next === unreachable) throw new TypeError('Failed to fetch');
    if (next !== undefined) return next instanceof Response ? next : json(200, next);
    let answered: unknown;
    try {
      const answerOf = answers[key] as (request: Received) => unknown;
      answered = await answerOf(request);
    } catch (error) {
      // A fixture that fails fails the test here, not as a network fault.
      console.error(`The fake answer to ${key} failed`, error);
      throw error;
    }
    if (answered === unreachable) throw new TypeError('Failed to fetch');
    return answered instanceof Response ? answered : json(200, answered);
  }

  function of<K extends ContractKey>(key: K): Received<K>[] {
    // Recorded under this key, so sent for it.
    return received.filter((request) => request.key === key) as Received<K>[];
  }
  const calls = {
    received,
    /** The requests of one call, in order. */
    of,
    /** The last request of one call; a test fails here when it was never made. */
    last: <K extends ContractKey>(key: K): Received<K> => {
      const request = of(key).at(-1);
      if (!request) throw new Error(`${key} was not called`);
      return request;
    },
    /** The keys of every call made. */
    keys: () => [...new Set(received.map((request) => request.key))],
    /** The next call of `key` (one answered) gets `reply` instead of its answer, once. */
    once: <K extends ContractKey>(key: K, reply: Reply<K> | typeof unreachable) => {
      if (!answers[key]) throw new Error(`${key} is not answered`);
      queued.set(key, [...(queued.get(key) ?? []), reply]);
    },
  };
  return { answer, calls };
}

type Responder = ReturnType<typeof responder>;

/**
 * The fake server of a test: the test's own answers first, then the session's (signing in, the
 * token, the company), which every screen's session makes; any other call answers 404 NOT_FOUND.
 */
const server: { answers: Responder | null; session: Responder } = {
  answers: null,
  session: responder(sessionAnswers()),
};

async function dispatch(method: string, target: string, body: unknown): Promise<Response> {
  const url = new URL(target, 'http://localhost');
  const answered = server.answers?.answer(method, url, body) ?? server.session.answer(method, url, body);
  if (answered) return answered;
  const path = url.pathname.replace(/^\/service/, '');
  const query = Object.fromEntries(url.searchParams);
  (server.answers ?? server.session).calls.received.push({ key: `${method} ${path}`, params: {}, query, body });
  return refusal(404, 'NOT_FOUND');
}

/** What a request sent: its JSON body, or its form-encoded one as an object. */
function sentBody(init: RequestInit): unknown {
  if (typeof init.body !== 'string') return undefined;
  const type = new Headers(init.headers).get('content-type') ?? '';
  if (type.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(init.body));
  return JSON.parse(init.body) as unknown;
}

/**
 * Puts the fake server at the network's edge for one test, answering the session's calls as a
 * signed-in administrator of Acme (test/setup.ts does it before each test).
 */
export function startFakeServer(): void {
  server.answers = null;
  server.session = responder(sessionAnswers());
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
    dispatch(init.method ?? 'GET', input, sentBody(init)),
  );
  vi.stubGlobal('XMLHttpRequest', uploadsAnsweredBy(dispatch));
}

/**
 * Answers the calls named in `answers` until the test ends, and records every call made, in order
 * (the session's calls too when `answers` names them).
 */
export function answerCalls(answers: Answers) {
  server.answers = responder(answers);
  return server.answers.calls;
}

/**
 * The session's calls answered by `answers` where they name one (else as a signed-in administrator
 * of Acme), and recorded apart from the screen's.
 */
export function answerSession(answers: Answers = {}) {
  server.session = responder({ ...sessionAnswers(), ...answers });
  return server.session.calls;
}

type Listener = (event: ProgressEvent) => void;

/**
 * The browser's XMLHttpRequest as far as an upload with progress uses it, answered like fetch:
 * the upload reports half then all of its bytes, then the answer loads.
 */
function uploadsAnsweredBy(answer: (method: string, url: string, body: unknown) => Promise<Response>) {
  return class FakeXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    readonly requestHeaders: Record<string, string> = {};
    private method = 'GET';
    private url = '';
    private readonly listeners = new Map<string, Listener[]>();
    private readonly uploadListeners = new Map<string, Listener[]>();
    readonly upload = {
      addEventListener: (type: string, listener: Listener) => on(this.uploadListeners, type, listener),
    };

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.requestHeaders[name] = value;
    }

    addEventListener(type: string, listener: Listener) {
      on(this.listeners, type, listener);
    }

    send(body: unknown) {
      void (async () => {
        let response: Response;
        try {
          response = await answer(this.method, this.url, body);
        } catch {
          emit(this.listeners, 'error', 0, 0);
          return;
        }
        emit(this.uploadListeners, 'progress', 50, 100);
        emit(this.uploadListeners, 'progress', 100, 100);
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        emit(this.listeners, 'load', 100, 100);
      })();
    }
  };
}

function on(listeners: Map<string, Listener[]>, type: string, listener: Listener) {
  listeners.set(type, [...(listeners.get(type) ?? []), listener]);
}

function emit(listeners: Map<string, Listener[]>, type: string, loaded: number, total: number) {
  const event = new ProgressEvent(type, { lengthComputable: true, loaded, total });
  for (const listener of listeners.get(type) ?? []) listener(event);
}

/** The fields and file of a multipart upload as the app sent them. */
export function sentForm(request: { body: unknown }): { fields: unknown; file: File } {
  const form = request.body;
  if (!(form instanceof FormData)) throw new Error('The call sent no multipart form');
  const file = form.get('file');
  const fields = form.get('fields');
  if (!(file instanceof File)) throw new Error('The upload sent no file');
  return { fields: typeof fields === 'string' ? JSON.parse(fields) : undefined, file };
}
