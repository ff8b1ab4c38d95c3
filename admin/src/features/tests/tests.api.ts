import type { CallOutput, Contract } from '@vestibule/shared/contract';
import { api } from '../../api/apiClient.ts';

// The self-test: GET /stresstest starts a run and answers at once; GET /stresstest/status tells
// its progress and, once done, its figures.

export type SelfTestRun = CallOutput<Contract['GET /stresstest/status']>['run'] & object;

export function startSelfTest(count: number, duration: number) {
  return api.call('GET /stresstest', { query: { count, duration } });
}

export function selfTestStatus(signal?: AbortSignal) {
  return api.call('GET /stresstest/status', { signal });
}
