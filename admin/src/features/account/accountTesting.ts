import type { ContractKey } from '@vestibule/shared/contract';
import type { answerCalls } from '../../test/answerCalls.ts';

// The public account pages call the server through the app's one HTTP client; their tests answer
// at fetch by contract key (test/answerCalls.ts).

export const TOKEN = 'f3Yk9Qb2LrT8wXc1NvZ5hJ0d';

/** What each request of one call sent: its query and body. */
export function sentTo(calls: ReturnType<typeof answerCalls>, key: ContractKey) {
  return calls.of(key).map(({ query, body }) => ({ query, body }));
}
