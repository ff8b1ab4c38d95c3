import type { ErrorCode } from '@vestibule/shared';
import { type ContractKey, methodAndPath } from '@vestibule/shared/contract';
import { onTestFinished, vi } from 'vitest';

// The entry log's tests answer its calls at the network's edge (fetch), as the server's contract
// does: the app's client, paths, queries, bodies and error handling are the real ones. Every call
// is recorded by its contract key, so a test can say which calls a role's screen made.

export interface Received {
  key: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** An answer: a JSON body (status 200), or a Response of its own. */
export type Answer = (request: Received) => unknown;

export function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

/** An error answer as the server's error handler writes it. */
export function refusal(status: number, errorCode: ErrorCode): Response {
  return json(status, { errorCode, msg: errorCode });
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

/**
 * Answers the calls named in `answers` (any other call answers 404 NOT_FOUND) until the test ends,
 * and records every call made, in order.
 */
export function answerCalls(answers: Partial<Record<ContractKey, Answer>>) {
  const received: Received[] = [];
  const routes: Route[] = (Object.keys(answers) as ContractKey[])
    .map((key) => {
      const { method, path } = methodAndPath(key);
      const segments = path.split('/');
      return { key, method, segments, params: segments.filter((part) => part.startsWith(':')).length };
    })
    // A literal segment before a parameter: /meeting/building/:id/employee before /meeting/:id/x.
    .sort((a, b) => a.params - b.params);

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const segments = url.pathname.replace(/^\/service/, '').split('/');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const query = Object.fromEntries(url.searchParams);
    for (const route of routes) {
      const params = matches(route, method, segments);
      if (params === null) continue;
      const request = { key: route.key, params, query, body };
      received.push(request);
      try {
        const answer = await answers[route.key]!(request);
        return answer instanceof Response ? answer : json(200, answer);
      } catch (error) {
        // A fixture that breaks the contract fails the test here, not as a network fault.
        console.error(`The fake answer to ${route.key} failed`, error);
        throw error;
      }
    }
    received.push({ key: `${method} ${url.pathname.replace(/^\/service/, '')}`, params: {}, query, body });
    return refusal(404, 'NOT_FOUND');
  });
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return {
    received,
    /** The requests of one call, in order. */
    of: (key: ContractKey) => received.filter((request) => request.key === key),
    /** The last request of one call; a test fails here when it was never made. */
    last: (key: ContractKey): Received => {
      const request = received.findLast((candidate) => candidate.key === key);
      if (!request) throw new Error(`${key} was not called`);
      return request;
    },
    /** The keys of every call made. */
    keys: () => [...new Set(received.map((request) => request.key))],
  };
}
