import type { ErrorCode } from '@vestibule/shared';
import type { ContractKey } from '@vestibule/shared/contract';
import { onTestFinished, vi } from 'vitest';

// The public account pages call the server through the app's one HTTP client. Their tests answer
// at the network's edge (fetch), as the server's contract does, so the client's paths, queries,
// bodies and error handling are the real ones.

type AccountCall = Extract<
  ContractKey,
  | 'POST /forgot'
  | 'GET /user/byResetPasswordToken'
  | 'POST /reset'
  | 'GET /user/byVerificationToken'
  | 'POST /user/verify'
>;

interface Received {
  query: Record<string, string>;
  body: unknown;
}

type Answer = (request: Received) => Response | Promise<Response>;

export const TOKEN = 'f3Yk9Qb2LrT8wXc1NvZ5hJ0d';

export function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

/** An error answer as the server's error handler writes it. */
export function refusal(
  status: number,
  errorCode: ErrorCode,
  issues?: { path: string; errorCode: ErrorCode; message: string }[],
): Response {
  return json(status, { errorCode, msg: errorCode, ...(issues ? { issues } : {}) });
}

/**
 * Answers the account calls with `answers` (a call without one answers 404) until the test ends,
 * and records what each call received.
 */
export function answerAccountCalls(answers: Partial<Record<AccountCall, Answer>>) {
  const received: Partial<Record<AccountCall, Received[]>> = {};
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname.replace(/^\/service/, '')}` as AccountCall;
    const request = {
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    (received[key] ??= []).push(request);
    const answer = answers[key];
    return answer ? answer(request) : refusal(404, 'NOT_FOUND');
  });
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return received;
}
